import subprocess, sys, collections, os
py={'windows-1252':'cp1252','iso-8859-1':'latin1','iso-8859-15':'iso8859_15','windows-1250':'cp1250','iso-8859-2':'iso8859_2','windows-1251':'cp1251','koi8-r':'koi8_r','koi8-u':'koi8_u','iso-8859-7':'iso8859_7','windows-1253':'cp1253','iso-8859-3':'iso8859_3','iso-8859-9':'iso8859_9','windows-1254':'cp1254','euc-jp':'euc_jp','shift_jis':'cp932','euc-kr':'cp949','gb18030':'gb18030','big5':'big5hkscs','iso-8859-10':'iso8859_10','macintosh':'mac_roman','windows-1257':'cp1257','iso-8859-4':'iso8859_4','iso-8859-13':'iso8859_13','ibm866':'cp866','iso-8859-5':'iso8859_5','x-mac-cyrillic':'mac_cyrillic','ibm852':'cp852','iso-8859-16':'iso8859_16','windows-1255':'cp1255','iso-8859-8':'iso8859_8','windows-1256':'cp1256','iso-8859-6':'iso8859_6','windows-1258':'cp1258','windows-874':'cp874','ibm855':'cp855','euc-tw':None,'viscii':None,'mac-centraleurope':'mac_latin2','johab':'johab','utf-8':'utf-8','us-ascii':'ascii'}
for k in list(py):
    py[k.upper()]=py[k]
py['UHC']='cp949'; py['MAC-CENTRALEUROPE']='mac_latin2'; py['MAC-CYRILLIC']='mac_cyrillic'; py['ISO-8859-1']='latin1'; py['BIG5']='big5hkscs'; py['SHIFT_JIS']='cp932'; py['EUC-KR']='cp949'
rows=[l.rstrip('\n').split('\t') for l in open('/tmp/rl/index.tsv')]
def answers(cmd):
    files=[r[0] for r in rows]
    out={}
    for i in range(0,len(files),200):
        o=subprocess.run(cmd+files[i:i+200],capture_output=True,text=True).stdout
        for line in o.splitlines():
            f,a=line.split(': ',1)
            out[f]=a
    return out
res={}
# OLD and NEW name the two utf8x binaries compared (default /tmp/utf8x, /tmp/utf8x-new)
for name,cmd in (('old',[os.environ.get('OLD','/tmp/utf8x'),'detect']),('new',[os.environ.get('NEW','/tmp/utf8x-new'),'detect'])):
    res[name]=answers(cmd)
uc={}
for f,_,_ in rows:
    uc[f]=subprocess.run(['uchardet',f],capture_output=True,text=True).stdout.strip()
res['uchardet']=uc
def right(f,a,want):
    b=open(f,'rb').read()
    name=a.split(' ')[0]
    c=py.get(name)
    if not c: return False,None
    try: return b.decode(c)==want, None
    except Exception: return False, None
def conf(a):
    import re
    m=re.search(r'([01]\.\d\d)\)',a.split(' = ')[0])
    return float(m.group(1)) if m else None
stats=collections.defaultdict(lambda: collections.Counter())
wrongs=[]
import hashlib
seen_text=set()
for f,e,p in rows:
    want=open(p,'rb').read().decode('utf-8').lstrip('\ufeff')
    h=hashlib.sha256(want.encode()).hexdigest()
    first=h not in seen_text
    seen_text.add(h)
    for name in res:
        a=res[name].get(f,'?')
        ok,_=right(f,a,want)
        if name!='uchardet' and a.startswith('unknown'):
            c=None; ok=False; kind='abstain'
        else:
            c=conf(a) if name!='uchardet' else None
            kind='right' if ok else 'wrong'
        for key in ((name,e),(name,'all'))+(((name,'all, distinct texts'),) if first else ()):
            stats[key][kind]+=1
            stats[key]['n']+=1
            if name!='uchardet' and kind=='wrong' and c is not None and c>=0.9: stats[key]['wrong>=0.9']+=1
            if name!='uchardet' and c is not None and c>=0.9: stats[key]['>=0.9']+=1
        if name=='new' and kind!='right': wrongs.append((e,kind,a[:70],p))
encs=sorted(set(e for _,e,_ in rows))
print('| encoding | files | main right | abstained | wrong | wrong at >= 0.9 (of answers >= 0.9) | new right | abstained | wrong | wrong at >= 0.9 (of answers >= 0.9) | uchardet right |')
print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for e in encs+['all','all, distinct texts']:
    o,nw,u=stats[('old',e)],stats[('new',e)],stats[('uchardet',e)]
    print(f"| {e} | {nw['n']} | {o['right']} | {o['abstain']} | {o['wrong']} | {o['wrong>=0.9']} ({o['>=0.9']}) | {nw['right']} | {nw['abstain']} | {nw['wrong']} | {nw['wrong>=0.9']} ({nw['>=0.9']}) | {u['right']} |")
open(os.environ.get('MISSES','/tmp/rl/new-misses.txt'),'w').write('\n'.join('\t'.join(w) for w in wrongs)+'\n')
