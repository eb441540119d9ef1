import sys,re,collections
samples=[];cur=None
for l in sys.stdin:
    if not l.strip():
        if cur: samples.append(cur); cur=None
        continue
    if not l.startswith('\t'):
        p=l.split(); cur={'tid':p[0],'addr':int(p[1],16),'frames':[]}
    else:
        p=l.strip().split(None,1)
        if cur is not None and len(p)>1: cur['frames'].append(re.sub(r'\s+\([^()]*\)$','',p[1]).split('+')[0])
c=collections.Counter()
for s in samples:
    fr=s['frames']
    if any('doInit1' in f for f in fr): ph='init'
    elif any(f.startswith('github.com/utf8x') or f.startswith('main.') for f in fr): ph='work'
    elif any('schedinit' in f or 'rt0_go' in f for f in fr): ph='rtstart'
    else: ph='other'
    kind='grow' if any('mcentral).grow' in f or 'allocSpan' in f or 'allocLarge' in f for f in fr) else 'nogrow'
    c[(ph,kind)]+=1
for k in sorted(c): print(k,c[k])
