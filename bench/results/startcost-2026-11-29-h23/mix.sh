#!/bin/bash
# Instructions a file over all 387 distinct 4 KiB pieces of cmd/startcost
# (its "instructions a file" counts only the first 200 files, which are
# French, German, Portuguese and 8 Turkish: the Cyrillic, Greek and Hebrew
# pieces cost several times more, as they are also read as every
# double-byte encoding). The pieces are made as startcost makes them, with
# iconv -c for x/text's encoder (both leave out what the code page lacks).
#
#   bash bench/results/startcost-2026-11-29-h23/mix.sh BASE-REV   (from the module root)
set -e
base=${1:?base revision}
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/pieces"
src=${CORPUS:-$root/../shared/corpus}/wikipedia_mars
for t in french:CP1252 german:CP1252 portuguese:CP1252 turkish:CP1254 czech:CP1250 russian:CP1251 greek:CP1253 hebrew:CP1255; do
	n=${t%%:*}
	iconv -c -f utf-8 -t "${t##*:}" "$src/$n.utf8.txt" > "$tmp/enc"
	size=$(stat -c %s "$tmp/enc")
	for ((i = 0; i < 64 && (i + 1) * 4096 <= size; i++)); do
		dd if="$tmp/enc" of="$tmp/pieces/$(printf '%s.%03d' "$n" "$i").txt" bs=4096 skip=$i count=1 status=none
		echo "$tmp/pieces/$(printf '%s.%03d' "$n" "$i").txt" >> "$tmp/list"
	done
done
git archive "$base" | (mkdir "$tmp/base" && tar -x -C "$tmp/base")
(cd "$tmp/base" && CGO_ENABLED=0 go build -o "$tmp/utf8x-base" ./cmd/utf8x)
CGO_ENABLED=0 go build -o "$tmp/utf8x-head" ./cmd/utf8x
n=$(wc -l < "$tmp/list")
echo "$n pieces; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| program | instructions a file |"
echo "|---|---:|"
count() {
	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" $(cat "$tmp/list") 2>&1 >/dev/null |
		sed -n 's/.*I *refs: *//p' | tr -d ,
}
for p in head base; do
	echo "| utf8x$([ $p = base ] && echo " @$base") (CGO_ENABLED=0) detect | $(( $(count "$tmp/utf8x-$p" detect) / n )) |"
done
command -v uchardet >/dev/null && echo "| uchardet | $(( $(count uchardet) / n )) |"
