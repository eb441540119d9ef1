#!/bin/bash
# The inputs of the identity check (everything under /tmp/h23x; nothing here
# is committed test data): the corpus's Wikipedia texts in 21 encodings
# (iconv -c), 4 KiB and 300 B pieces at offsets 0, 3000, 11000 and 40000,
# the first 4 KiB of the French, Russian and Greek texts in windows-1252/
# 1251/1253 (fr.txt, ru.txt, el.txt: startcost's single-file pieces), and
# every file of /work/shared/corpus.
set -e
rm -rf /tmp/h23x/pieces; mkdir -p /tmp/h23x/pieces /tmp/h23x/enc
cd /tmp/h23x
for f in /work/shared/corpus/wikipedia_mars/*.utf8.txt; do
	n=$(basename $f .utf8.txt)
	for e in CP1250 CP1251 CP1252 CP1253 CP1254 CP1255 CP1256 CP1257 CP1258 ISO-8859-1 ISO-8859-2 ISO-8859-5 ISO-8859-7 KOI8-R UTF-8 UTF-16LE SHIFT_JIS EUC-JP GB18030 BIG5 EUC-KR; do
		iconv -c -f utf-8 -t $e $f > enc/$n.$e 2>/dev/null || true
		# skip encodings that keep almost nothing of the text
		[ $(stat -c %s enc/$n.$e) -gt 5000 ] || continue
		for off in 0 3000 11000 40000; do
			for size in 4096 300; do
				out=pieces/$n.$e.$off.$size
				tail -c +$((off + 1)) enc/$n.$e | head -c $size > $out
				[ -s $out ] || rm $out
			done
		done
	done
done
head -c 4096 enc/french.CP1252 > fr.txt
head -c 4096 enc/russian.CP1251 > ru.txt
head -c 4096 enc/greek.CP1253 > el.txt
(ls -d /tmp/h23x/pieces/* | sort; find /work/shared/corpus -type f | sort) > allfiles
wc -l allfiles
