import subprocess, re, collections
exec(open('judge.py').read().split("rows=[l")[0])  # py map
rows=[l.rstrip('\n').split('\t') for l in open('/tmp/rl/index.tsv')]
files=[r[0] for r in rows]
ans={}
for i in range(0,len(files),200):
    o=subprocess.run(['/tmp/utf8x-new','detect']+files[i:i+200],capture_output=True,text=True).stdout
    for line in o.splitlines():
        f,a=line.split(': ',1); ans[f]=a
B=collections.defaultdict(collections.Counter)
for f,e,p in rows:
    b=open(f,'rb').read(); want=open(p,'rb').read().decode('utf-8').lstrip('\ufeff')
    h=sum(1 for x in b if x>127)
    k='1' if h<=1 else '2-3' if h<=3 else '4-8' if h<=8 else '9-32' if h<=32 else '33-128' if h<=128 else '>128'
    a=ans[f]; m=re.search(r'([01]\.\d\d)\)',a.split(' = ')[0]); c=float(m.group(1)) if m else 0
    name=a.split(' ')[0]; cd=py.get(name)
    try: ok = cd is not None and b.decode(cd)==want
    except Exception: ok=False
    if a.startswith('unknown'): B[k]['abstain']+=1
    elif c>=0.9: B[k]['conf-right' if ok else 'conf-WRONG']+=1
    else: B[k]['low-right' if ok else 'low-wrong']+=1
for k in ['1','2-3','4-8','9-32','33-128','>128']: print(k, dict(B[k]))
print('---')
for f,e,p in rows:
    b=open(f,'rb').read(); h=sum(1 for x in b if x>127); a=ans[f]
    want=open(p,'rb').read().decode('utf-8').lstrip('\ufeff')
    m=re.search(r'([01]\.\d\d)\)',a.split(' = ')[0]); c=float(m.group(1)) if m else 0
    name=a.split(' ')[0]; cd=py.get(name)
    try: ok = cd is not None and b.decode(cd)==want
    except Exception: ok=False
    if (h>128 and a.startswith('unknown')) or (9<=h<=32 and c>=0.9 and not ok):
        print(e, h, a[:75], p[-60:])
