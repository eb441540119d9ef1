import sys, subprocess, re
def load(f, target):
    out = subprocess.run(['cg_annotate', '--threshold=0', f], capture_output=True, text=True).stdout
    d = {}; cur = False; ln = None
    for line in out.splitlines():
        if line.startswith('-- Auto-annotated source:'):
            cur = line.strip().endswith('/mojibake/' + target); ln = None; continue
        if not cur: continue
        m = re.match(r'-- line (\d+) ', line)
        if m: ln = int(m.group(1)); continue
        if ln is None: continue
        m = re.match(r'\s*([\d,]+|\.)\s+(\([^)]*\))?\s?(.*)$', line)
        if m:
            if m.group(1) != '.': d[ln] = d.get(ln, 0) + int(m.group(1).replace(',', ''))
            ln += 1
    return d
n, f = sys.argv[1], sys.argv[2]
A2, A4 = load('/tmp/h24y/cg.%s.2' % n, f), load('/tmp/h24y/cg.%s.4' % n, f)
src = open(sys.argv[3]).read().split('\n')
for k in sorted(set(A2) | set(A4)):
    v = (A4.get(k, 0) - A2.get(k, 0)) / 2
    if v > 1e6: print("%6d %10.0f  %s" % (k, v, src[k-1][:100] if k-1 < len(src) else '?'))
