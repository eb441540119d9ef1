#!/bin/bash
# ab.sh OP FILES_REGEX ROUNDS VARIANT...: alternate vs children (and "sd" = simdutf icelake, "sdh" = haswell), best per variant/file
# env GODEB=1 runs ours with GODEBUG=cpu.avx512f=off
op=$1; re=$2; rounds=$3; shift 3
C=/work/shared/corpus
files=$(ls $C/lipsum/*.utf8.txt $C/wikipedia_mars/*.html | grep -E "$re")
uptime
for r in $(seq $rounds); do
  for v in "$@"; do
    if [ $v = sd ] || [ $v = sdh ]; then
      impl=icelake; [ $v = sdh ] && impl=haswell
      SD_IMPL=$impl /work/shared/tools/simdutf-bench $files 2>/dev/null | awk -v op=$op -v v=$v '{n=$1; sub(/.*\//,"",n); for(i=2;i<NF;i+=2) if ($i==op) print v, n, op, $(i+1)}'
    elif [ -n "$GODEB" ]; then
      GODEBUG=cpu.avx512f=off /tmp/h33c/vs-$v -child -cputime -ops $op $files 2>/dev/null | sed "s|^.*/|$v |"
    else
      /tmp/h33c/vs-$v -child -cputime -ops $op $files 2>/dev/null | sed "s|^.*/|$v |"
    fi
  done
done | awk '{k=$1" "$2; if ($4>b[k]) b[k]=$4} END {for (k in b) print k, b[k]}' | sort -k2,2 -k1,1
uptime
