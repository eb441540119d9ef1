import sys, collections
def load(p):
    d = collections.Counter(); fl = fn = None
    for line in open(p):
        if line.startswith('fl='): fl = line[3:].strip(); continue
        if line.startswith('fn='): fn = line[3:].strip(); continue
        if line[0].isdigit():
            a = line.split()
            d[(fl, int(a[0]), fn)] += int(a[1])
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
filt = sys.argv[3] if len(sys.argv) > 3 else 'mojibake'
n = int(sys.argv[4]) if len(sys.argv) > 4 else 60
diff = {k: (b[k]-a.get(k,0))/2 for k in b}
tot = sum(v for k,v in diff.items() if 'mojibake' in k[2] and '_test' not in k[0])
print("total mojibake fn lines", tot)
src = {}
for k, v in sorted(diff.items(), key=lambda kv: -kv[1]):
    if filt not in k[0] : continue
    if n <= 0: break
    n -= 1
    f = k[0]
    if f not in src:
        try: src[f] = open(f.replace('/work/main', '/work/main')).read().split('\n')
        except: src[f] = []
    s = src[f][k[1]-1].strip()[:110] if k[1]-1 < len(src[f]) else ''
    print("%9.0f %s:%d %s | %s" % (v, f.split('/')[-1], k[1], k[2].split('.')[-1], s))
