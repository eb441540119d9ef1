import json,sys,collections,difflib
rows=[json.loads(l) for l in open(sys.argv[1])]
want_chain=sys.argv[2]; want_kind=sys.argv[3]; want_cls=sys.argv[4]
by=collections.Counter(); docs=collections.defaultdict(set)
for r in rows:
    chain,path=r['where'].rsplit(' ',1)
    kind='man' if '/man/' in path else 'doc'
    cls='left' if r['utf8x']==r['in'] else 'wrong'
    if chain!=want_chain or kind!=want_kind or cls!=want_cls: continue
    sm=difflib.SequenceMatcher(None,r['utf8x'],r['want'],autojunk=False)
    for op,i1,i2,j1,j2 in sm.get_opcodes():
        if op!='equal':
            key=(r['utf8x'][i1:i2],r['want'][j1:j2]); by[key]+=1; docs[key].add(path)
for k in sorted(by,key=lambda k:-by[k])[:int(sys.argv[5])]:
    print(len(docs[k]),by[k],repr(k[0]),'->',repr(k[1]))
