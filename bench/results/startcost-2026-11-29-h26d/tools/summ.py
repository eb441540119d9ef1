import sys,collections,statistics as st
d=collections.defaultdict(lambda:([],[]))
for l in open(sys.argv[1]):
    p=l.split()
    if len(p)<3: continue
    d[p[0]][0].append(float(p[1])); d[p[0]][1].append(float(p[2]))
for k,(f,t) in d.items():
    f2=sorted(f)
    print(f"{k:24s} n={len(f)} faults mean {st.mean(f):.1f} se {st.stdev(f)/len(f)**.5:.1f} p10 {f2[len(f)//10]:.0f} p50 {st.median(f):.0f} p90 {f2[9*len(f)//10]:.0f} | task-clock median {st.median(t):.3f} mean {st.mean(t):.3f} ms")
