# synth.py DIR: writes the synthetic UTF-8 pages of README.md's first table
# into DIR/wikipedia_mars/ (vssimdutf -corpus DIR reads them as HTML pages).
# 40,000 blocks of 16 characters each: ASCII markup-like characters, and
# blocks holding one é (2-byte) or one 中 (3-byte) at a random place.
import os, random, sys
random.seed(1)
N = 40000
asc = "abcdefghijklmnop qrstuvwxyz<>=\"/"
def A(): return ''.join(random.choice(asc) for _ in range(16))
def T(c='é'):
    s = list(A()); s[random.randrange(16)] = c; return ''.join(s)
pats = {
    'allA': lambda b: A(),
    'all2': lambda b: T(),
    'A2per': lambda b: A() if b % 2 == 0 else T(),
    'AAA2per': lambda b: A() if b % 4 else T(),
    'rand13': lambda b: T() if random.random() < 0.13 else A(),
    'rand50': lambda b: T() if random.random() < 0.5 else A(),
    'rand13_3': lambda b: T('中') if random.random() < 0.13 else A(),
}
d = os.path.join(sys.argv[1], 'wikipedia_mars')
os.makedirs(d, exist_ok=True)
for name, f in pats.items():
    with open(os.path.join(d, name + '.html'), 'w', encoding='utf-8') as w:
        w.write(''.join(f(b) for b in range(N)))
