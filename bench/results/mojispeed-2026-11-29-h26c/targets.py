# targets.py: per-input instructions, base vs head (package mojibake's functions, (R=3 - R=1)/2, cachegrind)
import re,collections
d=collections.defaultdict(dict)
for f in ['/tmp/h26c/cgtargets.log','/tmp/h26c/cgtargets2.log']:
    for l in open(f):
        m=re.match(r'(\w+)-(\S+) R=(\d) total (\d+) mojibake (\d+)',l)
        if m: d[m.group(2)][(m.group(1),m.group(3))]=int(m.group(5))
print("| input | main 585f750 | head ed5b856 | change |")
print("| --- | ---: | ---: | ---: |")
for k,v in d.items():
    if ('br2','3') not in v: continue
    b=(v[('base','3')]-v[('base','1')])/2e6; c=(v[('br2','3')]-v[('br2','1')])/2e6
    name=k.rsplit('_',1); enc={'0':'windows-1252','3':'windows-1251'}[name[1]]
    print("| %s/%s | %.2fM | %.2fM | %+.1f%% |"%(enc,name[0],b,c,100*(c-b)/b))
