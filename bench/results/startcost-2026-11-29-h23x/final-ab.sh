#!/bin/bash
# final-ab.sh OLD NEW: for fr.txt, ru.txt, el.txt (make-inputs.sh), `BIN detect FILE`
# for both binaries: callgrind median of 9 (irmed.sh) and page-fault quantiles
# over 200 runs (fq.sh), the binaries in turn; then the load average.
cd "$(dirname "$0")"
for f in fr ru el; do
	for b in "$@"; do echo "$f $(basename $b) ir: $(./irmed.sh 9 $b detect /tmp/h23x/$f.txt)"; done
	for b in "$@"; do echo "$f $(basename $b) faults: $(./fq.sh 200 $b detect /tmp/h23x/$f.txt)"; done
done
uptime
