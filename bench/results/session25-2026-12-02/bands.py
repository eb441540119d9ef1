# Answers of a utf8x build on the re-encoded set (/tmp/rl, made by
# ../session23-2026-12-01/reencoded/mk.py), grouped by stated confidence
# (detect --min-confidence 0): how often each band is right.
# Usage: python3 bands.py /path/to/utf8x
import sys,os,re,collections
src=open('../session24-2026-12-01/judge.py').read().split("res={}")[0]
exec(src)
j=open('../session24-2026-12-01/judge.py').read()
exec(j[j.index("def right"):j.index("stats=")])
out=answers([sys.argv[1],'detect','--min-confidence','0'])
B=collections.Counter();R=collections.Counter()
edges=[0,.5,.7,.8,.9,.95,.99,1.01]
for f,e,p in rows:
    a=out[f]; want=open(p,'rb').read().decode('utf-8').lstrip('\ufeff')
    ok,_=right(f,a,want)
    m=re.search(r'([01]\.\d\d)\)',a.split(' = ')[0]); c=float(m.group(1)) if m else 1.0
    i=max(k for k in range(len(edges)-1) if c>=edges[k])
    B[i]+=1;R[i]+=ok
for i in sorted(B): print('[%.2f,%.2f) %5d right %5d (%.1f%%)'%(edges[i],edges[i+1],B[i],R[i],100*R[i]/B[i]))
