#!/usr/bin/env python3
# usage: cmpmin.py SET ROUNDS OPS OUTDIR TESTBIN... -- FILES
# alternates each utf8x test binary (TestZZMin) and sdmin; best per file across rounds
import os, subprocess, sys, re
set_, rounds, ops, outdir = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
i = sys.argv.index('--')
bins, files = sys.argv[5:i], sys.argv[i+1:]
os.makedirs(outdir, exist_ok=True)
env = dict(os.environ, ZZFILES=' '.join(files), ZZOPS=ops)
if set_ == 'avx2':
    env['GODEBUG'] = 'cpu.avx512f=off'; sdimpl = 'haswell'
else:
    sdimpl = 'icelake'
def parse(out):
    r = {}
    for l in out.splitlines():
        m = re.match(r'BenchmarkVS/(\S+)/(\S+) 1 (\S+) GB/s', l)
        if m: r[(m.group(1), m.group(2))] = float(m.group(3))
    return r
names = [os.path.basename(b) for b in bins] + ['simdutf']
best = [dict() for _ in names]
for r in range(rounds):
    for k, b in enumerate(bins):
        tmp = os.path.join(outdir, 'tmp.txt')
        e = dict(env, ZZOUT=tmp)
        subprocess.run([b, '-test.run', 'ZZMin', '-test.count', '1'], env=e, capture_output=True)
        out = open(tmp).read()
        with open(os.path.join(outdir, f'{set_}-{names[k]}.txt'), 'a') as f: f.write(out)
        for key, v in parse(out).items(): best[k][key] = max(best[k].get(key, 0), v)
    e2 = dict(os.environ, SD_IMPL=sdimpl, SD_GOBENCH='1')
    out = subprocess.run(['/tmp/h28d/sdmin'] + files, env=e2, capture_output=True, text=True).stdout
    out = ''.join(l + '\n' for l in out.splitlines() if any(('/' + o + '/') in l for o in ops.split(',')))
    with open(os.path.join(outdir, f'{set_}-simdutf.txt'), 'a') as f: f.write(out)
    for key, v in parse(out).items(): best[-1][key] = max(best[-1].get(key, 0), v)
print(f'set {set_}, {rounds} rounds, GB/s (best); (ratio to simdutf); columns: ' + ' '.join(names))
for key in sorted(best[0].keys()):
    sdv = best[-1].get(key, 0)
    cells = ' '.join(f'{best[k].get(key,0):6.2f} ({best[k].get(key,0)/sdv if sdv else 0:.2f})' for k in range(len(bins)))
    print(f'{key[0]:8s} {key[1]:16s} | {cells} | sd {sdv:6.2f}')
