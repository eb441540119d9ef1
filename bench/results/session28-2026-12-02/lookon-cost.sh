#!/bin/sh
# The look-on's cost in a whole `utf8x detect` process, and one detect
# process on a small file beside uchardet (perf stat; CPU time).
# Usage: lookon-cost.sh OLD_UTF8X NEW_UTF8X   (needs $HUN/w from fetch-hunspell.sh, perf, uchardet)
set -e
OLD=$1; NEW=$2; HUN=${HUN:-/tmp/hun}
python3 - "$HUN" <<'PY'
import random, sys
hun = sys.argv[1]
random.seed(5)
ws = open(hun + '/w/pt_PT.txt').read().split()
lines = [' '.join(random.choice(ws) for _ in range(8)) + ' plain ascii words here and there' for _ in range(400000)]
open('/tmp/big1252.txt', 'wb').write(('\n'.join(lines) + '\n').encode('cp1252'))
random.seed(6)
ws = [w for w in open(hun + '/w/el_GR.txt').read().split() if 'Ά' not in w]
lines = [' '.join(random.choice(ws) for _ in range(8)) for _ in range(100000)]
lines.insert(60000, 'Άρης Άλλοι')
open('/tmp/biggreek.txt', 'wb').write(('\n'.join(lines) + '\n').encode('iso8859_7'))
PY
for b in "$OLD" "$NEW"; do
  for f in /tmp/big1252.txt /tmp/biggreek.txt; do
    echo "$b detect $f"; perf stat -r 30 "$b" detect "$f" 2>&1 >/dev/null | grep -E 'task-clock'
  done
done
# One small file (2.5 KB of a Windows-1252 changelog in session 27; any small legacy file will do).
SMALL=${SMALL:-/tmp/small.txt}
if [ -f "$SMALL" ]; then
  for c in "$NEW detect" uchardet; do
    echo "$c $SMALL"; perf stat -r 200 -e task-clock,page-faults $c "$SMALL" 2>&1 >/dev/null | grep -E 'task-clock|page-faults'
  done
fi
