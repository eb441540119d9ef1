#!/bin/sh
# Clean text through `utf8x fix --mojibake`: every word list of $HUN/w one
# word a line, with its capitalised and upper-case forms ($HUN/v), and the
# words shuffled eight to a line, each line as it is, in title case and in
# upper case ($HUN/vl). Prints the dictionaries with a changed line and the
# totals (lines, lines changed). Usage: mojibake-negatives.sh UTF8X
set -e
B=${1:-utf8x}; HUN=${HUN:-/tmp/hun}
cd "$HUN" && mkdir -p v vl
python3 - <<'PY'
import glob, os, random
random.seed(2)
for f in glob.glob('w/*.txt'):
    ws = open(f).read().split('\n')[:-1]
    with open('v/' + os.path.basename(f), 'w') as o:
        for w in ws:
            o.write(w + '\n')
            if w[:1].islower(): o.write(w[:1].upper() + w[1:] + '\n')
            if w.upper() != w: o.write(w.upper() + '\n')
    random.shuffle(ws)
    with open('vl/' + os.path.basename(f), 'w') as o:
        for i in range(0, len(ws), 8):
            l = ' '.join(ws[i:i+8])
            o.write(l + '\n'); o.write(l.title() + '\n'); o.write(l.upper() + '\n')
PY
for d in v vl; do
  for f in $d/*.txt; do
    n=$(wc -l < "$f"); "$B" fix --mojibake --quiet "$f" > out.txt
    c=$(diff "$f" out.txt | grep -c '^<' || true); echo "$f $n $c"
  done
done | awk '{n+=$2; c+=$3; if ($3>0) print} END {print "total lines", n, "changed", c}'
