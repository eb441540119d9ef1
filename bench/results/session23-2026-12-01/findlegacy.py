# findlegacy.py DIR...: files of 1 KiB to 1 MiB that are not valid UTF-8, hold
# bytes above 7F and few control bytes (see README.md).
import os, sys
skip = ('fortune','chardet','ftfy','uchardet','/proc','/sys','/work','/tmp','/dev','/run','/var/lib/dpkg','/usr/share/man','/usr/share/locale','.git/')
out=[]
for root in sys.argv[1:]:
    for dp, dn, fn in os.walk(root, followlinks=False):
        if any(s in dp for s in skip): dn[:]=[]; continue
        for f in fn:
            p=os.path.join(dp,f)
            if any(s in p for s in skip): continue
            try:
                if os.path.islink(p) or not os.path.isfile(p): continue
                sz=os.path.getsize(p)
                if sz<1024 or sz>1<<20: continue
                b=open(p,'rb').read()
            except Exception: continue
            try:
                b.decode('utf-8'); continue
            except UnicodeDecodeError: pass
            # text-ish: few control bytes other than \t\n\r\f\x1b
            ctrl=sum(1 for c in b if c<32 and c not in (9,10,12,13,27))
            if ctrl> len(b)//200: continue
            hi=sum(1 for c in b if c>=128)
            if hi==0: continue
            out.append(p)
print("\n".join(out))
