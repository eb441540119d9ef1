import sys,glob,collections
for f in sorted(glob.glob('/work/shared/corpus/wikipedia_mars/*.html'))+sorted(glob.glob('/work/shared/corpus/lipsum/*.txt')):
    s=open(f,encoding='utf-8').read()
    b=s.encode('utf-16-le'); u=[int.from_bytes(b[k:k+2],'little') for k in range(0,len(b),2)]
    n=len(u); i=0; c=collections.Counter(); runlen=[]
    while i+16<=n:
        blk=u[i:i+16]
        if all(x<0x80 for x in blk):
            st=i
            while i+64<=n and all(x<0x80 for x in u[i:i+64]): i+=64; c['run64']+=1
            # run end
            k=0
            while i+k<n and u[i+k]<0x80 and k<64: k+=1
            i+=k; c['runexit']+=1; runlen.append(i-st)
            continue
        na=sum(x>=0x80 for x in blk)
        if any(0xD800<=x<0xE000 for x in blk): c['sur']+=1
        elif all(x<0x800 for x in blk): c['two']+=1; c['two_na%d'%min(na,16)]+=0
        elif all(x>=0x800 for x in blk): c['cjk']+=1
        else: c['table']+=1
        c['na_%02d'%na]+=1
        i+=16
    nb=sum(v for k,v in c.items() if k in('two','cjk','table','sur'))
    print(f.split('/')[-1], n, dict((k,v) for k,v in c.items() if not k.startswith('na_') and not k.startswith('two_')), 'na hist', [c['na_%02d'%k] for k in range(1,17)], 'median run', sorted(runlen)[len(runlen)//2] if runlen else 0)
