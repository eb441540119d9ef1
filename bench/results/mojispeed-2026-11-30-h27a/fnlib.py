import subprocess, re
def load(f):
    out = subprocess.run(['cg_annotate', '--threshold=0', f], capture_output=True, text=True).stdout
    d = {}; p = False
    for line in out.splitlines():
        if line.strip().endswith("file:function"): p = True; continue
        if p and line.startswith('-----') and d: break
        if not p: continue
        m = re.match(r'\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S+)', line)
        if not m: continue
        k = re.sub(r'^.*/', '', m.group(2).split(':',1)[1] if ':' in m.group(2) else m.group(2))
        d[k] = d.get(k, 0) + int(m.group(1).replace(',', ''))
    return d
def rounds(a):
    A1, A3 = load('/tmp/h27a/cg.%s.1' % a), load('/tmp/h27a/cg.%s.3' % a)
    return {k: (A3.get(k,0)-A1.get(k,0))/2 for k in set(A1)|set(A3)}
