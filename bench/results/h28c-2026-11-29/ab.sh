#!/bin/bash
# ab.sh BASE NEW ROUNDS OUT [files...]: alternating utf8x-alone runs of two
# vssimdutf binaries (-child -cputime -gobench -ops ${OPS:-u16to8}, AVX2 set),
# thread CPU time, lines for benchstat in OUT.base / OUT.new, load in OUT.load.
B=$1; N=$2; R=$3; O=$4; shift 4
F=${@:-$(ls /work/shared/corpus/lipsum/*.utf8.txt /work/shared/corpus/wikipedia_mars/*.html)}
: > $O.base; : > $O.new; : > $O.load
for r in $(seq $R); do
  GODEBUG=cpu.avx512f=off $B -child -cputime -gobench -ops ${OPS:-u16to8} $F 2>/dev/null >> $O.base
  GODEBUG=cpu.avx512f=off $N -child -cputime -gobench -ops ${OPS:-u16to8} $F 2>/dev/null >> $O.new
  uptime >> $O.load
done
