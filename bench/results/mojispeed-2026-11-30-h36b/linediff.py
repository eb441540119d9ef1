import sys, collections
def load(p):
    d = collections.Counter(); fl = fn = None
    for line in open(p):
        if line.startswith(('fl=','fi=','fe=')): fl = line[3:].strip()
        elif line.startswith('fn='): fn = line[3:].strip()
        elif line[:1].isdigit():
            a = line.split()
            d[(fl, int(a[0]))] += int(a[1])
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
want = sys.argv[3] if len(sys.argv) > 3 else 'mojibake'
thr = int(sys.argv[4]) if len(sys.argv) > 4 else 50000
src = {}
rows = []
for k in set(a) | set(b):
    v = (b[k] - a[k]) // 2
    if want in k[0] and abs(v) >= thr: rows.append((k, v))
rows.sort(key=lambda x: (x[0][0], x[0][1]))
for (fl, ln), v in rows:
    if fl not in src:
        try: src[fl] = open(fl).read().split('\n')
        except: src[fl] = []
    s = src[fl][ln-1].strip() if 0 < ln <= len(src[fl]) else ''
    print(f"{v:>10,} {fl.split('/')[-1]}:{ln} {s[:110]}")
