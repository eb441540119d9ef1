import sys,collections
for f in sys.argv[1:]:
    t=open(f,encoding='utf-8').read()
    u=t.encode('utf-16-le')
    units=[int.from_bytes(u[k:k+2],'little') for k in range(0,len(u),2)]
    n=len(units)//16
    cls=[]
    for b in range(n):
        blk=units[16*b:16*b+16]
        m=max(blk)
        if any(0xD800<=x<0xE000 for x in blk): c='S'
        elif m<0x80: c='A'
        elif m<0x800: c='2'
        else: c='3'
        cls.append(c)
    cnt=collections.Counter(cls)
    # ascii block run lengths
    runs=[];r=0
    for c in cls:
        if c=='A': r+=1
        else:
            if r: runs.append(r)
            r=0
    if r: runs.append(r)
    rl=collections.Counter(min(x,8) for x in runs)
    trans=sum(1 for a,b in zip(cls,cls[1:]) if a!=b)
    nonascii_units=sum(1 for x in units if x>=0x80)
    print(f.split('/')[-1], len(units), dict(cnt), 'runs',len(runs),'runlen(1..8+)',[rl[k] for k in range(1,9)],'trans',trans, 'nonascii%.2f'%(nonascii_units/len(units)))
