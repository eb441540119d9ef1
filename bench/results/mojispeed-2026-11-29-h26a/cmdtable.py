# cmdtable.py base1 head1 base2 head2 -> markdown table of cmd/mojibake's thread-CPU MB/s (best of 5 rounds) per input
import re, sys
def load(p):
    d = {}
    for l in open(p):
        m = re.match(r'\| misread as (windows-125\d) \| (\S+) \| (\d+) \|', l)
        if m:
            d[(m.group(1), m.group(2).replace('.utf8.txt', ''))] = int(m.group(3))
    return d
runs = [load(p) for p in sys.argv[1:]]
print('| input | main 1 | branch 1 | main 2 | branch 2 |')
print('| --- | ---: | ---: | ---: | ---: |')
met = [0] * len(runs)
for k in runs[0]:
    vals = [r.get(k, 0) for r in runs]
    for i, v in enumerate(vals):
        met[i] += v >= 100
    print('| %s %s | %s |' % (k[0], k[1], ' | '.join(('**%d**' if v < 100 else '%d') % v for v in vals)))
print()
print('inputs >= 100 MB/s: ' + ', '.join('%s %d of %d' % (n, m, len(runs[0])) for n, m in zip(['main 1', 'branch 1', 'main 2', 'branch 2'], met)))
