import sys,collections,subprocess
# pfstack.py perf.data binary [region] [depth]: page faults of one region
# (heap-arena, mmap-hi, .text, ...; default heap-arena) grouped by call chain
# (runtime frames abbreviated, the first `depth` frames from the faulting one).
data=subprocess.run(["perf","script","-i",sys.argv[1],"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n")
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
want=sys.argv[3] if len(sys.argv)>3 else "heap-arena"
depth=int(sys.argv[4]) if len(sys.argv)>4 else 6
c=collections.Counter()
for s in data:
    lines=s.strip().split("\n")
    a=int(lines[0].split()[0],16)
    if region(a)!=want: continue
    fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
    fr=[f.replace("github.com/utf8x/utf8x/","").replace("runtime.","rt.") for f in fr]
    # keep frames up to and including the first `depth` non-runtime frames
    out=[];n=0
    for f in fr:
        out.append(f)
        if not f.startswith(("rt.","internal/runtime","[unknown]")):
            n+=1
            if n>=depth: break
    c[" < ".join(out)]+=1
for k,v in c.most_common(): print(v,k)
