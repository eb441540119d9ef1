# lines.py name only file.go [lim]: per-round Ir by source line of file.go ((R3-R1)/2), source text from /work/main
import sys, subprocess, re
def load(f, target):
    out = subprocess.run(['cg_annotate', '--threshold=0', f], capture_output=True, text=True).stdout
    d = {}; cur = False; ln = None
    for line in out.splitlines():
        if line.startswith('-- Auto-annotated source:'):
            cur = line.strip().endswith('/mojibake/' + target) or line.strip().endswith(target) and '/' in target; ln = None; continue
        if not cur: continue
        m = re.match(r'-- line (\d+) ', line)
        if m: ln = int(m.group(1)); continue
        if ln is None: continue
        m = re.match(r'\s*([\d,]+|\.)\s+(\([^)]*\))?\s?(.*)$', line)
        if m:
            if m.group(1) != '.': d[ln] = d.get(ln, 0) + int(m.group(1).replace(',', ''))
            ln += 1
    return d
n, o, f = sys.argv[1], sys.argv[2].replace(':', '_'), sys.argv[3]
lim = float(sys.argv[4]) if len(sys.argv) > 4 else 1e5
A1, A3 = load('/tmp/h24y/cg.%s.%s.1' % (n, o), f), load('/tmp/h24y/cg.%s.%s.3' % (n, o), f)
src = open('/work/main/mojibake/' + f).read().split('\n')
for k in sorted(set(A1) | set(A3)):
    v = (A3.get(k, 0) - A1.get(k, 0)) / 2
    if v > lim: print("%6d %10.0f  %s" % (k, v, src[k-1][:110] if k-1 < len(src) else '?'))
