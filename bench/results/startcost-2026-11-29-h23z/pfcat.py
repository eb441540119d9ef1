import sys,collections,subprocess
# pfcat.py binary perf.data...: the page faults of the runs (mean over the
# files given) by region and by
# cause, read from its call chain (perf record -e page-faults -c 1 -d -g):
# stack growth (copystack/newstack/stackpool), the runtime's start (no Go
# frame past rt0_go/schedinit/mstart/thread creation), package inits
# (doInit1), the CLI (main.* before the detection), the detection
# (detect/..., transcode/..., x/text decoders), the kernel (exec, reads).
files=sys.argv[2:]
data=[]
for f in files:
    data+=subprocess.run(["perf","script","-i",f,"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n")
secs=[]
for l in subprocess.run(["readelf","-SW",sys.argv[1]],capture_output=True,text=True).stdout.splitlines():
    p=l.replace("[ ","[").split()
    if len(p)>5 and p[0].startswith("[") and p[1].startswith("."):
        a=int(p[3],16); sz=int(p[5],16)
        if a: secs.append((a,a+sz,p[1]))
def region(a):
    for lo,hi,n in secs:
        if lo<=a<hi: return n if n in (".text",".rodata",".gopclntab") else ".data/.bss"
    if a>=0x7f0000000000: return "mmap-hi"
    if a<0x400000: return "low"
    return "heap"
def cause(fr):
    s=" ".join(fr)
    if "runtime.newstack" in s or "runtime.copystack" in s or "morestack" in s: return "stack growth"
    if "runtime.doInit1" in s: return "package inits"
    if "utf8x/detect" in s or "utf8x/transcode" in s or "x/text/encoding" in s or "DetectReader" in s: return "detection"
    if "main.main" in s or "main.run" in s or "urfave" in s: return "CLI (main, urfave/cli)"
    if any(k in s for k in ("rt0_go","schedinit","mstart","newm","runtime.main","bgscavenge","bgsweep","forcegc","gcenable","runfinq","runtime.schedule","mcall")): return "runtime start/threads"
    if fr and fr[0].startswith(("0xffff","ffff")) or any(x in s for x in ("elf_load","load_elf","_copy_to","strncpy_from_user","sigframe","copy_page")): return "kernel"
    return "other"
c=collections.Counter()
for s in data:
    lines=s.strip().split("\n")
    a=int(lines[0].split()[0],16)
    fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
    c[(region(a),cause(fr))]+=1
regs=collections.Counter(); causes=collections.Counter()
for (r,k),v in c.items(): regs[r]+=v; causes[k]+=v
n=len(files)
m=lambda x: f"{x/n:.1f}"
print(f"{n} runs, mean {sum(c.values())/n:.1f} faults")
cols=[k for k,_ in causes.most_common()]
print("| region | all | "+" | ".join(cols)+" |")
print("|---|---:|"+"---:|"*len(cols))
for r,v in regs.most_common():
    print(f"| {r} | {m(v)} | "+" | ".join(m(c[(r,k)]) for k in cols)+" |")
print("| all | "+m(sum(c.values()))+" | "+" | ".join(m(causes[k]) for k in cols)+" |")
