#!/bin/bash
# alternating before/after runs: vssimdutf -child -cputime -gobench -ops u16to8,u32to8 on the 27 files, AVX2 set
F=$(ls /work/shared/corpus/lipsum/*.utf8.txt /work/shared/corpus/wikipedia_mars/*.html)
: > /tmp/h28a-ab-base.txt; : > /tmp/h28a-ab-new.txt
for r in $(seq $1); do
  GODEBUG=cpu.avx512f=off /tmp/h28a-vs -child -cputime -gobench -ops u16to8,u32to8 $F 2>/dev/null >> /tmp/h28a-ab-base.txt
  GODEBUG=cpu.avx512f=off /tmp/h28a-vsD -child -cputime -gobench -ops u16to8,u32to8 $F 2>/dev/null >> /tmp/h28a-ab-new.txt
  uptime >> /tmp/h28a-ab.load
done
