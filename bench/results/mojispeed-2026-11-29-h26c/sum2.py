# sum2.py A: per-round instructions ((R3-R1)/2) of the package's functions plus the
# generic instantiations and library routines they call (slices., sort, memmove, memclr,
# utf8., unicode., indexbyte, bytes.), without the GC and the test's own set-up.
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
        k = m.group(2)
        d[k] = d.get(k, 0) + int(m.group(1).replace(',', ''))
    return d
def keep(k):
    if '_test.go:' in k or 'misread' in k or 'TestZZ' in k: return False
    return bool(re.search(r'mojibake\.|slices\.|sort\.go|memmove|memclr|utf8\.|unicode\.|indexbyte|bytes\.|pairs\.', k))
for a in sys.argv[1:]:
    A1, A3 = load('/tmp/h26c/cg.%s.1' % a), load('/tmp/h26c/cg.%s.3' % a)
    tot = sum((A3.get(k,0)-A1.get(k,0))/2 for k in set(A1)|set(A3) if keep(k))
    print("%s %.2fM" % (a, tot/1e6))
