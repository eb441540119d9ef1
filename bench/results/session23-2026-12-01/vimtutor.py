# vimtutor.py: decode each legacy vim tutor with the encoding each detector names
# and compare with its tutor.xx.utf-8 sibling. The binaries compared are
# /tmp/utf8x (c52b1a6) and /tmp/utf8x-new (the head), built with
# go build -o ... ./cmd/utf8x; uchardet from Debian.
import os, sys, subprocess, json
D='/usr/share/vim/vim90/tutor'
codecs=['cp1252','latin1','iso8859_15','cp1250','iso8859_2','cp1251','koi8_r','koi8_u','iso8859_7','cp1253','cp737','iso8859_3','iso8859_9','cp1254','euc_jp','shift_jis','cp932','euc_kr','cp949','gb18030','gbk','big5','cp950','iso8859_10','mac_roman','cp1257','iso8859_4','iso8859_13']
pyname={'windows-1252':'cp1252','iso-8859-1':'latin1','iso-8859-15':'iso8859_15','windows-1250':'cp1250','iso-8859-2':'iso8859_2','windows-1251':'cp1251','koi8-r':'koi8_r','koi8-u':'koi8_u','iso-8859-7':'iso8859_7','windows-1253':'cp1253','iso-8859-3':'iso8859_3','iso-8859-9':'iso8859_9','windows-1254':'cp1254','euc-jp':'euc_jp','shift_jis':'cp932','euc-kr':'cp949','gb18030':'gb18030','big5':'big5hkscs','iso-8859-10':'iso8859_10','macintosh':'mac_roman','windows-1257':'cp1257','iso-8859-4':'iso8859_4','iso-8859-13':'iso8859_13','ibm866':'cp866','iso-8859-5':'iso8859_5','x-mac-cyrillic':'mac_cyrillic','ibm852':'cp852','iso-8859-16':'iso8859_16','windows-1255':'cp1255','iso-8859-8':'iso8859_8','WINDOWS-1252':'cp1252','ISO-8859-1':'latin1','ISO-8859-15':'iso8859_15','WINDOWS-1250':'cp1250','ISO-8859-2':'iso8859_2','WINDOWS-1251':'cp1251','KOI8-R':'koi8_r','ISO-8859-7':'iso8859_7','ISO-8859-3':'iso8859_3','ISO-8859-9':'iso8859_9','EUC-JP':'euc_jp','SHIFT_JIS':'cp932','UHC':'cp949','EUC-KR':'euc_kr','GB18030':'gb18030','BIG5':'big5hkscs','MAC-CENTRALEUROPE':'mac_latin2','mac-centraleurope':'mac_latin2','WINDOWS-1257':'cp1257','ISO-8859-13':'iso8859_13','IBM852':'cp852','ISO-8859-10':'iso8859_10','ISO-8859-16':'iso8859_16','WINDOWS-1255':'cp1255','WINDOWS-1253':'cp1253','WINDOWS-1254':'cp1254','MAC-CYRILLIC':'mac_cyrillic'}
def dec(b,c):
    try: return b.decode(c)
    except Exception: return None
rows=[]
for f in sorted(os.listdir(D)):
    if f.endswith('.utf-8') or f in ('tutor','tutor.vim'): continue
    p=os.path.join(D,f)
    base=f.rsplit('.',1)[0] if f.count('.')>=2 else f
    sib=os.path.join(D,base+'.utf-8')
    if not os.path.exists(sib): continue
    b=open(p,'rb').read(); want=open(sib,'rb').read().decode('utf-8')
    truth=[c for c in codecs if dec(b,c)==want]
    if not truth: rows.append((f,'?','-','-')); continue
    res={}
    for name,cmd in (('base',['/tmp/utf8x','detect']),('new',['/tmp/utf8x-new','detect']),('uchardet',['uchardet'])):
        o=subprocess.run(cmd+[p],capture_output=True,text=True).stdout.strip()
        ans=o.split(': ',1)[1].split(' ')[0] if name!='uchardet' else o
        ok = ans in pyname and dec(b,pyname[ans])==want
        res[name]=(ans,ok)
    rows.append((f,truth[0],res))
tot={'base':0,'new':0,'uchardet':0}; n=0
for r in rows:
    if r[1]=='?': print(r[0],'no exact codec'); continue
    n+=1
    for k in tot: tot[k]+=r[2][k][1]
    print(f"{r[0]:18} {r[1]:11} " + "  ".join(f"{k}={r[2][k][0]}{'' if r[2][k][1] else '(WRONG)'}" for k in tot))
print(n,'files', tot)
