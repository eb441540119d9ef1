# Mojibake made from the word lists (3,000 random words a dictionary): each word, or eight
# words a line, misread through a chain (Python codecs; words the codec cannot
# misread left out), repaired by `utf8x fix --mojibake`; prints the share given back exactly.
import sys, random, os, subprocess
# Usage (in $HUN): python3 mojibake-positives.py UTF8X word|line [CHAIN,...]
# (chains: cp1252 cp1251 latin-1 cp1250 mac_roman cp437 cp1252x2, the last misread twice)
B = sys.argv[1]
# chain per language family
latin = 'af_ZA ca cs_CZ da_DK de_DE es_ES et_EE eu gl_ES hr_HR hu_HU is_IS it_IT lt_LT lv_LV nb_NO nl nn_NO pl_PL pt_BR pt_PT ro_RO sk_SK sl_SI sv_SE tr_TR vi_VN eo bs_BA sr_Latn_RS'.split()
cyr = 'be_BY bg_BG kk_KZ mn_MN ru_RU sr_RS uk_UA'.split()
other = 'el_GR he_IL ar th_TH hi_IN ko'.split()
chains = {'cp1252': latin+cyr+other, 'cp1251': cyr+other+['cs_CZ','pl_PL','de_DE','fr'],
          'latin-1': latin+cyr+other, 'cp1250': latin+cyr+other, 'mac_roman': latin+cyr+other,
          'cp437': latin+cyr+other, 'cp1252x2': latin+cyr}
if len(sys.argv) > 3:
    chains = {k: v for k, v in chains.items() if k in sys.argv[3].split(',')}
random.seed(1)
os.makedirs('p', exist_ok=True)
mode = sys.argv[2]  # 'word' or 'line'
tot = {}
for ch, langs in chains.items():
    for lang in langs:
        fn = f'w/{lang}.txt'
        if not os.path.exists(fn): continue
        ws = open(fn).read().split('\n')[:-1]
        random.shuffle(ws)
        ws = ws[:3000]
        src, exp = [], []
        if mode == 'word':
            items = ws
        else:
            items = [' '.join(ws[i:i+8]) for i in range(0, len(ws), 8)]
        for it in items:
            try:
                if ch.endswith('x2'):
                    c = ch[:-2]
                    m = it.encode('utf-8').decode(c).encode('utf-8').decode(c)
                else:
                    m = it.encode('utf-8').decode(ch)
            except UnicodeDecodeError:
                continue
            src.append(m); exp.append(it)
        p = f'p/{lang}.{ch}.{mode}.txt'
        open(p, 'w').write('\n'.join(src) + '\n')
        out = subprocess.run([B, 'fix', '--mojibake', '--quiet', p], capture_output=True).stdout.decode('utf-8', 'replace').split('\n')[:-1]
        ok = sum(1 for a, b in zip(out, exp) if a == b)
        print(f'{ch} {lang} {mode} {ok}/{len(exp)} {100*ok/max(1,len(exp)):.1f}%')
