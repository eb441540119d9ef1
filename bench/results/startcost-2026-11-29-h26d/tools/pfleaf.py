import sys,collections,subprocess
# pfleaf.py BIN region perf.data...: faults in region by (faulting fn, first non-runtime frame)
files=sys.argv[3:]; want=sys.argv[2]
secs=[]
for l in subprocess.run(["readelf","-SW",sys.argv[1]],capture_output=True,text=True).stdout.splitlines():
    p=l.replace("[ ","[").split()
    if len(p)>5 and p[0].startswith("[") and p[1].startswith("."):
        a=int(p[3],16); sz=int(p[5],16)
        if a: secs.append((a,a+sz,p[1]))
def region(a):
    for lo,hi,n in secs:
        if lo<=a<hi: return n
    if a>=0x7f0000000000: return "mmap-hi"
    return "heap"
c=collections.Counter()
for f in files:
    for s in subprocess.run(["perf","script","-i",f,"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n"):
        lines=s.strip().split("\n")
        a=int(lines[0].split()[0],16)
        if region(a)!=want and want!="all": continue
        fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
        leaf=fr[0] if fr else "?"
        rtchain=[x for x in fr[:6] if x.startswith("runtime.")][:3]
        nr=next((x for x in fr if not x.startswith(("runtime.","internal/runtime","[unknown]"))),"?")
        c[(leaf," ".join(rtchain[1:3]),nr.replace("github.com/utf8x/utf8x/",""))]+=1
n=len(files)
for k,v in c.most_common(80): print(f"{v/n:5.1f}  {k[0]:40s} {k[1][:70]:70s} {k[2][:60]}")
