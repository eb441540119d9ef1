import sys,collections,subprocess
# pfdup.py perf.data: pages faulted more than once (a read of a fresh
# anonymous page maps the zero page, the first write then faults again),
# with the first non-runtime frame of each fault.
data=subprocess.run(["perf","script","-i",sys.argv[1],"-F","addr,ip,sym"],capture_output=True,text=True).stdout.strip().split("\n\n")
pages=collections.defaultdict(list)
for s in data:
    lines=s.strip().split("\n")
    a=int(lines[0].split()[0],16)
    fr=[l.split()[1] if len(l.split())>1 else "?" for l in lines[1:]]
    app=[f for f in fr if not f.startswith(("runtime.","internal/runtime","[unknown]"))]
    pages[a>>12].append((fr[0] if fr else "?")+" / "+(app[0] if app else "-"))
c=collections.Counter()
for p,v in pages.items():
    if len(v)>1: c[" | ".join(v)]+=1
print("pages faulted more than once:",sum(c.values()),"of",len(pages))
for k,v in c.most_common(): print(v,k.replace("github.com/utf8x/utf8x/",""))
