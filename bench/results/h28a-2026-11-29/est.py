# estimate: utf8x = best thread-CPU-time figure over the runs of -cputime (gobench lines),
# simdutf = best wall-clock figure over every simdutf-bench run of the session (SD_IMPL=haswell)
import sys, math, glob
sd={}
for p in sys.argv[2:]:
    for l in open(p):
        f=l.split()
        if len(f)<3: continue
        n=f[0].split('/')[-1].replace('-Lipsum.utf8.txt','')
        d=sd.setdefault(n,{})
        for i in range(1,len(f),2): d[f[i]]=max(d.get(f[i],0),float(f[i+1]))
ux={}
for l in open(sys.argv[1]):
    f=l.split()
    if not f or not f[0].startswith('BenchmarkVS/'): continue
    _,op,n=f[0].split('/')
    ux.setdefault(n,{})[op]=max(ux.get(n,{}).get(op,0),float(f[2]))
print("| file | u16to8 utf8x | simdutf | ratio | u32to8 utf8x | simdutf | ratio |")
print("|---|---|---|---|---|---|---|")
lg={'u16to8':[], 'u32to8':[]}; bad={'u16to8':[], 'u32to8':[]}
for n in ux:
    row=[n]
    for op in ['u16to8','u32to8']:
        r=ux[n][op]/sd[n][op]; lg[op].append(math.log(r))
        if r<1: bad[op].append("%s %.2f"%(n,r))
        row+=["%.2f"%ux[n][op],"%.2f"%sd[n][op],"%.2f"%r]
    print("| "+" | ".join(row)+" |")
print("| geomean | | | **%.2f** | | | **%.2f** |"%(math.exp(sum(lg['u16to8'])/len(lg['u16to8'])),math.exp(sum(lg['u32to8'])/len(lg['u32to8']))))
print("| below 1 | | | %s | | | %s |"%(", ".join(bad['u16to8']), ", ".join(bad['u32to8'])))
