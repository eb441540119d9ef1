import mmap, os, struct, sys, collections
for path in sys.argv[1:]:
    fd=os.open(path,os.O_RDONLY); size=os.fstat(fd).st_size
    m=mmap.mmap(fd,size,prot=mmap.PROT_READ)
    n=size//4096
    for i in range(n): m[i*4096]
    import ctypes
    addr=ctypes.addressof(ctypes.c_char.from_buffer(memoryview(m))) if False else None
    # find mapping address via /proc/self/maps
    base=None
    for l in open('/proc/self/maps'):
        if l.rstrip().endswith(os.path.abspath(path)):
            a,b=[int(x,16) for x in l.split()[0].split('-')]
            if b-a>=size-4096: base=a; break
    pm=open('/proc/self/pagemap','rb'); kf=open('/proc/kpageflags','rb')
    heads=0; tails=0; single=0; thp=0
    for i in range(n):
        pm.seek((base//4096+i)*8); e=struct.unpack('<Q',pm.read(8))[0]
        if not (e>>63)&1: continue
        pfn=e&((1<<55)-1); kf.seek(pfn*8); f=struct.unpack('<Q',kf.read(8))[0]
        if f>>15&1: heads+=1
        elif f>>16&1: tails+=1
        else: single+=1
        if f>>22&1: thp+=1
    print(f"{path}: pages {n} single {single} in large folios {heads+tails} (folios {heads}, mean {((heads+tails)/heads if heads else 0):.1f} pages)")
