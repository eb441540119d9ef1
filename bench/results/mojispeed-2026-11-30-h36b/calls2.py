import sys, re, collections
def load(p):
    names = {}; calls = collections.Counter(); cfn = fn = None
    for line in open(p):
        if line.startswith('cfn=') or line.startswith('fn='):
            key = 'cfn' if line.startswith('cfn=') else 'fn'
            m = re.match(r'c?fn=\((\d+)\)(?: (.*))?', line.strip())
            if m.group(2): names[m.group(1)] = m.group(2).replace("'2","")
            if key == 'fn': fn = names.get(m.group(1))
            else: cfn = names.get(m.group(1))
        elif line.startswith('calls='):
            calls[(fn, cfn)] += int(line.split('=')[1].split()[0])
    return calls
a, b = load(sys.argv[1]), load(sys.argv[2])
pat = sys.argv[3]
s = lambda x: (x or '').replace('github.com/utf8x/utf8x/mojibake.','')
rows = [(k, (b[k]-a[k])//2) for k in set(a)|set(b) if k[1] and re.search(pat, s(k[1]))]
rows.sort(key=lambda x: -x[1])
for k, v in rows[:40]:
    if v: print(f"{v:>9,} {s(k[0])} -> {s(k[1])}")
