import sys, re, subprocess
from collections import Counter
data, comm = sys.argv[1], sys.argv[2]
out=subprocess.run(['perf','script','-i',data,'-F','comm,tid,ip,sym'],capture_output=True,text=True).stdout
blocks=[];cur=[]
for l in out.splitlines():
    if not l.strip(): continue
    if not l.startswith('\t'):
        if cur: blocks.append(cur)
        cur=[l]
    else: cur.append(l)
if cur: blocks.append(cur)
c=Counter(); n=0; kern=Counter()
for b in blocks:
    if b[0].split()[0]!=comm: continue
    fr=[l.strip().split(None,1)[1] if len(l.strip().split(None,1))>1 else '?' for l in b[1:]]
    n+=1
    s=' '.join(fr)
    pf='asm_exc_page_fault' in s
    sc=('entry_SYSCALL' in s)
    if 'execve' in s or 'load_elf_binary' in s or 'bprm' in s: ph='execve (kernel)'
    elif 'do_exit' in s or 'exit_mmap' in s or 'do_group_exit' in s: ph='exit (kernel)'
    elif 'runtime.sysmon' in s: ph='sysmon thread'
    elif 'doInit1' in s:
        pk='?'
        for f in fr:
            m=re.match(r'(\S+?)\.(init(\.\d+)?|init\.func\d+.*|map\.init\.\d+)$',f)
            if m and not f.startswith('runtime.'): pk=m.group(1)
        ph='package init: '+('utf8x module' if 'utf8x' in pk else ('other' if pk=='?' else 'stdlib/3rd party'))
    elif 'main.main' in s: ph='main.main'
    elif 'runtime.schedinit' in s: ph='schedinit'
    elif 'runtime.main' in s: ph='runtime.main (before/after inits)'
    elif 'rt0_go' in s or '_rt0_amd64' in s: ph='rt0_go (other)'
    elif 'runtime.mstart' in s or 'runtime.mcall' in s or 'runtime.morestack' in s or 'goexit' in s: ph='scheduler/other goroutines/stack growth'
    elif not fr or fr[-1].startswith('ret_from_fork') : ph='new thread (kernel)'
    else: ph='other'
    kind='fault' if pf else ('syscall' if sc else ('kernel' if fr and re.match(r'^[a-z_0-9]+$',fr[0]) and not fr[0].startswith('runtime') else 'user'))
    c[ph]+=1; kern[(ph,kind)]+=1
print("samples",n)
for k,v in c.most_common():
    d=' '.join("%s %.0f%%"%(kk,100*kern[(k,kk)]/v) for kk in ('user','fault','syscall','kernel') if kern[(k,kk)])
    print("%5.1f%%  %-45s %s"%(100*v/n,k,d))
