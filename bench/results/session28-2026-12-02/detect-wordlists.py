# Detection on Debian's hunspell word lists (an independent source: never in
# training or earlier evaluation), re-encoded into their languages' legacy
# charsets, shuffled (seed 3), cut at line ends to 4 KiB, 16 KiB, 64 KiB and
# 1 MiB. Right = decoding with the named charset gives back the text.
# Usage: python3 detect-wordlists.py UTF8X_BINARY WORDS_DIR OUT_DIR
# (uchardet from Debian, charset-normalizer from pip or Debian, jschardet from npm in
# /tmp/utf8x-jschardet as bench/cmd/detectdocs -install puts it)
import sys, os, random, subprocess, json, collections, codecs
B, W, O = sys.argv[1:4]
os.makedirs(O, exist_ok=True)
L = {
 'cp1252 latin1 mac_roman': 'af_ZA ca da_DK de_DE es_ES eu gl_ES is_IS it_IT nb_NO nl nn_NO pt_BR pt_PT sv_SE',
 'cp1250 iso8859_2': 'cs_CZ hr_HR hu_HU pl_PL sk_SK sl_SI bs_BA sr_Latn_RS',
 'iso8859_16': 'ro_RO',
 'cp1257 iso8859_13': 'lt_LT lv_LV',
 'cp1257 iso8859_15': 'et_EE',
 'cp1254 iso8859_9': 'tr_TR',
 'iso8859_3': 'eo',
 'cp1251 koi8_r cp866 iso8859_5 mac_cyrillic': 'ru_RU',
 'cp1251 koi8_u': 'uk_UA',
 'cp1251 cp855': 'bg_BG be_BY sr_RS mn_MN',
 'cp1253 iso8859_7': 'el_GR',
 'cp1255 iso8859_8': 'he_IL',
 'cp1256 iso8859_6': 'ar',
 'cp874': 'th_TH',
 'cp949 johab': 'ko',
}
py = {'windows-1252':'cp1252','iso-8859-1':'latin1','iso-8859-15':'iso8859_15','windows-1250':'cp1250','iso-8859-2':'iso8859_2','windows-1251':'cp1251','koi8-r':'koi8_r','koi8-u':'koi8_u','iso-8859-7':'iso8859_7','windows-1253':'cp1253','iso-8859-3':'iso8859_3','iso-8859-9':'iso8859_9','windows-1254':'cp1254','euc-jp':'euc_jp','shift_jis':'cp932','euc-kr':'cp949','gb18030':'gb18030','big5':'big5hkscs','iso-8859-10':'iso8859_10','macintosh':'mac_roman','windows-1257':'cp1257','iso-8859-4':'iso8859_4','iso-8859-13':'iso8859_13','ibm866':'cp866','iso-8859-5':'iso8859_5','x-mac-cyrillic':'mac_cyrillic','ibm852':'cp852','iso-8859-16':'iso8859_16','windows-1255':'cp1255','iso-8859-8':'iso8859_8','windows-1256':'cp1256','iso-8859-6':'iso8859_6','windows-1258':'cp1258','windows-874':'cp874','ibm855':'cp855','mac-centraleurope':'mac_latin2','johab':'johab','utf-8':'utf-8','us-ascii':'ascii','uhc':'cp949','tis-620':'cp874','iso-8859-11':'cp874','x-mac-cyrillic':'mac_cyrillic','maccyrillic':'mac_cyrillic','mac-cyrillic':'mac_cyrillic','ibm855':'cp855','cp866':'cp866','windows-1258':'cp1258','ascii':'ascii','iso-8859-8-i':'iso8859_8','cp949':'cp949','euc_kr':'cp949','tis_620':'cp874','mac_cyrillic':'mac_cyrillic','maclatin2':'mac_latin2','iso8859-16':'iso8859_16','windows-874':'cp874'}
def pyname(n):
    if not n: return None
    n = n.lower().replace('_', '-')
    if n in py: return py[n]
    try: return codecs.lookup(n).name
    except LookupError: return None
sizes = [('4K', 4096), ('16K', 16384), ('64K', 65536), ('1M', 1 << 20)]
rows = []
for encs, langs in L.items():
    for lang in langs.split():
        ws = open(f'{W}/{lang}.txt', encoding='utf-8').read().split('\n')[:-1]
        random.Random(3).shuffle(ws)
        for e in encs.split():
            kept = []
            for w in ws:
                try: w.encode(e)
                except UnicodeEncodeError: continue
                kept.append(w)
            if len(kept) < 200: continue
            text = '\n'.join(kept) + '\n'
            b = text.encode(e)
            for sz, n in sizes:
                if len(b) < n and sz != '4K': continue
                cut = b[:n]
                cut = cut[:cut.rfind(b'\n') + 1]
                f = f'{O}/{lang}.{e}.{sz}'
                open(f, 'wb').write(cut)
                rows.append((f, lang, e, sz, cut.decode(e)))
print(len(rows), 'files', file=sys.stderr)
files = [r[0] for r in rows]
ans = collections.defaultdict(dict)
for i in range(0, len(files), 200):
    o = subprocess.run([B, 'detect', '--json', '--min-confidence', '0', '--'] + files[i:i+200], capture_output=True, text=True).stdout
    for line in o.splitlines():
        j = json.loads(line); ans['utf8x'][j['file']] = (j.get('encoding'), j.get('confidence', 0))
for f in files:
    ans['uchardet'][f] = (subprocess.run(['uchardet', f], capture_output=True, text=True).stdout.strip(), None)
o = subprocess.run(['node', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'cmd', 'detectdocs', 'jschardet.js')], input='\n'.join(files) + '\n', capture_output=True, text=True, env=dict(os.environ, NODE_PATH='/tmp/utf8x-jschardet/node_modules')).stdout.split('\n')
for f, a in zip(files, o): ans['jschardet'][f] = (a, None)
import charset_normalizer
for f in files:
    r = charset_normalizer.from_path(f).best()
    ans['charset-normalizer'][f] = (r.encoding if r else None, None)
def ok(f, want, name):
    c = pyname(name)
    if not c: return False
    try: return open(f, 'rb').read().decode(c) == want
    except Exception: return False
tab = collections.defaultdict(collections.Counter)
conf = collections.Counter()
wrongs = []
for f, lang, e, sz, want in rows:
    for d in ans:
        name, c = ans[d][f]
        r = ok(f, want, name)
        tab[(d, sz)]['n'] += 1; tab[(d, sz)]['ok'] += r
        tab[(d, 'all')]['n'] += 1; tab[(d, 'all')]['ok'] += r
        if d == 'utf8x':
            if c >= 0.9: conf['n'] += 1; conf['w'] += not r
            if not r: wrongs.append((f, name, c))
print('| detector | ' + ' | '.join(s for s, _ in sizes) + ' | all |')
print('|---|' + '---:|' * (len(sizes) + 1))
for d in ans:
    cells = []
    for s in [s for s, _ in sizes] + ['all']:
        t = tab[(d, s)]
        cells.append('%.1f (%d/%d)' % (100 * t['ok'] / max(1, t['n']), t['ok'], t['n']))
    print('| %s | %s |' % (d, ' | '.join(cells)))
print('\nutf8x answers at confidence >= 0.9: %d, wrong %d' % (conf['n'], conf['w']))
print('\nutf8x wrong answers:')
for w in wrongs: print(' ', *w)
