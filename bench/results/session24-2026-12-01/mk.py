# Re-encode real clean UTF-8 files into the first legacy encoding that holds
# each losslessly; write them under /tmp/rl/files with an index.
import os, sys, hashlib
encs=['cp1252','cp1250','cp1251','cp1253','cp1254','cp1257','cp1255','cp1256','shift_jis','gb18030','big5','euc_kr']
out='/tmp/rl/files'; os.makedirs(out, exist_ok=True)
idx=open('/tmp/rl/index.tsv','w')
n=0
for p in open(sys.argv[1]).read().split('\n'):
    if not p: continue
    try: t=open(p,'rb').read().decode('utf-8')
    except Exception: continue
    t=t.lstrip('\ufeff')
    if not any(ord(c)>127 for c in t): continue
    for e in encs:
        try: b=t.encode(e)
        except UnicodeEncodeError: continue
        break
    else: continue
    n+=1
    f=os.path.join(out,'%05d.%s'%(n,e))
    open(f,'wb').write(b)
    idx.write('%s\t%s\t%s\n'%(f,e,p))
print(n)
