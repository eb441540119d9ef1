# The 300 byte salads of the identity check (/tmp/h23y/salad), written from
# the corpus texts in their legacy encodings (/tmp/h23y/whole, make-mine.sh).
import random, os
random.seed(23)
ws = [open('whole/'+f,'rb').read() for f in sorted(os.listdir('whole'))]
for i in range(300):
    n = random.choice([40, 300, 1000, 4096, 9000])
    kind = i % 5
    if kind == 0:   # random bytes 20-FF plus newlines
        b = bytes(random.choice([random.randrange(0x20,0x100), 10]) for _ in range(n))
    elif kind == 1: # ascii text with sparse random high bytes
        base = bytearray(random.choice(ws)[:n])
        b = bytearray(x if x < 0x80 else 0x20 for x in base)
        for _ in range(random.randrange(1, 40)):
            b[random.randrange(len(b))] = random.randrange(0x80, 0x100)
        b = bytes(b)
    elif kind == 2: # splice two different encodings
        a, c = random.sample(ws, 2)
        o1, o2 = random.randrange(0, 20000), random.randrange(0, 20000)
        b = a[o1:o1+n//2] + c[o2:o2+n//2]
    elif kind == 3: # high-byte pairs only
        b = bytes(random.randrange(0x80,0x100) if j % 3 else 0x20 for j in range(n))
    else:           # a piece with bytes flipped
        a = bytearray(random.choice(ws)[1000:1000+n])
        for _ in range(random.randrange(1, 20)):
            a[random.randrange(len(a))] = random.randrange(0x80, 0x100)
        b = bytes(a)
    open(f'salad/s{i:03d}', 'wb').write(b)
