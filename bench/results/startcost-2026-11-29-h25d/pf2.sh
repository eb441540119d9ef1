#!/bin/bash
# pf2.sh ROUNDS PROG...: for each round and each program ("bin args", bin in .), evict the binary
# from the page cache, run it once (exec reads it back in 4 KiB folios, as after go build),
# then perf stat -r 200; prints the page-fault and task-clock means.
rounds=$1; shift; progs=("$@")
for r in $(seq $rounds); do
  for p in "${progs[@]}"; do
    set -- $p
    bin=$1; shift
    case $bin in uchardet) bin=/usr/bin/uchardet;; *) bin=./$bin; python3 evict.py $bin;; esac
    $bin "$@" >/dev/null 2>&1
    perf stat -r 200 -e page-faults,task-clock -x, "$bin" "$@" 2>&1 >/dev/null | awk -F, -v n="$p" -v r=$r '/page-faults/{pf=$1} /task-clock/{tc=$1} END{printf "round %d  %-26s faults %7.1f  task-clock %.3f ms\n", r, n, pf, tc}'
  done
done
