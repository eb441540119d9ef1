# fnone.py A: per-round instructions by function for /tmp/h26c/cg.A.{1,3}
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
a = sys.argv[1]
A1, A3 = load('/tmp/h26c/cg.%s.1' % a), load('/tmp/h26c/cg.%s.3' % a)
r = {k: (A3.get(k,0)-A1.get(k,0))/2 for k in set(A1)|set(A3)}
tot = sum(v for k,v in r.items() if 'mojibake.' in k and 'misread' not in k and 'TestZZ' not in k)
print("mojibake per round %.2fM" % (tot/1e6))
for k,v in sorted(r.items(), key=lambda x:-x[1])[:int(sys.argv[2]) if len(sys.argv)>2 else 30]:
    print("%10.2fM %5.1f%% %s" % (v/1e6, 100*v/tot, k))
