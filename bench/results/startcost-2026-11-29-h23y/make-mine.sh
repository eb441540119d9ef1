#!/bin/bash
# corpus Wikipedia texts in their legacy encodings: whole, and pieces of 300 B
# and 4 KiB at offsets 0, 3000, 11000, 40000
set -e
C=/work/shared/corpus/wikipedia_mars
cd /tmp/h23y
for spec in french:CP1252,ISO-8859-15,MACINTOSH german:CP1252,ISO-8859-1,MACINTOSH portuguese:CP1252,ISO-8859-15 english:CP1252 esperanto:ISO-8859-3,CP1252 \
  czech:CP1250,ISO-8859-2,IBM852,MAC-CENTRALEUROPE turkish:CP1254,ISO-8859-9,ISO-8859-3 \
  russian:CP1251,KOI8-R,KOI8-U,IBM866,ISO-8859-5,MAC-CYRILLIC,IBM855 greek:CP1253,ISO-8859-7 \
  hebrew:CP1255,ISO-8859-8 arabic:CP1256,ISO-8859-6 persan:CP1256 thai:CP874 vietnamese:CP1258,VISCII \
  chinese:GB18030,GBK,BIG5,EUC-TW japanese:CP932,EUC-JP korean:EUC-KR,JOHAB hindi:UTF-8; do
  n=${spec%%:*}; encs=${spec#*:}
  for e in ${encs//,/ }; do
    f=whole/$n.$e
    iconv -c -f utf-8 -t $e $C/$n.utf8.txt > $f 2>/dev/null || true
    sz=$(stat -c %s $f)
    [ $sz -gt 0 ] || { rm -f $f; continue; }
    for off in 0 3000 11000 40000; do
      for len in 300 4096; do
        [ $off -lt $sz ] || continue
        dd if=$f of=mine/$n.$e.$off.$len bs=1 skip=$off count=$len status=none 2>/dev/null || \
          tail -c +$((off+1)) $f | head -c $len > mine/$n.$e.$off.$len
      done
    done
  done
done
