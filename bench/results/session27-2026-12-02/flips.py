# The real re-encoded files whose answer turned right or wrong between two utf8x binaries, grouped by encoding and the characters beyond ASCII they hold.
# Usage: python3 flips.py OLD_BINARY NEW_BINARY
# (the real re-encoded set in /tmp/rl as in session 24)
import os
JUDGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'session24-2026-12-01', 'judge.py')
import subprocess,json,collections,sys
exec(open(JUDGE).read().split('rows=')[0])
rows=[l.rstrip('\n').split('\t') for l in open('/tmp/rl/index.tsv')]
def ans(B):
    out={}
    files=[r[0] for r in rows]
    for i in range(0,len(files),300):
        o=subprocess.run([B,'detect','--json']+files[i:i+300],capture_output=True,text=True).stdout
        for line in o.splitlines():
            j=json.loads(line); out[j['file']]=j
    return out
A=ans(sys.argv[1]); Bn=ans(sys.argv[2])
def ok(j,f,want):
    e=j.get('encoding'); c=py.get(e) if e else None
    if not c: return False
    try: return open(f,'rb').read().decode(c)==want
    except Exception: return False
gain=collections.Counter(); loss=collections.Counter()
for f,e,p in rows:
    want=open(p,'rb').read().decode('utf-8').lstrip('\ufeff')
    a,b=ok(A[f],f,want),ok(Bn[f],f,want)
    hi=''.join(sorted(set(ch for ch in want if ord(ch)>127)))[:12]
    if a!=b:
        (gain if b else loss)[(e,hi,A[f].get('encoding'),Bn[f].get('encoding'))]+=1
print('gains'); [print(v,k) for k,v in gain.most_common(20)]
print('losses'); [print(v,k) for k,v in loss.most_common(20)]
