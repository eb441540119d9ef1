#!/usr/bin/env python3
# altfaults.py ROUNDS 'name=cmd' ...: runs each command in turn ROUNDS times
# (stdout/stderr to /dev/null) and prints, from each child's rusage, the mean
# minor faults (and its standard error), the median user+sys CPU ms, and the
# median voluntary/involuntary context switches.
import os, sys, shlex, statistics, subprocess, time
rounds=int(sys.argv[1]); progs=[a.split('=',1) for a in sys.argv[2:]]
res={n:[] for n,_ in progs}
dn=os.open(os.devnull,os.O_RDWR)
for r in range(rounds):
    for name,cmd in progs:
        argv=shlex.split(cmd); env=dict(os.environ)
        while '=' in argv[0]: k,v=argv.pop(0).split('=',1); env[k]=v
        t0=time.perf_counter()
        pid=os.posix_spawnp(argv[0],argv,env,file_actions=[(os.POSIX_SPAWN_DUP2,dn,1),(os.POSIX_SPAWN_DUP2,dn,2)])
        _,st,ru=os.wait4(pid,0)
        wall=time.perf_counter()-t0
        res[name].append((ru.ru_minflt,(ru.ru_utime+ru.ru_stime)*1000,ru.ru_nvcsw,ru.ru_nivcsw,wall*1000))
print(subprocess.run(['uptime'],capture_output=True,text=True).stdout.strip())
print("| program | faults (mean ± se) | CPU ms (median) | wall ms (median) | vol. / invol. switches (median) |")
print("|---|---:|---:|---:|---:|")
for name,_ in progs:
    v=res[name]; f=[x[0] for x in v]
    print("| %s | %.1f ± %.1f | %.2f | %.2f | %g / %g |"%(name,statistics.mean(f),statistics.stdev(f)/len(f)**.5,statistics.median([x[1] for x in v]),statistics.median([x[4] for x in v]),statistics.median([x[2] for x in v]),statistics.median([x[3] for x in v])))
