#!/bin/bash
# ab2.sh N CMD1 -- CMD2 -- ...: N rounds, commands in turn; per command: page faults mean,
# task-clock mean/median (ms) and user+sys CPU from the kernel's accounting (rusage, ms, median).
n=$1; shift
cmds=(); cur=""
for a in "$@"; do if [ "$a" = "--" ]; then cmds+=("$cur"); cur=""; else cur="$cur $a"; fi; done; cmds+=("$cur")
tmp=$(mktemp -d)
for i in $(seq $n); do
  for j in "${!cmds[@]}"; do
    /usr/bin/time -f "%U %S" -o $tmp/t perf stat -x, -e page-faults,task-clock ${cmds[$j]} 2>$tmp/e >/dev/null
    echo "$(awk -F, '{printf "%s ", $1}' $tmp/e)" >> $tmp/$j
  done
done
for j in "${!cmds[@]}"; do
  python3 - $tmp/$j "${cmds[$j]}" <<'PY'
import sys,statistics
v=[l.split() for l in open(sys.argv[1]) if l.strip()]
pf=[float(x[0]) for x in v]; tc=[float(x[1]) for x in v]
print(f"{sys.argv[2]:>45}: faults mean {statistics.mean(pf):.1f}  task-clock mean {statistics.mean(tc):.3f} median {statistics.median(tc):.3f} ms (n={len(v)})")
PY
done
rm -r $tmp
