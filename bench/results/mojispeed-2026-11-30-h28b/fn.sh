#!/bin/bash
# fn.sh a b only: per-function per-round instructions (R3-R1)/2 for name a and b, diff
for n in $1 $2; do
 for r in 1 3; do cg_annotate --threshold=0 cg.$n.$r.$3 2>/dev/null | awk '/file:function/{p=1;next} p && /mojibake\./ && !/_test\.go:/ {v=$1; gsub(",","",v); f=$NF; sub(/.*mojibake\./,"",f); s[f]+=v} END {for (f in s) print f, s[f]}' > fn.$n.$r.$3; done
done
python3 - "$1" "$2" "$3" <<'PY'
import sys
a,b,o=sys.argv[1:]
def load(n):
    d={}
    for r in (1,3):
        for l in open(f"/tmp/h28b/fn.{n}.{r}.{o}"):
            f,v=l.rsplit(' ',1); d.setdefault(f,[0,0])[r//2]+=int(v)
    return {f:(v[1]-v[0])/2 for f,v in d.items()}
A,B=load(a),load(b)
rows=sorted(set(A)|set(B), key=lambda f: -abs(B.get(f,0)-A.get(f,0)))
for f in rows[:25]:
    print(f"{f:50s} {A.get(f,0)/1e6:9.3f} {B.get(f,0)/1e6:9.3f} {(B.get(f,0)-A.get(f,0))/1e6:+8.3f}")
print("total", sum(A.values())/1e6, sum(B.values())/1e6)
PY
