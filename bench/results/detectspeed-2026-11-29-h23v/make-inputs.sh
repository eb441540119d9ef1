#!/bin/bash
# The inputs of the identity check and of the instruction counts in README.md
# (everything under /tmp/h23v; nothing here is committed test data).
set -e
mkdir -p /tmp/h23v/pieces /tmp/h23v/docs /tmp/h23v/extra
# 4 KiB pieces of the corpus's Wikipedia texts in their Windows code pages
# (iconv -c: the characters a code page lacks are left out), as startcost's.
cd /tmp/h23v/pieces
for t in french:CP1252 german:CP1252 portuguese:CP1252 turkish:CP1254 czech:CP1250 russian:CP1251 greek:CP1253 hebrew:CP1255; do
	n=${t%%:*}; e=${t##*:}
	iconv -c -f utf-8 -t $e /work/shared/corpus/wikipedia_mars/$n.utf8.txt > /tmp/h23v/$n.enc
	split -b 4096 -d -a 3 /tmp/h23v/$n.enc $n.$e.
done
# the documents detectdocs builds (HTML, XML, roff, CSV, email, source, srt, ...)
(cd /work/wt-h23v/bench && go run ./cmd/detectdocs -peers "" -corpus /work/shared/corpus -cost-runs 0 -keep /tmp/h23v/docs)
# long mostly-ASCII files: BenchmarkLegacyMarkup's HTML rows and roff in nine
# encodings, 100,000 bytes and 1 MiB, as they are, with controls sprinkled
# after the prefix (.ctl), and ASCII with a few encoded letters only after the
# prefix (.late)
cd /tmp/h23v/extra && python3 - <<'PY'
import random
texts = {
 "cp1252":"Le garçon a mangé une crème brûlée près de la fenêtre.",
 "cp1251":"Вчера вечером мы долго гуляли по набережной.",
 "cp1253":"Χθες το βράδυ περπατήσαμε για πολύ στην προκυμαία.",
 "cp1255":"אתמול בערב טיילנו הרבה זמן לאורך הטיילת.",
 "shift_jis":"今日は天気がとても良いので、公園で散歩しました。",
 "euc_jp":"今日は天気がとても良いので、公園で散歩しました。",
 "gbk":"今天天气很好，我们在公园里散步了很长时间。",
 "big5":"今天天氣很好，我們在公園裡散步了很長時間。",
 "euc_kr":"오늘은 날씨가 아주 좋아서 공원에서 오래 산책했습니다.",
}
random.seed(3)
for enc, t in texts.items():
    e = t.encode(enc)
    html = b'<tr class="row"><td><a href="/wiki/Page_name?action=view&amp;id=12345" title="' + e + b'">link</a></td><td class="num">12,345</td><td><span style="color:#333">see also</span></td></tr>\n'
    roff = b'.TP\n.BR \\-o ", " \\-\\-output =\\fIfile\\fR\n' + e + b'\n.IP \\(bu 2\n\\fBoption\\fP value\n'
    for kind, unit in (("html", html), ("man", roff)):
        for size in (100000, 1 << 20):
            p = (unit * (size // len(unit) + 1))[:size]
            open(f"{enc}.{kind}.{size}", "wb").write(p)
            q = bytearray(p)
            for i in range(20):
                q[random.randrange(70000, size)] = random.choice([1, 2, 0x7f, 0x1a, 0x1b, 0x0b, 0x0c, 0x08])
            open(f"{enc}.{kind}.{size}.ctl", "wb").write(bytes(q))
            a = bytearray((b'<p class="x">plain ascii text here</p>\n' * 3000)[:size])
            for i in range(30):
                j = random.randrange(70000, size - 2)
                a[j:j+2] = e[:2]
            open(f"{enc}.{kind}.{size}.late", "wb").write(bytes(a))
PY
cd /tmp/h23v
(ls -d pieces/*; find docs -type f ! -name index.tsv | sort; find /work/shared/corpus -type f | sort; ls -d extra/*) > allfiles
# rr200/rr400: the pieces taken in turn from each text; latin300: the first
# 300 French, German, Portuguese, Czech and Turkish pieces
python3 - <<'PY'
import os, collections
files = sorted(os.listdir('pieces'))
by = collections.OrderedDict()
for f in files:
    by.setdefault(f.split('.')[0], []).append('pieces/'+f)
out, i = [], 0
while len(out) < 400:
    for k, v in by.items():
        if i < len(v): out.append(v[i])
    i += 1
out = out[:400]
open('rr200','w').write('\n'.join(out[:200])+'\n')
open('rr400','w').write('\n'.join(out)+'\n')
PY
ls pieces/french* pieces/german* pieces/portuguese* pieces/czech* pieces/turkish* | head -300 > latin300
