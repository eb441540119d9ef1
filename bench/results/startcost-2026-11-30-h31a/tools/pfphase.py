import sys, re, subprocess
from collections import Counter
data, comm, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
out=subprocess.run(['perf','script','-i',data,'-F','comm,addr,ip,sym'],capture_output=True,text=True).stdout
samples=[];cur=None
for l in out.splitlines():
    if not l.strip():
        if cur: samples.append(cur); cur=None
        continue
    if not l.startswith('\t') and not l.startswith(' '*8):
        p=l.split(); cur={'comm':p[0],'addr':int(p[1],16),'frames':[]}
    else:
        p=l.strip().split(None,1)
        if cur is not None and len(p)>1: cur['frames'].append(re.sub(r"\s+\([^()]*\)$","",p[1]).split('+')[0])
if cur: samples.append(cur)
c=Counter()
for s in samples:
    if s['comm']!=comm: continue
    fr=s['frames']; ph=None
    for f in fr:
        if re.search(r'\.init(\.\d+)?$|\.init\.func\d+|\.map\.init\.\d+$',f) and not f.startswith('runtime.'):
            ph='init '+re.sub(r'\.(init.*|map\.init.*)$','',f)
    if ph is None:
        if any(f=='main.main' for f in fr): ph='main.main'
        elif any('schedinit' in f for f in fr): ph='schedinit'
        elif any(f=='runtime.main' for f in fr): ph='runtime.main (other)'
        elif any(f.startswith('runtime.mstart') for f in fr): ph='mstart (other threads)'
        elif any('rt0_go' in f for f in fr): ph='rt0_go (other)'
        elif not fr or all(x.startswith('0x') or '[unknown]' in x for x in fr): ph='kernel/exec/unknown'
        else: ph='other: '+fr[0]+' <- '+(fr[-1] if fr else '')
    c[ph]+=1
tot=0
for k,v in c.most_common(): print("%6.1f %s"%(v/runs,k)); tot+=v
print("%6.1f total"%(tot/runs))
