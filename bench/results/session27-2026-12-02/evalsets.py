# Right, wrong, abstained and wrong at >= 0.9 of one utf8x binary on the real re-encoded set and the generator's sparse samples (equivalents count as right on the latter, as sparseeval counts).
# Usage: python3 evalsets.py UTF8X_BINARY
# (the real re-encoded set in /tmp/rl as in session 24; sparse samples in /tmp/sparse from GEN_SPARSE_DUMP)
import os
JUDGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'session24-2026-12-01', 'judge.py')
import subprocess,re,sys,os,json,collections,glob
exec(open(JUDGE).read().split('rows=')[0])
B=sys.argv[1]; env=dict(os.environ)
sets={}
sets['sparse']=[(f[:-5],open(f,encoding='utf-8').read()) for f in sorted(glob.glob('/tmp/sparse/*.utf8'))]
rl=[]
for l in open('/tmp/rl/index.tsv'):
    f,e,p=l.rstrip('\n').split('\t'); rl.append((f,open(p,'rb').read().decode('utf-8').lstrip('\ufeff')))
sets['real']=rl
def dec(b,name):
    c=py.get(name)
    if not c: return None
    try: return b.decode(c)
    except Exception: return None
for name,pairs in sets.items():
    out={}
    files=[p[0] for p in pairs]
    for i in range(0,len(files),300):
        o=subprocess.run([B,'detect','--json']+files[i:i+300],capture_output=True,text=True,env=env).stdout
        for line in o.splitlines():
            j=json.loads(line); out[j['file']]=j
    right=wrong=abst=c9=w9=0
    byenc=collections.Counter()
    for f,want in pairs:
        j=out[f]; b=open(f,'rb').read()
        if not j.get('encoding'): abst+=1; continue
        ok=dec(b,j['encoding'])==want
        if name=='sparse' and not ok:
            ok=any(dec(b,n)==want for n in j.get('equivalent',[]))
        right+=ok; wrong+=not ok
        if ok: byenc[f.split('.')[-1] if name=='real' else f.split('.')[1]]+=1
        if j['confidence']>=0.9:
            c9+=1; w9+=not ok
    print(name,'right',right,'wrong',wrong,'abst',abst,'conf>=0.9',c9,'wrong',w9, dict(byenc) if name=='real' else '')
