import sys, math
def load(p):
    r={}
    for l in open(p):
        f=l.split()
        if len(f)<3: continue
        name=f[0].split('/')[-1].replace('-Lipsum.utf8.txt','')
        d=r.setdefault(name,{})
        for i in range(1,len(f),2):
            d[f[i]]=max(d.get(f[i],0),float(f[i+1]))
    return r
sd=load(sys.argv[1]); ux=load(sys.argv[2])
for op in ['u16to8','u32to8']:
    lg=[];bad=[]
    print(op)
    for n in ux:
        if op not in ux[n]: continue
        r=ux[n][op]/sd[n][op]; lg.append(math.log(r))
        print("  %-16s %7.2f %7.2f  %.2f"%(n,ux[n][op],sd[n][op],r))
        if r<1: bad.append((round(r,2),n))
    print("  geomean %.2f; below 1: %d %s"%(math.exp(sum(lg)/len(lg)),len(bad),sorted(bad)[:8]))
