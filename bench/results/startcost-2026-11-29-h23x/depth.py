import sys,re
fr={}
for l in open('/tmp/h23x/frames.txt'):
    m=re.match(r"(\S+) STEXT.* args=(0x[0-9a-f]+) locals=(0x[0-9a-f]+)",l)
    if m: fr[m.group(1)]=(int(m.group(3),16),int(m.group(2),16))
chain=sys.stdin.read().strip().split('<')
tot=0
for f in reversed(chain):
    if f.startswith('runtime.morestack') or f.startswith('runtime.goexit'): continue
    k=[n for n in fr if n==f or n.startswith(f+'[') or (f.endswith('[go.shape.struct') and n.startswith(f))]
    if not k: print('?',f); continue
    loc,args=fr[k[0]]
    tot+=loc+8+(8 if loc>0 else 0)
    print(f"{tot:6d} {loc:5d} {f}")
