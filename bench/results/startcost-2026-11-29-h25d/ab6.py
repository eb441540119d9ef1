#!/usr/bin/env python3
# ab6.py N [K [SIDES]]: (K builds a side, default 6; SIDES default MBU, N = h25d with -tags urfave_cli_no_template) like ab5.sh, but each run's CPU is the child's own user+system time from wait4's rusage
# (as startcost measures it; no perf counters attached) and its minor+major faults. Six builds of
# main (M1-M6) and of h25d (B1-B6) run "detect fr.txt", uchardet fr.txt fills six slots (U1-U6);
# N rounds of all 18 in shuffled order; per slot the median and mean over rounds.
import os, sys, random, statistics as st
n = int(sys.argv[1])
k = int(sys.argv[2]) if len(sys.argv) > 2 else 6  # builds (slots) a side
sides = sys.argv[3] if len(sys.argv) > 3 else "MBU"  # N: h25d built with -tags urfave_cli_no_template
slots = [f"{s}{i}" for s in sides for i in range(1, k + 1)]
res = {x: [] for x in slots}
devnull = os.open(os.devnull, os.O_WRONLY)
for _ in range(n):
    random.shuffle(slots)
    for x in slots:
        argv = ["/usr/bin/uchardet", "fr.txt"] if x[0] == "U" else ["./" + x, "detect", "fr.txt"]
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
        _, status, ru = os.wait4(pid, 0)
        res[x].append(((ru.ru_utime + ru.ru_stime) * 1e3, ru.ru_minflt + ru.ru_majflt))
side = {}
for s in sides:
    names = [f"{s}{i}" for i in range(1, k + 1)]
    med = [st.median(c for c, _ in res[x]) for x in names]
    mean = [st.mean(c for c, _ in res[x]) for x in names]
    flt = [st.mean(f for _, f in res[x]) for x in names]
    side[s] = med
    print(s, " ".join(f"{x}:{m:.3f}ms/{f:.0f}f" for x, m, f in zip(names, med, flt)))
    print(f"  {s}: mean of slot medians {st.mean(med):.3f} ms (sd over slots {st.stdev(med) if k > 1 else 0:.3f}); mean of slot means {st.mean(mean):.3f} ms; faults {st.mean(flt):.1f}; runs/slot {len(res[names[0]])}")
for a, b in [(a, b) for a, b in (("M", "B"), ("U", "B"), ("U", "M"), ("B", "N"), ("U", "N")) if a in sides and b in sides]:
    A, B = side[a], side[b]
    d = st.mean(B) - st.mean(A)
    se = (st.variance(A) / k + st.variance(B) / k) ** .5 if k > 1 else float("nan")
    print(f"  {b}-{a} (slot medians): {d:+.3f} ms (se {se:.3f}, t {d / se:.1f})")
