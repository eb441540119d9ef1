#!/bin/bash
# quick compare: q.sh 'regexp' bin1 bin2 ...
export UTF8X_CORPUS=/work/shared/corpus
re=$1; shift
n=$#
for b in "$@"; do /tmp/h24v/$b.test -test.run XXX -test.bench "CleanCorpus//($re)" -test.benchtime 100ms 2>&1 | grep cpu-MB | awk -v b=$b '{print b, $1, $(NF-1)}'; done | sed 's/BenchmarkTransformerCleanCorpus.//' | sort -k2,2 -s | awk -v n=$n '{k=$2; v[k]=v[k] sprintf(" %7s",$3)} END{for(k in v) printf "%-28s%s\n",k,v[k]}' | sort
uptime
