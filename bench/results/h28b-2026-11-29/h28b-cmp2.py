#!/usr/bin/env python3
# usage: h28b-cmp2.py SET ROUNDS BASE_BIN NEW_BIN OUTDIR
# Alternating rounds of: utf8x base, utf8x new (vssimdutf -child -cputime -gobench), simdutf (sdcpu, thread CPU time).
# Writes OUTDIR/SET-base.txt and SET-new.txt (benchstat input) and prints the ratio table new/simdutf (best of rounds).
import sys, subprocess, glob, os, re, math
st, rounds, base, new, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
C = '/work/shared/corpus'
files = sorted(glob.glob(C + '/lipsum/*.utf8.txt')) + sorted(glob.glob(C + '/wikipedia_mars/*.html'))
short = lambda b: b.replace('-Lipsum.utf8.txt', '')
env_o = dict(os.environ); env_t = dict(os.environ)
if st == 'avx2': env_o['GODEBUG'] = 'cpu.avx512f=off'; env_t['SD_IMPL'] = 'haswell'
else: env_t['SD_IMPL'] = 'icelake'
best = {'base': {}, 'new': {}, 'sd': {}}
fb = open(f'{out}/{st}-base.txt', 'w'); fn = open(f'{out}/{st}-new.txt', 'w')
for r in range(rounds):
    for tag, b, fh in (('base', base, fb), ('new', new, fn)):
        o = subprocess.run([b, '-child', '-cputime', '-gobench', '-ops', 'u16to32,u32to16'] + files, env=env_o, capture_output=True, text=True).stdout
        fh.write(o); fh.flush()
        for l in o.splitlines():
            f = l.split()
            _, op, name = f[0].split('/', 2)
            k = (name, op); best[tag][k] = max(best[tag].get(k, 0), float(f[2]))
    o = subprocess.run(['/tmp/h28b-sd/sdcpu'] + files, env=env_t, capture_output=True, text=True).stdout
    for l in o.splitlines():
        f = l.split()
        for i in range(1, len(f), 2):
            k = (short(os.path.basename(f[0])), f[i]); best['sd'][k] = max(best['sd'].get(k, 0), float(f[i+1]))
    print(f'round {r+1} done', file=sys.stderr)
ops = ['u16to32', 'u32to16']
print(f'### {st}: GB/s (thread CPU time, best of {rounds} alternating rounds base/new/simdutf)\n')
print('| file | ' + ' | '.join(f'{o} base | {o} new | {o} simdutf | new/simdutf' for o in ops) + ' |')
print('|---|' + '---|---|---|---|' * len(ops))
logs = {o: [] for o in ops}; lb = {o: [] for o in ops}
for f in files:
    n = short(os.path.basename(f)); cells = []
    for o in ops:
        b, u, t = best['base'][(n, o)], best['new'][(n, o)], best['sd'][(n, o)]
        logs[o].append(math.log(u / t)); lb[o].append(math.log(b / t))
        cells += [f'{b:.2f}', f'{u:.2f}', f'{t:.2f}', f'**{u/t:.2f}**' if u < t else f'{u/t:.2f}']
    print(f'| {n} | ' + ' | '.join(cells) + ' |')
g = lambda x: math.exp(sum(x) / len(x))
print('| geomean base/simdutf, new/simdutf | ' + ' | '.join(f' | | {g(lb[o]):.2f} | **{g(logs[o]):.2f}**' for o in ops) + ' |')
print('| files below 1 (base, new) | ' + ' | '.join(f' | | {sum(1 for x in lb[o] if x < 0)} | {sum(1 for x in logs[o] if x < 0)}' for o in ops) + ' |')
