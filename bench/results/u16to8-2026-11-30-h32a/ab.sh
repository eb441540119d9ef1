#!/bin/bash
# ab.sh BASE NEW ROUNDS OUT [files...]: alternating utf8x-alone runs (thread CPU), AVX2 set
B=$1; N=$2; R=$3; O=$4; shift 4
F=${@:-$(ls /work/shared/corpus/wikipedia_mars/*.html)}
: > $O.base; : > $O.new; : > $O.load
for r in $(seq $R); do
  uptime >> $O.load
  GODEBUG=cpu.avx512f=off $B -child -cputime -gobench -windows ${W:-5} -ops ${OPS:-u16to8} $F 2>/dev/null >> $O.base
  GODEBUG=cpu.avx512f=off $N -child -cputime -gobench -windows ${W:-5} -ops ${OPS:-u16to8} $F 2>/dev/null >> $O.new
done
uptime >> $O.load
$(go env GOPATH)/bin/benchstat $O.base $O.new > $O.bs 2>&1
