#!/bin/bash
# ab5.sh N: N rounds; each round runs, in shuffled order, six builds of main (M1-M6) and six of h25d
# (B1-B6) as "detect fr.txt", and uchardet fr.txt six times (U1-U6, the one installed binary);
# perf stat task-clock and faults per run; per slot the mean over rounds; per side the mean of
# the slot means and their spread (for uchardet the spread is of six slots of one binary).
n=$1
tmp=$(mktemp -d)
slots="M1 M2 M3 M4 M5 M6 B1 B2 B3 B4 B5 B6 U1 U2 U3 U4 U5 U6"
for i in $(seq $n); do
  for x in $(echo $slots | tr ' ' '\n' | shuf); do
    case $x in U*) cmd="/usr/bin/uchardet fr.txt";; *) cmd="./$x detect fr.txt";; esac
    perf stat -x, -e page-faults,task-clock $cmd 2>&1 >/dev/null | awk -F, '{printf "%s ", $1} END{print ""}' >> $tmp/$x
  done
done
python3 - "$tmp" <<'PY'
import sys,statistics as st
tmp=sys.argv[1]
def fm(x):
    v=[l.split() for l in open(f"{tmp}/{x}") if l.strip()]
    return st.mean(float(r[1]) for r in v), st.mean(float(r[0]) for r in v), len(v)
res={}
for side in "MBU":
    ms=[fm(f"{side}{i}") for i in range(1,7)]; res[side]=[m[0] for m in ms]
    print(side, " ".join(f"{side}{i+1}:{m[0]:.3f}ms/{m[1]:.0f}f" for i,m in enumerate(ms)))
    print(f"  {side}: mean of slot means {st.mean(res[side]):.3f} ms (sd over slots {st.stdev(res[side]):.3f}), faults {st.mean(m[1] for m in ms):.1f}, runs/slot {ms[0][2]}")
for a,b in (("M","B"),("U","B"),("U","M")):
    A,B=res[a],res[b]; d=st.mean(B)-st.mean(A); se=(st.variance(A)/6+st.variance(B)/6)**.5
    print(f"  {b}-{a}: {d:+.3f} ms (se {se:.3f}, t {d/se:.1f})")
PY
rm -r $tmp
