import sys,collections,subprocess,bisect
# pfsym.py BIN perf.data...: faults in .data/.bss/.noptr*/.rodata/.text... grouped by page + symbol at the faulting address + first non-runtime frame
b=sys.argv[1]; files=sys.argv[2:]
secs=[]
for l in subprocess.run(["readelf","-SW",b],capture_output=True,text=True).stdout.splitlines():
    p=l.replace("[ ","[").split()
    if len(p)>5 and p[0].startswith("[") and p[1].startswith("."):
        a=int(p[3],16); sz=int(p[5],16)
        if a: secs.append((a,a+sz,p[1]))
syms=[]
for l in subprocess.run(["go","tool","nm","-size","-sort","address",b],capture_output=True,text=True).stdout.splitlines():
    p=l.split()
    if len(p)>=4:
        try: syms.append((int(p[0],16),int(p[1]),p[3]))
        except: pass
syms.sort(); addrs=[s[0] for s in syms]
def sym(a):
    i=bisect.bisect_right(addrs,a)-1
    return syms[i][2] if i>=0 else "?"
want=set(sys.argv[0:0]) 
c=collections.Counter()
for f in files:
    for s in subprocess.run(["perf","script","-i",f,"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n"):
        lines=s.strip().split("\n")
        a=int(lines[0].split()[0],16)
        r=next((n for lo,hi,n in secs if lo<=a<hi),None)
        if r is None or r in (".text",".gopclntab"): continue
        fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
        nr=next((x for x in fr if not x.startswith(("runtime.","internal/runtime","[unknown]"))),fr[0] if fr else "?")
        c[(r,hex(a>>12),sym(a).replace("github.com/utf8x/utf8x/",""),nr.replace("github.com/utf8x/utf8x/",""), fr[0] if fr else "?")]+=1
n=len(files)
for k,v in sorted(c.items()):
    print(f"{v/n:5.2f} {k[0]:11s} {k[1]:8s} {k[2][:55]:55s} {k[3][:45]:45s} {k[4][:40]}")
