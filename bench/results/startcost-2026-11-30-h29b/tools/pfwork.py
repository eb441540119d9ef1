import sys, re
from collections import Counter
samples=[];cur=None
for l in sys.stdin:
    if not l.strip():
        if cur: samples.append(cur); cur=None
        continue
    if not l.startswith('\t'):
        p=l.split(); cur={'addr':int(p[0],16),'frames':[]}
    else:
        p=l.strip().split(None,1)
        if cur is not None and len(p)>1: cur['frames'].append(re.sub(r"\s+\([^()]*\)$","",p[1]).split('+')[0])
if cur: samples.append(cur)
for s in samples:
    fr=s['frames']
    if any('doInit1' in f for f in fr) or not any(f.startswith('github.com/utf8x') or f.startswith('main.') for f in fr): continue
    a=s['addr']
    r='heap' if 0x100000000<a<0x7f0000000000 else ('bin' if a<0x1000000 else 'mmap')
    short=[f.replace('github.com/utf8x/utf8x/','').replace('detect/internal/','')[:45] for f in fr[:7]]
    print(r, hex(a), ' < '.join(short))
