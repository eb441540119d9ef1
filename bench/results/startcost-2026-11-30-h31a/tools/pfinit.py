import sys, re, subprocess
from collections import Counter
data, comm, runs, pat = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
out=subprocess.run(['perf','script','-i',data,'-F','comm,addr,ip,sym'],capture_output=True,text=True).stdout
c=Counter()
for blk in out.split('\n\n'):
    ls=[l for l in blk.splitlines() if l.strip()]
    if not ls: continue
    p=ls[0].split()
    if p[0]!=comm: continue
    addr=int(p[1],16)
    fr=[re.sub(r"\s+\([^()]*\)$","",l.strip().split(None,1)[1]) if len(l.strip().split(None,1))>1 else '?' for l in ls[1:]]
    if not any(re.search(pat,f) for f in fr): continue
    reg='heap' if 0x10000000000<=addr<0x7f0000000000 else ('bin' if addr<0x2000000 else 'mmap')
    nonrt=[f for f in fr if not f.startswith(('runtime.','internal/runtime','sync.','syscall.init'))]
    c[(reg, fr[0][:40], ' <- '.join(nonrt[:2])[:110])]+=1
for k,v in c.most_common(40): print("%5.1f %-5s %-40s %s"%(v/runs,*k))
