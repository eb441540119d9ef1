#!/bin/bash
# usage: cmp.sh rounds runs "cmd1" "cmd2" ...  -> mean task-clock ms and page faults per command
rounds=$1; runs=$2; shift 2
declare -A tc pf
for r in $(seq $rounds); do
  for c in "$@"; do
    out=$(perf stat -x, -r $runs -e task-clock,page-faults $c 2>&1 >/dev/null)
    t=$(echo "$out" | grep task-clock | cut -d, -f1); p=$(echo "$out" | grep page-faults | cut -d, -f1)
    tc[$c]="${tc[$c]} $t"; pf[$c]="${pf[$c]} $p"
  done
done
for c in "$@"; do
  echo "$c | task-clock ms per round:${tc[$c]} | faults:${pf[$c]}" | python3 -c '
import sys,statistics
l=sys.stdin.read().strip(); name,t,p=l.split(" | ")
ts=[float(x) for x in t.split(":")[1].split()]; ps=[float(x) for x in p.split(":")[1].split()]
print(f"{name:45s} cpu ms median-of-rounds {statistics.median(ts):.3f} (min {min(ts):.3f}) faults {statistics.mean(ps):.1f}")'
done
uptime
