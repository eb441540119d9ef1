#!/bin/sh
# Debian's hunspell word lists (never used for training or tuning here),
# unpacked under ${HUN:-/tmp/hun}/x, then one word beyond ASCII a line
# (UTF-8) per dictionary in $HUN/w (words.py).
set -e
HUN=${HUN:-/tmp/hun}
mkdir -p "$HUN" && cd "$HUN"
apt-get download hunspell-cs hunspell-de-de hunspell-fr hunspell-es hunspell-it hunspell-pl \
  hunspell-pt-pt hunspell-pt-br hunspell-ru hunspell-uk hunspell-hu hunspell-sk hunspell-sl \
  hunspell-hr hunspell-ro hunspell-tr hunspell-el hunspell-he hunspell-ar hunspell-vi hunspell-da \
  hunspell-sv hunspell-no hunspell-nl hunspell-lt hunspell-lv myspell-et hunspell-eu hunspell-ca \
  hunspell-gl hunspell-bg hunspell-sr hunspell-be hunspell-kk hunspell-is hunspell-ko hunspell-th \
  hunspell-hi hunspell-af hunspell-id hunspell-en-us hunspell-mn hunspell-bs myspell-eo
for d in *.deb; do dpkg-deb -x "$d" x; done
python3 "$(dirname "$0")/words.py"
# the dictionaries that are links to another
cd w && rm -f ar_[A-Z]*.txt ca_ES*.txt de_BE.txt de_LU.txt es_[A-DF-Z]*.txt eu_*.txt it_CH.txt \
  ko_KR.txt nl_*.txt sr_ME.txt sv_FI.txt en_US.txt id_ID.txt
ls | wc -l
