#!/bin/bash
# cg.sh N BIN ARGS...: callgrind instruction counts of N runs (GODEBUG=asyncpreemptoff=1)
n=$1; shift
for i in $(seq $n); do
  GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | grep -o 'Collected : [0-9]*' | awk '{print $3}'
done | sort -n | tr '\n' ' '
echo
