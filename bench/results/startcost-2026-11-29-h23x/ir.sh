#!/bin/bash
# ir.sh cmd... -> instructions (callgrind total)
GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=${TMPDIR:-/tmp}/cg.out.$$ "$@" 2>&1 >/dev/null | grep -o "Collected : [0-9]*" | awk '{print $3}'
rm -f ${TMPDIR:-/tmp}/cg.out.$$
