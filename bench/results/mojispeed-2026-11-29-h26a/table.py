# usage: python3 table.py bs-main.txt bs-br.txt -> markdown table of per-input
# medians of cpu-MB/s (MB per second of the measuring thread's CPU time).
import re, statistics, sys
def load(path):
    d = {}
    for line in open(path):
        m = re.match(r'(Benchmark\S+?)(-\d+)?\s+\d+\s+.*?([\d.]+) cpu-MB/s', line)
        if m:
            d.setdefault(m.group(1), []).append(float(m.group(3)))
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
print('| input | main | branch | change |')
print('| --- | ---: | ---: | ---: |')
rows = []
for k in a:
    if k in b:
        ma, mb = statistics.median(a[k]), statistics.median(b[k])
        rows.append((k, ma, mb))
for k, ma, mb in rows:
    name = k.replace('BenchmarkTransformerMangledCorpus/', '').replace('Benchmark', '')
    print(f'| {name} | {ma:.1f} | {mb:.1f} | {100*(mb/ma-1):+.1f}% |')
mangled = [(ma, mb) for k, ma, mb in rows if 'Mangled' in k]
if mangled:
    for label, i in (('main', 0), ('branch', 1)):
        v = [x[i] for x in mangled]
        print(f'\n{label}: mangled min {min(v):.1f}, median {statistics.median(v):.1f}, max {max(v):.1f}, geomean {statistics.geometric_mean(v):.1f}, >= 100: {sum(x >= 100 for x in v)} of {len(v)}')
