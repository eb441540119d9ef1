#!/bin/bash
# usage: h28a-alt.sh VSBIN OUTPREFIX ROUNDS FILES...
vs=$1; out=$2; rounds=$3; shift 3
: > $out.sd; : > $out.ux
for r in $(seq $rounds); do
  SD_IMPL=haswell /work/shared/tools/simdutf-bench "$@" 2>/dev/null >> $out.sd
  GODEBUG=cpu.avx512f=off $vs -child -ops u16to8,u32to8 "$@" 2>/dev/null >> $out.ux
  uptime >> $out.load
done
