import sys,collections,subprocess
# usage: pfan.py perf.data binary
data=subprocess.run(["perf","script","-i",sys.argv[1],"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n")
# section bounds from readelf
secs=[]
for l in subprocess.run(["readelf","-SW",sys.argv[2]],capture_output=True,text=True).stdout.splitlines():
    p=l.replace("[ ","[").split()
    if len(p)>5 and p[0].startswith("[") and p[1].startswith("."):
        a=int(p[3],16); sz=int(p[5],16)
        if a: secs.append((a,a+sz,p[1]))
def region(a):
    for lo,hi,n in secs:
        if lo<=a<hi: return n
    if a>=0x7f0000000000: return "mmap-hi"
    if a<0x400000: return "low"
    return "heap-arena"
c=collections.Counter(); who=collections.defaultdict(collections.Counter)
for s in data:
    lines=s.strip().split("\n")
    a=int(lines[0].split()[0],16)
    r=region(a); c[r]+=1
    frames=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
    app=[f for f in frames if not f.startswith(("runtime.","internal/runtime","[unknown]"))]
    who[r][(app[0] if app else "rt:"+(frames[0] if frames else "?"))]+=1
print("total",sum(c.values()))
for k,v in c.most_common():
    print(k,v, who[k].most_common(int(sys.argv[3]) if len(sys.argv)>3 else 6))
