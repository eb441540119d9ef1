import glob, os, re, sys, random
# Run in $HUN (fetch-hunspell.sh does).
out = 'w'; os.makedirs(out, exist_ok=True)
for dic in sorted(glob.glob('x/usr/share/hunspell/*.dic')):
    if os.path.getsize(dic) < 1000: continue
    aff = dic[:-4] + '.aff'
    enc = 'utf-8'
    if os.path.exists(aff):
        for line in open(aff, 'rb'):
            if line.startswith(b'SET '):
                enc = line.split()[1].decode(); break
    enc = {'microsoft-cp1251':'cp1251','ISO8859-1':'latin-1','ISO8859-2':'iso8859-2','ISO8859-7':'iso8859-7'}.get(enc, enc)
    try:
        text = open(dic, 'rb').read().decode(enc)
    except Exception as e:
        print(dic, enc, e); continue
    words = set()
    for line in text.split('\n')[1:]:
        w = re.split(r'[/\t ]', line.strip(), 1)[0]
        if w and not w.isascii():
            words.add(w)
    words = sorted(words)
    name = os.path.basename(dic)[:-4]
    with open(f'{out}/{name}.txt', 'w') as f:
        for w in words:
            f.write(w + '\n')
    print(name, enc, len(words))
