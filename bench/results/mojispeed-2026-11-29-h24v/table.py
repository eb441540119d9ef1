#!/usr/bin/env python3
"""Per-input medians of cpu-MB/s (MB = 10^6 bytes per second of the
measuring thread's CPU time) from alternate.sh's outputs.
usage: table.py bs-a.txt bs-b.txt [label-a label-b]"""
import re, statistics, sys

def load(path):
    d = {}
    for line in open(path):
        m = re.match(r'Benchmark(\S+?)-\d+\s.*?([\d.]+) cpu-MB/s', line)
        if m:
            d.setdefault(m.group(1), []).append(float(m.group(2)))
    return d

a, b = load(sys.argv[1]), load(sys.argv[2])
la, lb = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else ('before', 'after')
print(f'| input | {la} | {lb} | change | >= 1000 after |')
print('| --- | ---: | ---: | ---: | --- |')
for k in a:
    if k not in b:
        continue
    x, y = statistics.median(a[k]), statistics.median(b[k])
    name = k.replace('TransformerCleanCorpus/', '')
    goal = ''
    if k.startswith('TransformerCleanCorpus/'):
        goal = 'yes' if y >= 1000 else '**no**'
    print(f'| {name} | {x:.0f} | {y:.0f} | {100*(y/x-1):+.0f}% | {goal} |')
