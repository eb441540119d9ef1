# fnround.py A B: per-round instruction change by function, ((B.3-B.1) - (A.3-A.1))/2, from /tmp/h25b/cg.{A,B}.{1,3}
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
a, b = sys.argv[1], sys.argv[2]
A1, A3, B1, B3 = (load('/tmp/h25b/cg.%s.%d' % (n, r)) for n in (a, b) for r in (1, 3))
keys = set(A1) | set(A3) | set(B1) | set(B3)
ra = {k: (A3.get(k, 0) - A1.get(k, 0)) / 2 for k in keys}
rb = {k: (B3.get(k, 0) - B1.get(k, 0)) / 2 for k in keys}
rows = sorted((rb[k] - ra[k], k) for k in keys)
lim = float(sys.argv[3]) if len(sys.argv) > 3 else 2e5
for d, k in rows:
    if abs(d) > lim: print("%+12.0f %14.0f %14.0f %s" % (d, ra[k], rb[k], k))
print("mojibake total %+.0f" % (sum(rb[k]-ra[k] for k in keys if 'mojibake.' in k and 'misread' not in k and 'TestZZ' not in k)))
print("all total %+.0f" % (sum(rb[k]-ra[k] for k in keys)))
