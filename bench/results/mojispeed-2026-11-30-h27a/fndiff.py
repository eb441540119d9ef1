# fndiff.py A B [n]: per-round function diffs between cg.A.{1,3} and cg.B.{1,3}
import sys, importlib.util
spec = importlib.util.spec_from_file_location("f", "/tmp/h27a/fnlib.py"); f = importlib.util.module_from_spec(spec); spec.loader.exec_module(f)
a, b = sys.argv[1], sys.argv[2]
ra, rb = f.rounds(a), f.rounds(b)
d = {k: rb.get(k,0)-ra.get(k,0) for k in set(ra)|set(rb)}
for k,v in sorted(d.items(), key=lambda x:-abs(x[1]))[:int(sys.argv[3]) if len(sys.argv)>3 else 15]:
    print("%+9.3fM  %9.3fM -> %9.3fM %s" % (v/1e6, ra.get(k,0)/1e6, rb.get(k,0)/1e6, k))
