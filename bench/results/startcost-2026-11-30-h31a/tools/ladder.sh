#!/bin/sh
# ladder.sh BIN FILE ROUNDS: the programs build.sh made, utf8x and uchardet,
# in turn (altfaults.py: rusage of each child), then with perf stat
# (alt.py: task-clock, page faults, context switches).
bin=$1; f=$2; r=${3:-200}; here=$(cd "$(dirname "$0")" && pwd)
set -- "empty Go=$bin/empty" "imports os=$bin/osonly" "cmd/utf8x's outside imports, empty main=$bin/cliimports" \
  "cmd/utf8x to the end of its inits=$bin/inits" "detectmin $f=$bin/detectmin $f" \
  "utf8x --help=$bin/utf8x --help" "utf8x detect $f=$bin/utf8x detect $f" \
  "utf8x detect $f, GOMAXPROCS 1=GOMAXPROCS=1 $bin/utf8x detect $f" "uchardet $f=uchardet $f"
python3 "$here/altfaults.py" "$r" "$@"
python3 "$here/alt.py" "$r" "$@"
