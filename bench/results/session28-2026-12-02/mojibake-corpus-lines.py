# The corpus texts misread whole, and the Vietnamese one's words one a line, through
# `utf8x fix --mojibake`: lines (words) given back exactly, for each binary named.
# Usage: python3 mojibake-corpus-lines.py CORPUS_DIR UTF8X [UTF8X ...]
import random, subprocess, sys
corpus, bins = sys.argv[1], sys.argv[2:]
def mis(s, enc):  # undefined bytes kept as the C1 controls of the same value
    out = []
    for b in s.encode('utf-8'):
        try: out.append(bytes([b]).decode(enc))
        except UnicodeDecodeError: out.append(chr(b))
    return ''.join(out)
def run(b, text):
    open('/tmp/moji-in.txt', 'w').write(text)
    return subprocess.run([b, 'fix', '--mojibake', '--quiet', '/tmp/moji-in.txt'], capture_output=True).stdout.decode('utf-8', 'replace').split('\n')
for name, enc in [('vietnamese', 'cp1252'), ('russian', 'cp1251'), ('japanese', 'cp1251')]:
    src = open(f'{corpus}/wikipedia_mars/{name}.utf8.txt').read()
    lines = src.split('\n')
    print(name, enc, len(lines), 'lines; given back:', *[sum(a == b for a, b in zip(lines, run(b, mis(src, enc)))) for b in bins])
src = open(f'{corpus}/wikipedia_mars/vietnamese.utf8.txt').read()
words = [w for w in src.split() if not w.isascii()]
random.seed(1); random.shuffle(words)
ws = words[:5000]
print('vietnamese words one a line, cp1252, of', len(ws), 'not given back:', *[sum(a != b for a, b in zip(ws, run(b, mis('\n'.join(ws) + '\n', 'cp1252')))) for b in bins])
