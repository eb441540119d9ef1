import sys,subprocess,collections
# wspages.py perf.data...: pages of the windowStats object faulted (offset/4096) and by which function
c=collections.Counter(); fn=collections.defaultdict(set)
for f in sys.argv[1:]:
    recs=subprocess.run(["perf","script","-i",f,"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n")
    base=None
    for s in recs:
        lines=s.strip().split("\n"); a=int(lines[0].split()[0],16)
        fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
        if any("newWindowStats" in x for x in fr) and 0x10000000000<=a<0x7f0000000000 and base is None:
            base=a & ~0x1FFF
    if base is None: continue
    for s in recs:
        lines=s.strip().split("\n"); a=int(lines[0].split()[0],16)
        if base<=a<base+75696:
            fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
            nr=next((x for x in fr if "utf8x" in x),"?").split("/")[-1]
            pg=(a-base)//4096; c[pg]+=1; fn[pg].add(nr[:60])
n=len(sys.argv)-1
for pg in sorted(c): print(pg, pg*4096, c[pg]/n, sorted(fn[pg]))
