import sys,collections,subprocess
# pfinit.py BIN perf.data...: faults under doInit1 grouped by the init function (frame just above doInit1) and region
files=sys.argv[2:]
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
c=collections.Counter(); tot=collections.Counter()
mode=sys.argv[0]
for f in files:
    data=subprocess.run(["perf","script","-i",f,"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n")
    for s in data:
        lines=s.strip().split("\n")
        a=int(lines[0].split()[0],16)
        fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
        if "runtime.doInit1" not in fr: continue
        i=fr.index("runtime.doInit1")
        init=fr[i-1] if i>0 else "?"
        # first non-runtime frame from the fault
        nr=next((x for x in fr if not x.startswith(("runtime.","internal/runtime","[unknown]"))),"?")
        c[(init.replace("github.com/utf8x/utf8x/",""),region(a),nr.replace("github.com/utf8x/utf8x/",""))]+=1
        tot[init.replace("github.com/utf8x/utf8x/","")]+=1
n=len(files)
for k,v in tot.most_common():
    print(f"{v/n:6.1f} {k}")
    for (i,r,nr),w in sorted(c.items(),key=lambda x:-x[1]):
        if i==k: print(f"       {w/n:5.1f} {r:12s} {nr}")
