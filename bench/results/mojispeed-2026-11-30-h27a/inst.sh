#!/bin/bash
# inst.sh build input...: per-round mojibake instructions (R=3 - R=1)/2 for each input
b=$1; shift
for o in "$@"; do
  ./cgone.sh $b $o 1 >/dev/null; ./cgone.sh $b $o 3 >/dev/null
  n=$b-${o/:/_}
  a1=$(./sum.sh cg.$n.1); a3=$(./sum.sh cg.$n.3)
  echo "$b $o $(python3 -c "print('%.3f' % (($a3-$a1)/2e6))")M"
done
