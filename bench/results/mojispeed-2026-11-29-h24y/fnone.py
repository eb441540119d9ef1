# fnone.py name only [lim]: per-round instructions by function ((R3-R1)/2) for cg.name.only.{1,3}
import sys, subprocess, re
def load(f):
    out = subprocess.run(['cg_annotate', '--threshold=0', f], capture_output=True, text=True).stdout
    d = {}; p = False
    for line in out.splitlines():
        if "file:function" in line: p = True; continue
        if "Auto-annotated" in line: break
        if not p: continue
        m = re.match(r'\s*([\d,]+)\s+\([^)]*\)\s+(\S+)', line)
        if not m: continue
        k = re.sub(r'^.*/', '', m.group(2))
        d[k] = d.get(k, 0) + int(m.group(1).replace(',', ''))
    return d
n, o = sys.argv[1], sys.argv[2].replace(':','_')
A1, A3 = load('/tmp/h24y/cg.%s.%s.1' % (n, o)), load('/tmp/h24y/cg.%s.%s.3' % (n, o))
lim = float(sys.argv[3]) if len(sys.argv) > 3 else 3e5
r = {k: (A3.get(k,0)-A1.get(k,0))/2 for k in set(A1)|set(A3)}
tot = sum(r.values())
for v, k in sorted(((v,k) for k,v in r.items()), reverse=True):
    if abs(v) > lim: print("%12.0f %5.1f%% %s" % (v, 100*v/tot, k))
print("total per round %.0f" % tot)
