#!/bin/bash
# usage: fuzzall.sh SECONDS [PKG...]: every fuzz target of the packages, SECONDS each, failures kept
T=${1:-45}; shift
cd /work/main
pkgs=${@:-$(go list ./... )}
for pkg in $pkgs; do
  for target in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz'); do
    out=/tmp/fuzzlog/$(echo $pkg | tr / _).$target.log
    timeout $((T+120)) go test -run '^$' -fuzz "^$target\$" -fuzztime "${T}s" "$pkg" > $out 2>&1
    rc=$?
    if grep -q 'context deadline exceeded' $out && ! grep -q 'Failing input' $out; then rc=0; fi
    echo "$(date +%H:%M:%S) rc=$rc $pkg $target $(grep -o 'execs: [0-9]*' $out | tail -1)" >> /tmp/fuzzlog/summary.txt
  done
done
echo DONE >> /tmp/fuzzlog/summary.txt
