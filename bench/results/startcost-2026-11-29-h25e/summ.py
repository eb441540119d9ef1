import sys, statistics as st
d={}
for line in open(sys.argv[1]):
    b,pf,tc=line.split(); d.setdefault(b,([],[]))[0].append(int(pf)); d[b][1].append(float(tc))
for b,(pf,tc) in d.items():
    n=len(pf); m=st.mean(pf); se=st.stdev(pf)/n**0.5
    print(f"{b}: n={n} faults mean {m:.1f} (se {se:.1f}) median {st.median(pf)} min {min(pf)}; task-clock median {st.median(tc):.3f} ms mean {st.mean(tc):.3f} (se {st.stdev(tc)/n**0.5:.3f})")
