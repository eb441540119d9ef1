#!/bin/bash
# runfix.sh LIST OUT: fix --mojibake --explain on each file; files with any change -> OUT
: > $2
while read -r f; do
  e=$(timeout 20 ${BIN:-utf8x} fix --mojibake --explain "$f" 2>&1 >/dev/null)
  [ -n "$e" ] && { echo "=== $f"; echo "$e" | head -20; } >> $2
done < $1
