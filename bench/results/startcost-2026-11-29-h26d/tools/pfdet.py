import sys,collections,subprocess
# pfdet.py BIN perf.data...: heap+mmap faults whose chain has a detection/CLI frame: grouped by the first non-runtime frame and the leaf
files=sys.argv[2:]
c=collections.Counter()
for f in files:
    for s in subprocess.run(["perf","script","-i",f,"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n"):
        lines=s.strip().split("\n")
        a=int(lines[0].split()[0],16)
        if a < 0xc000000000 and a < 0x7f0000000000 and a>=0x1000000 : pass
        fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
        j=" ".join(fr)
        if "doInit1" in j: continue
        if not ("utf8x/detect" in j or "main.main" in j or "utf8x/transcode" in j): continue
        reg="heap" if 0xc000000000<=a<0xd000000000 else ("mmap" if a>=0x7f0000000000 else "elf")
        nr=[x.replace("github.com/utf8x/utf8x/","") for x in fr if not x.startswith(("runtime.","internal/runtime","[unknown]","sync."))][:2]
        c[(reg,fr[0][:45]," < ".join(nr))]+=1
n=len(files)
for k,v in c.most_common(60): print(f"{v/n:5.1f} {k[0]:5s} {k[1]:45s} {k[2][:110]}")
