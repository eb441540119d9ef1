# CPU time and minor page faults of one process per run, the runs of every
# variant interleaved (getrusage of the children), medians.
# Usage: python3 percpu.py RUNS FILE UTF8X_BINARY [EMPTY_GO_BINARY]
# (EMPTY_GO_BINARY: `package main; func main() {}` built with go build)
# Variants: utf8x detect FILE; the same with GOMAXPROCS=1 and with
# GOMEMLIMIT set in the environment; uchardet FILE.
import resource, subprocess, sys, os, statistics
runs, f, utf8x = int(sys.argv[1]), sys.argv[2], sys.argv[3]
E = dict(os.environ)
V = [('utf8x detect', [utf8x, 'detect', f], E),
     ('utf8x detect, GOMEMLIMIT=24MiB', [utf8x, 'detect', f], dict(E, GOMEMLIMIT='24MiB')),
     ('utf8x detect, GOMAXPROCS=1', [utf8x, 'detect', f], dict(E, GOMAXPROCS='1')),
     ('uchardet', ['uchardet', f], E)]
if len(sys.argv) > 4:
    V += [('empty Go program', [sys.argv[4]], E), ('empty Go program, GOMAXPROCS=1', [sys.argv[4]], dict(E, GOMAXPROCS='1'))]
res = {v[0]: ([], []) for v in V}
for i in range(runs):
    for name, cmd, env in V:
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        res[name][0].append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000)
        res[name][1].append(r1.ru_minflt - r0.ru_minflt)
for name in res:
    c, flt = res[name]
    print('%-32s CPU median %.3f ms, mean %.3f; minor faults %.0f' % (name, statistics.median(c), statistics.mean(c), statistics.mean(flt)))
