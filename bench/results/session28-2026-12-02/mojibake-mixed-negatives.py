# Usage (in $HUN, after mojibake-negatives.sh made $HUN/vl): python3 mojibake-mixed-negatives.py UTF8X
# Clean lines after misread ones: blocks of 3 lines misread as Windows-1252 (or -1251 for
# Cyrillic lists) then 40 clean lines of the same list; counts clean lines changed.
import glob, os, subprocess, sys
B = sys.argv[1]
cyr = {'be_BY','bg_BG','kk_KZ','mn_MN','ru_RU','sr_RS','uk_UA'}
def mis(s, enc):
    out=[]
    for b in s.encode('utf-8'):
        try: out.append(bytes([b]).decode(enc))
        except UnicodeDecodeError: out.append(chr(b))
    return ''.join(out)
tot = ch = 0
for f in sorted(glob.glob('vl/*.txt')):
    lang = os.path.basename(f)[:-4]
    enc = 'cp1251' if lang in cyr else 'cp1252'
    ls = open(f).read().split('\n')[:-1][:6000]
    text, clean_idx = [], []
    for i in range(0, len(ls), 43):
        blk = ls[i:i+43]
        for j, l in enumerate(blk):
            if j < 3: text.append(mis(l, enc))
            else:
                clean_idx.append(len(text)); text.append(l)
    p = '/tmp/hun/mixed.txt'
    open(p, 'w').write('\n'.join(text) + '\n')
    out = subprocess.run([B, 'fix', '--mojibake', '--quiet', p], capture_output=True).stdout.decode('utf-8', 'replace').split('\n')
    c = [k for k in clean_idx if out[k] != text[k]]
    tot += len(clean_idx); ch += len(c)
    if c: print(lang, len(c), repr(text[c[0]][:80]), '->', repr(out[c[0]][:80]))
print('clean lines', tot, 'changed', ch)
