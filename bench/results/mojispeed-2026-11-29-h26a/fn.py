import sys,subprocess,re
def load(f):
    out=subprocess.run(['cg_annotate','--threshold=0',f],capture_output=True,text=True).stdout
    d={};p=False
    for l in out.splitlines():
        if 'file:function' in l: p=True; continue
        if 'Auto-annotated' in l: break
        if not p: continue
        m=re.match(r'\s*([\d,]+)\s+\([^)]*\)\s+(\S+)',l)
        if m:
            k=m.group(2).split(':',1)[1] if ':' in m.group(2) else m.group(2)
            d[k]=d.get(k,0)+int(m.group(1).replace(',',''))
    return d
a=load(sys.argv[1]); b=load(sys.argv[2])
diff={k:(b.get(k,0)-a.get(k,0))/2 for k in set(a)|set(b)}
tot=sum(v for k,v in diff.items() if 'mojibake.' in k and 'TestZZ' not in k and 'misread' not in k)
print('mojibake per round %.2fM'%(tot/1e6))
for k,v in sorted(diff.items(),key=lambda x:-abs(x[1]))[:int(sys.argv[3]) if len(sys.argv)>3 else 30]:
    print('%8.3fM %s'%(v/1e6,k))
