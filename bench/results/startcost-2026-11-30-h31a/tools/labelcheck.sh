#!/bin/bash
# labelcheck.sh BIN FILE...: convert -f LABEL -t utf-8 of each file for -f
# labels around us-ascii (the branch the x/text/encoding/unicode commit
# removes) and others, then detect --json and check; prints one md5 of
# everything written (stdout, stderr, exit status) per label and command.
B=$1; shift
for l in us-ascii ascii US-ASCII Ascii 'US-ASCİİ' ' ascii ' 'us-aſcii' us auto utf-8 windows-1252 latin1 koi8-r x-mac-cyrillic mac-cyrillic gbk; do
  for f in "$@"; do echo "== $f"; $B convert -f "$l" -t utf-8 "$f" 2>&1; echo "rc=$?"; done | md5sum | sed "s|-|convert -f '$l'|"
done
for f in "$@"; do $B detect --json "$f" 2>&1; echo "rc=$?"; done | md5sum | sed 's|-|detect --json|'
for f in "$@"; do $B check "$f" 2>&1; echo "rc=$?"; done | md5sum | sed 's|-|check|'
