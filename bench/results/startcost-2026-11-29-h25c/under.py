#!/usr/bin/env python3
# under.py RUNS COMM FUNC [depth] < perf script: samples per run under FUNC, by the frame called from FUNC (depth levels below)
import sys, collections, re
runs=float(sys.argv[1]); comm=sys.argv[2]; fn=sys.argv[3]; depth=int(sys.argv[4]) if len(sys.argv)>4 else 1
cnt=collections.Counter(); cur=None; frames=[]
def flush():
    if cur!=comm or not frames: return
    for i,f in enumerate(frames):
        if f==fn:
            key=' < '.join(frames[max(0,i-depth):i][::-1]) if i>0 else '(self)'
            cnt[key]+=1; return
for line in sys.stdin:
    if not line.strip():
        flush(); cur=None; frames=[]; continue
    if not line.startswith(('\t',' ')):
        cur=line.split()[0]; frames=[]; continue
    parts=line.split()
    if len(parts)>=2: frames.append(re.sub(r'\+0x[0-9a-f]+$','',parts[1]))
flush()
print(f"total {sum(cnt.values())/runs:.1f}")
for k,v in cnt.most_common(int(sys.argv[5]) if len(sys.argv)>5 else 30): print(f"{v/runs:7.1f} {k}")
