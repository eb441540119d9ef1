#!/usr/bin/env python3
# initattr.py RUNS < perf script output: samples per run under runtime.doInit1, by package init (frame above doInit1)
import sys, collections, re
runs=float(sys.argv[1]); comm=sys.argv[2]
cnt=collections.Counter(); cur=None; frames=[]
def flush():
    if cur!=comm or not frames: return
    for i,f in enumerate(frames):
        if f=='runtime.doInit1':
            if i>0:
                name=frames[i-1]
                name=re.sub(r'\.init(\.\d+|\.func\d+.*)?$','',name)
                cnt[name]+=1
            else: cnt['?']+=1
            return
for line in sys.stdin:
    if not line.strip():
        flush(); cur=None; frames=[]; continue
    if not line.startswith(('\t',' ')):
        cur=line.split()[0]; frames=[]; continue
    parts=line.split()
    if len(parts)>=2:
        sym=parts[1]; sym=re.sub(r'\+0x[0-9a-f]+$','',sym)
        frames.append(sym)
flush()
tot=sum(cnt.values())
print(f"total {tot/runs:.1f}")
for k,v in cnt.most_common(40): print(f"{v/runs:7.1f} {k}")
