# lines.py A srcsuffix [min]: per-round Ir per source line ((R3-R1)/2) from /tmp/h26c/cg.A.{1,3}
import sys, subprocess, re
def load(f, src):
    out = subprocess.run(['cg_annotate', '--threshold=0', '--auto=yes', '--context=0', f], capture_output=True, text=True).stdout
    d = {}; p = False; ln = 0
    for line in out.splitlines():
        if line.startswith('-- Auto-annotated source:'):
            p = line.strip().endswith(src); continue
        if not p: continue
        m = re.match(r'-- line (\d+) -+$', line)
        if m: ln = int(m.group(1)); continue
        m = re.match(r'\s*([\d,]+|\.)\s+(?:\(\s*[\d.]+%\)\s+)?(.*)$', line)
        if not m: continue
        v = 0 if m.group(1) == '.' else int(m.group(1).replace(',', ''))
        d[ln] = (v, m.group(2)); ln += 1
    return d
a, src = sys.argv[1], sys.argv[2]
lim = float(sys.argv[3]) if len(sys.argv) > 3 else 1e5
A1, A3 = load('/tmp/h26c/cg.%s.1' % a, src), load('/tmp/h26c/cg.%s.3' % a, src)
for k in sorted(set(A1)|set(A3)):
    v = (A3.get(k, (0,''))[0] - A1.get(k, (0,''))[0]) / 2
    if v >= lim:
        print("%6d %9.0f  %s" % (k, v, (A3.get(k) or A1.get(k))[1][:110]))
