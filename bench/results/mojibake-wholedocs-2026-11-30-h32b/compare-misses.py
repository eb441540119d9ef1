import json,sys,collections,difflib
def load(p):
    d={}
    for l in open(p):
        r=json.loads(l); d[(r['where'],r['in'],r['want'])]=r['utf8x']
    return d
a=load(sys.argv[1]); b=load(sys.argv[2]); filt=sys.argv[3] if len(sys.argv)>3 else ''
def ratio(x,y): return difflib.SequenceMatcher(None,x,y,autojunk=False).ratio()
worse=collections.Counter(); better=collections.Counter(); ex=[]
keys=set(a)|set(b)
for k in keys:
    if filt not in k[0]: continue
    ga=a.get(k,k[2]); gb=b.get(k,k[2])
    if ga==gb: continue
    ra,rb=ratio(ga,k[2]),ratio(gb,k[2])
    ch=k[0].rsplit(' ',1)[0]
    if rb<ra: worse[ch]+=1; ex.append(('WORSE',k,ga,gb))
    else: better[ch]+=1; ex.append(('better',k,ga,gb))
print('better',dict(better)); print('worse',dict(worse))
seen=set()
for w,k,ga,gb in sorted(ex,key=lambda e:e[0]):
    if (w,ga,gb) in seen: continue
    seen.add((w,ga,gb))
    if w=='WORSE' or len(seen)<int(sys.argv[4] if len(sys.argv)>4 else 10):
        print(w,k[0]); print('  in  ',repr(k[1][:150])); print('  base',repr(ga[:150])); print('  new ',repr(gb[:150])); print('  want',repr(k[2][:150]))
