import sys, collections
def load(p):
    d = collections.Counter(); fn = None
    for line in open(p):
        if line.startswith('fn='): fn = line[3:].strip()
        elif line[:1].isdigit():
            a = line.split(); d[fn] += int(a[1])
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
rows = sorted(((b[k]-a[k])//2, k) for k in set(a)|set(b))
rows.reverse()
for v, k in rows[:int(sys.argv[3]) if len(sys.argv)>3 else 40]: print(f"{v:>12,} {k}")
