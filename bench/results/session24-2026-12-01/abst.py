import re,sys,collections
exec(open('judge.py').read().split("rows=[")[0])  # py map
rows=[l.rstrip('\n').split('\t') for l in open('/tmp/rl/index.tsv')]
import subprocess
files=[r[0] for r in rows]
out={}
for i in range(0,len(files),200):
    o=subprocess.run([sys.argv[1],'detect']+files[i:i+200],capture_output=True,text=True).stdout
    for line in o.splitlines():
        f,a=line.split(': ',1); out[f]=a
bands=collections.Counter(); ok=collections.Counter()
for f,e,p in rows:
    a=out[f]
    m=re.match(r'unknown \(best guess (\S+) \(.*, ([01]\.\d\d)\)',a)
    if not m: continue
    name,c=m.group(1),float(m.group(2))
    want=open(p,'rb').read().decode('utf-8').lstrip('\ufeff')
    b=open(f,'rb').read()
    good=False
    if py.get(name):
        try: good=b.decode(py[name])==want
        except Exception: pass
    band=min(int(c*10),4)
    bands[band]+=1; ok[band]+=good
for b in sorted(bands): print('confidence [%.1f,%.1f): %d abstentions, best guess right %d'%(b/10,(b+1)/10,bands[b],ok[b]))
print('all', sum(bands.values()), sum(ok.values()))
