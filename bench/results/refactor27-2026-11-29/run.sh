#!/bin/bash
# alternating rounds: pair A (e90dbf8 -> 067ea2a: test helper, error model, descriptor, generated dispatch)
# pair B (35ce4b1 -> d8463a4: outUnit rename + package renames)
cd /tmp/bs27
run() { # commit out
  local c=$1 o=$2
  (cd src-$c && ../root-$c.test -test.run '^$' -test.bench . -test.benchtime 50ms >> ../$o.root.txt 2>&1)
  (cd src-$c/transcode && ../../tc-$c.test -test.run '^$' -test.bench 'Entry$/(UTF-16LE|Windows-1252)$' -test.benchtime 50ms >> ../../$o.tc.txt 2>&1
   ../../tc-$c.test -test.run '^$' -test.bench 'EntryRepair|TransformChunk|Units|UTF8ToUTF16LE|Variants|SingleByte' -test.benchtime 50ms >> ../../$o.tc.txt 2>&1
   [ $o = B0 -o $o = B1 ] && ../../tc-$c.test -test.run '^$' -test.bench 'Corpus' -test.benchtime 50ms >> ../../$o.tc.txt 2>&1)
}
for r in 1 2 3 4; do
  if [ $((r%2)) = 1 ]; then run e90dbf8 A0; run 067ea2a A1; run 35ce4b1 B0; run d8463a4 B1
  else run 067ea2a A1; run e90dbf8 A0; run d8463a4 B1; run 35ce4b1 B0; fi
  echo round $r $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg) >> progress.txt
done
echo done >> progress.txt
