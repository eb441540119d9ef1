import sys, subprocess, re
def load(f):
    out = subprocess.run(['cg_annotate','--threshold=0',f],capture_output=True,text=True).stdout
    d={}; p=False
    for line in out.splitlines():
        if "file:function" in line: p=True; continue
        if "Auto-annotated" in line: break
        if not p: continue
        m=re.match(r'\s*([\d,]+)\s+\([^)]*\)\s+(\S+)',line)
        if not m: continue
        v=int(m.group(1).replace(',','')); key=m.group(2)
        key=re.sub(r'^.*/mojibake/','',key)  # relative file
        d[key]=d.get(key,0)+v
    return d
a=load(sys.argv[1]); b=load(sys.argv[2])
rows=sorted(((b.get(k,0)-a.get(k,0)),k,a.get(k,0),b.get(k,0)) for k in set(a)|set(b))
for r in rows:
    if abs(r[0])>float(sys.argv[3] if len(sys.argv)>3 else 1e6): print("%+12d %12d %12d %s"%(r[0],r[2],r[3],r[1]))
