import sys, re, subprocess, bisect
from collections import Counter
binf, data, comm, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
secs=[]
for l in subprocess.run(['readelf','-SW',binf],capture_output=True,text=True).stdout.splitlines():
    m=re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)',l)
    if m and int(m.group(2),16): secs.append((m.group(1),int(m.group(2),16),int(m.group(3),16)))
syms=[]
for l in subprocess.run(['go','tool','nm','-size','-sort','address',binf],capture_output=True,text=True).stdout.splitlines():
    p=l.split(None,3)
    if len(p)==4: syms.append((int(p[0],16),int(p[1]),p[3]))
addrs=[s[0] for s in syms]
def sym(a):
    i=bisect.bisect_right(addrs,a)-1
    return syms[i][2] if i>=0 else '?'
def region(a):
    for n,s,z in secs:
        if s<=a<s+z: return n
    if a>=0x7f0000000000: return 'mmap/stack'
    if a>=0x10000000000: return 'Go heap (go1.26 places the arenas at random high addresses)'
    return 'other'
out=subprocess.run(['perf','script','-i',data,'-F','comm,addr,ip,sym'],capture_output=True,text=True).stdout
reg=Counter(); det=Counter()
for l in out.splitlines():
    p=l.split()
    if len(p)<3 or p[0]!=comm: continue
    a=int(p[1],16); ip=p[2]; s=' '.join(p[3:])
    r=region(a); reg[r]+=1
    det[(r, sym(a) if r in ('.text','.rodata','.noptrdata','.data','.bss','.noptrbss') else s)]+=1
for k,v in sorted(reg.items(), key=lambda x:-x[1]): print("%6.1f %s"%(v/runs,k))
if len(sys.argv)>5:
    for k,v in det.most_common(int(sys.argv[5])): print("%6.2f %s %s"%(v/runs,k[0],k[1][:90]))
