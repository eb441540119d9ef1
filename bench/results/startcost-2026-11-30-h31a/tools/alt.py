#!/usr/bin/env python3
# alt.py ROUNDS 'name=[VAR=val ...] cmd' ...: one `perf stat` run of each
# command in turn, ROUNDS times; prints per command the median (and the
# quartiles) of task-clock over all runs, the mean page faults and the
# median context switches. Interleaving spreads the other agents' load
# over every program alike.
import subprocess, sys, statistics, shlex, os
rounds=int(sys.argv[1]); progs=[a.split('=',1) for a in sys.argv[2:]]
res={p[0]:[] for p in progs}
up0=subprocess.run(['uptime'],capture_output=True,text=True).stdout.strip()
for r in range(rounds):
    for name,cmd in progs:
        argv=shlex.split(cmd); env=dict(os.environ)
        while '=' in argv[0]: k,v=argv.pop(0).split('=',1); env[k]=v
        out=subprocess.run(['perf','stat','-x,','-e','task-clock,page-faults,context-switches']+argv,
            stdout=subprocess.DEVNULL,stderr=subprocess.PIPE,text=True,env=env).stderr
        v={}
        for l in out.splitlines():
            f=l.split(',')
            if len(f)>3:
                try: v[f[2]]=float(f[0])
                except ValueError: pass
        res[name].append((v.get('task-clock',0),v.get('page-faults',0),v.get('context-switches',0)))
print(up0); print(subprocess.run(['uptime'],capture_output=True,text=True).stdout.strip())
print("| program | task-clock ms, median (quartiles) of %d runs | page faults (mean) | context switches (median) |"%rounds)
print("|---|---:|---:|---:|")
for name,_ in progs:
    t=sorted(x[0] for x in res[name]); q=statistics.quantiles(t,n=4)
    print("| %s | %.2f (%.2f-%.2f) | %.1f | %g |"%(name,statistics.median(t),q[0],q[2],statistics.mean(x[1] for x in res[name]),statistics.median(x[2] for x in res[name])))
