#!/usr/bin/env python3
"""Compare the Transformer goal tables (MB/s of thread CPU) of bench/cmd/mojibake runs.
usage: cmdcmp.py main.txt [main2.txt ...] -- branch.txt [branch2.txt ...]"""
import re, math, sys
def goal(p):
    rows = {}
    for l in open(p):
        m = re.match(r'\| (clean|misread as windows-125\d) \| (\S+) \| (\d+) \| ≥ (\d+)', l)
        if m: rows[(m.group(1), m.group(2))] = int(m.group(3))
    return rows
i = sys.argv.index('--')
A = [goal(p) for p in sys.argv[1:i]]; B = [goal(p) for p in sys.argv[i+1:]]
ks = list(A[0])
print('| text | input | main runs | h24v runs |')
print('| --- | --- | ---: | ---: |')
for k in ks:
    print(f'| {k[0]} | {k[1].replace(".utf8.txt","")} | {" / ".join(str(a[k]) for a in A)} | {" / ".join(str(b[k]) for b in B)} |')
for cls, g in [('clean', 1000), ('misread as windows-1252', 100), ('misread as windows-1251', 100)]:
    kk = [k for k in ks if k[0] == cls]
    gm = lambda d: math.exp(sum(math.log(d[k]) for k in kk) / len(kk))
    print(f'\n{cls}: under {g}: main ' + ', '.join(str(sum(a[k] < g for k in kk)) for a in A) + '; h24v ' + ', '.join(str(sum(b[k] < g for k in kk)) for b in B) +
          '; geomean main ' + ', '.join(f'{gm(a):.0f}' for a in A) + '; h24v ' + ', '.join(f'{gm(b):.0f}' for b in B))
