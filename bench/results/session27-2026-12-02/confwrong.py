# Each wrong answer at >= 0.9 of one utf8x binary on the real re-encoded set (top name only, as judge.py counts).
# Usage: python3 confwrong.py UTF8X_BINARY
# (the real re-encoded set in /tmp/rl as in session 24)
import os
JUDGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'session24-2026-12-01', 'judge.py')
import subprocess,re,sys,os
exec(open(JUDGE).read().split('rows=')[0])
rows=[l.rstrip('\n').split('\t') for l in open('/tmp/rl/index.tsv')]
B=sys.argv[1]
out={}
files=[r[0] for r in rows]
for i in range(0,len(files),200):
    o=subprocess.run([B,'detect']+files[i:i+200],capture_output=True,text=True).stdout
    for line in o.splitlines():
        f,a=line.split(': ',1); out[f]=a
n9=0;w9=0
for f,e,p in rows:
    want=open(p,'rb').read().decode('utf-8').lstrip('\ufeff')
    a=out.get(f,'?'); m=re.search(r'([01]\.\d\d)\)',a.split(' = ')[0]); c=float(m.group(1)) if m else None
    name=a.split(' ')[0]; cc=py.get(name)
    ok=False
    if cc:
        try: ok=open(f,'rb').read().decode(cc)==want
        except Exception: pass
    if c is not None and c>=0.9:
        n9+=1
        if not ok:
            w9+=1; b=open(f,'rb').read(); hi=sum(1 for x in b if x>127)
            print(e, len(b), hi, a[:80], p, sep='\t')
print('wrong>=0.9',w9,'of',n9)
