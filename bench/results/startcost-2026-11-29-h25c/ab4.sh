#!/bin/bash
# ab4.sh N "A1 A2 ..." "B1 B2 ..." ARGS...: N rounds; each round runs every file of A and B (shuffled) with ARGS;
# per file: mean task-clock and faults; then per side the mean and spread of the file means, and Welch's t over files.
n=$1; A=$2; B=$3; shift 3
tmp=$(mktemp -d)
for i in $(seq $n); do
  for x in $(echo $A $B | tr ' ' '\n' | shuf); do
    perf stat -x, -e page-faults,task-clock ./$x "$@" 2>&1 >/dev/null | awk -F, '{printf "%s ", $1} END{print ""}' >> $tmp/$x
  done
done
python3 - "$tmp" "$A" "$B" <<'PY'
import sys,statistics as st
tmp,A,B=sys.argv[1],sys.argv[2].split(),sys.argv[3].split()
def fm(x):
    v=[l.split() for l in open(f"{tmp}/{x}") if l.strip()]
    return st.mean(float(r[1]) for r in v), st.mean(float(r[0]) for r in v), len(v)
res={}
for side,names in (("A",A),("B",B)):
    ms=[fm(x) for x in names]; res[side]=ms
    print(side, " ".join(f"{x}:{m[0]:.3f}ms/{m[1]:.0f}f" for x,m in zip(names,ms)))
    print(f"  {side}: mean of file means {st.mean(m[0] for m in ms):.3f} ms (sd over files {st.stdev(m[0] for m in ms):.3f}), faults {st.mean(m[1] for m in ms):.1f}, runs/file {ms[0][2]}")
a=[m[0] for m in res["A"]]; b=[m[0] for m in res["B"]]
d=st.mean(b)-st.mean(a); se=(st.variance(a)/len(a)+st.variance(b)/len(b))**.5
print(f"  B-A: {d:+.3f} ms (se over files {se:.3f}, t {d/se:.1f}); faults {st.mean(m[1] for m in res['B'])-st.mean(m[1] for m in res['A']):+.1f}")
PY
rm -r $tmp
