import sys,subprocess,collections
tot=collections.Counter(); runs=0
for f in sys.argv[1:]:
    runs+=1
    out=subprocess.run(["perf","script","-i",f,"-F","ip,sym"],capture_output=True,text=True).stdout
    for rec in out.split("\n\n"):
        lines=[l.strip() for l in rec.strip().split("\n") if l.strip()]
        if not lines: continue
        syms=[l.split(None,1)[1].split("+")[0] if len(l.split(None,1))>1 else "?" for l in lines]
        s=" ".join(syms)
        tot["ALL"]+=1
        if "rankMulti" in s:
            tot["rankMulti"]+=1
            leaf=syms[0]
            # nearest model/decoder frame
            near=next((x for x in syms if ("model." in x or "x/text" in x or "multibyte" in x or "transcode" in x)), "?")
            tot["rm: "+near.replace("github.com/utf8x/utf8x/","")[:70]+"  <- leaf "+leaf[:40]]+=1
        elif "rankSingle" in s: tot["rankSingle"]+=1
        elif "RankWindow" in s: tot["RankWindow other"]+=1
for k,v in sorted(tot.items(), key=lambda x:-x[1]):
    print(f"{v/runs:7.1f} {k}")
