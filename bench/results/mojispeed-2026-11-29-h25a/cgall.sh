#!/bin/bash
# cgall.sh name: cachegrind R=1 and R=3 for all 40 inputs and for Persian alone (ZZ_ONLY=persan:0 -> name-p)
S=/work/wt-h25a/bench/results/mojispeed-2026-11-29-h25a
n=$1
$S/cg.sh /tmp/h25a/$n.test 1; $S/cg.sh /tmp/h25a/$n.test 3
cp /tmp/h25a/$n.test /tmp/h25a/$n-p.test
export ZZ_ONLY=persan:0
$S/cg.sh /tmp/h25a/$n-p.test 1; $S/cg.sh /tmp/h25a/$n-p.test 3
