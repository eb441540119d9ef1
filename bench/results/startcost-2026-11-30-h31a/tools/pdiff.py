import subprocess,sys,re
def load(f,comm):
    out=subprocess.run(["perf","report","-i",f,"--comm",comm,"--children","--sort","sym","--stdio","-g","none","-n"],capture_output=True,text=True).stdout
    tot=None; d={}
    for l in out.splitlines():
        m=re.match(r"# Samples: ([\d.]+)(K?)",l)
        if m and tot is None: tot=float(m.group(1))*(1000 if m.group(2) else 1)
        m=re.match(r"\s+([\d.]+)%\s+([\d.]+)%\s+(\d+)\s+\[(.)\]\s+(.*)$",l)
        if m: d[m.group(5).strip()]=float(m.group(1))
    return tot,d
ta,a=load(sys.argv[1],sys.argv[2]); tb,b=load(sys.argv[3],sys.argv[4])
runs=200; per=50/1000/runs  # ms per sample per run at 20kHz
rows=[]
for k in set(a)|set(b):
    va=a.get(k,0)*ta/100*per; vb=b.get(k,0)*tb/100*per
    rows.append((vb-va,va,vb,k))
rows.sort(reverse=True)
print("total samples",ta,tb)
for r in rows[:int(sys.argv[5]) if len(sys.argv)>5 else 60]: print("%7.3f %7.3f %7.3f  %s"%r)
