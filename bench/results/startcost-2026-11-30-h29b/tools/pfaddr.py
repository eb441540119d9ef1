import sys, re, subprocess
from collections import Counter
binf=sys.argv[1]
secs=[]
for l in subprocess.run(['readelf','-SW',binf],capture_output=True,text=True).stdout.splitlines():
    m=re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)',l)
    if m and int(m.group(2),16): secs.append((m.group(1),int(m.group(2),16),int(m.group(3),16)))
def region(a):
    for n,s,z in secs:
        if s<=a<s+z: return n
    if 0xc000000000<=a<0xc100000000: return 'heap'
    if a>=0x7f0000000000: return 'mmap/stack'
    return 'other'
samples=[];cur=None
for l in sys.stdin:
    if not l.strip():
        if cur: samples.append(cur); cur=None
        continue
    if not l.startswith('\t'):
        p=l.split()
        cur={'addr':int(p[0],16),'frames':[]}
    else:
        p=l.strip().split(None,1)
        if cur is not None and len(p)>1: cur['frames'].append(re.sub(r"\s+\([^()]*\)$","",p[1]).split('+')[0])
if cur: samples.append(cur)
c=Counter(); d=Counter()
for s in samples:
    fr=s['frames']; r=region(s['addr'])
    c[r]+=1
    if any('doInit1' in f for f in fr): ph='init'
    elif any(f.startswith('github.com/utf8x') or f.startswith('main.') for f in fr): ph='work'
    elif any('schedinit' in f or 'rt0_go' in f for f in fr): ph='rtstart'
    else: ph='other'
    proj=[f for f in fr if f.startswith('github.com/utf8x') or f.startswith('main.')]
    d[(ph,r, (proj[0].replace('github.com/utf8x/utf8x/','') if proj else (fr[0] if fr else '?'))[:70])]+=1
print(len(samples)); print(c.most_common())
ph=Counter()
for (p,r,_),v in d.items(): ph[(p,r)]+=v
for k,v in sorted(ph.items()): print(v,k)
if len(sys.argv)>2:
  for k,v in d.most_common(): 
    if k[0] in sys.argv[2].split(','): print(v,k)
