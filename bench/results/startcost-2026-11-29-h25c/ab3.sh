#!/bin/bash
# ab3.sh N A B ARGS...: N rounds of `A ARGS` and `B ARGS` in turn (order alternating each round);
# per binary: page faults mean, user+sys CPU (rusage, from perf stat's task-clock) mean/median;
# and a bootstrap 95% interval of the difference of the means (B - A).
n=$1; a=$2; b=$3; shift 3
tmp=$(mktemp -d)
for i in $(seq $n); do
  if [ $((i % 2)) = 0 ]; then order="$a $b"; else order="$b $a"; fi
  for x in $order; do perf stat -x, -e page-faults,task-clock $x "$@" 2>&1 >/dev/null | awk -F, '{printf "%s ", $1} END{print ""}' >> $tmp/$(basename $x); done
done
python3 - $tmp/$(basename $a) $tmp/$(basename $b) <<'PY'
import sys,statistics,random
d=[]
for p in sys.argv[1:3]:
    v=[l.split() for l in open(p) if l.strip()]
    pf=[float(x[0]) for x in v]; tc=[float(x[1]) for x in v]; d.append((pf,tc))
    print(f"{p.split('/')[-1]:>6}: faults mean {statistics.mean(pf):.1f}  task-clock mean {statistics.mean(tc):.3f} median {statistics.median(tc):.3f} ms (n={len(v)})")
random.seed(1)
for k,name in [(0,'faults'),(1,'task-clock ms')]:
    A,B=d[0][k],d[1][k]; bs=[]
    for _ in range(2000):
        bs.append(statistics.mean(random.choices(B,k=len(B)))-statistics.mean(random.choices(A,k=len(A))))
    bs.sort(); print(f"  B-A {name}: {statistics.mean(B)-statistics.mean(A):+.3f} (95% {bs[50]:+.3f} .. {bs[1950]:+.3f})")
PY
rm -r $tmp
