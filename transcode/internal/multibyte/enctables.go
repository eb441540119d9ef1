package multibyte

import "sync"

// Encoder tables are built from the decoder tables on first use rather than
// stored: it halves what the package adds to a binary (about 400 KB of
// embedded tables fewer) for a one-time cost of well under a millisecond per
// encoding and a table of a few tens of KB on the heap. The layout is paged:
// nPages page numbers, then pages of 1<<pageBits values, page 0 all zeros;
// a value of 0 means unmapped.
type encTable struct {
	once  sync.Once
	build func(add func(r rune, v uint16, override bool))
	t     []uint16
}

func (e *encTable) get() []uint16 {
	e.once.Do(func() {
		flat := make([]uint16, 0x10000)
		e.build(func(r rune, v uint16, override bool) {
			if r <= 0xFFFF && (flat[r] == 0 || override) {
				flat[r] = v
			}
		})
		used := 0
		idx := make([]uint16, nPages)
		for p := 0; p < nPages; p++ {
			for _, v := range flat[p<<pageBits : (p+1)<<pageBits] {
				if v != 0 {
					used++
					idx[p] = uint16(used)
					break
				}
			}
		}
		t := make([]uint16, nPages+(used+1)<<pageBits)
		copy(t, idx)
		for p, n := range idx {
			if n != 0 {
				copy(t[nPages+int(n)<<pageBits:], flat[p<<pageBits:(p+1)<<pageBits])
			}
		}
		e.t = t
	})
	return e.t
}

// lookupPaged reads a paged table; 0 means unmapped.
func lookupPaged(t []uint16, r rune) uint16 {
	if uint32(r) > 0xFFFF {
		return 0
	}
	page := int(t[r>>pageBits])
	return t[nPages+page<<pageBits+int(r&(1<<pageBits-1))]
}

func pagedLookup(e *encTable, r rune) uint16 { return lookupPaged(e.get(), r) }

// byPointer adds every mapping of a WHATWG index as pointer+1, the first
// pointer of a code point winning (the standard's "index pointer").
func byPointer(dec string) func(add func(rune, uint16, bool)) {
	return func(add func(rune, uint16, bool)) {
		for p := 0; p < len(dec)/2; p++ {
			if c := u16at(dec, p); c != 0 {
				add(rune(c), uint16(p+1), false)
			}
		}
	}
}

var (
	jis0208Enc  = &encTable{build: byPointer(jis0208Dec)}
	gb18030Enc  = &encTable{build: byPointer(gb18030Dec)}
	euckrEnc    = &encTable{build: byPointer(euckrDec)}
	big5Enc     = &encTable{build: big5Build}
	johabEnc    = &encTable{build: johabBuild}
	gb2312Enc   = &encTable{build: gb2312Build}
	jisx0213Enc = &encTable{build: jisx0213Build}
	cnsEnc      = &encTable{build: cnsBuild}
	cnsEnc15    = &encTable{build: cnsBuild15}
)

// big5Build is the standard's "index Big5 pointer": no pointer below
// (0xA1-0x81)*157, the last pointer for six code points, else the first.
func big5Build(add func(rune, uint16, bool)) {
	for p := (0xA1 - 0x81) * 157; p < len(big5Dec)/2; p++ {
		c := rune(u16at(big5Dec, p))
		if c == 0 || bit(big5Hi, p) {
			continue // plane 2 is in big5Supp
		}
		switch c {
		case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			add(c, uint16(p+1), true)
		default:
			add(c, uint16(p+1), false)
		}
	}
}

func johabBuild(add func(rune, uint16, bool)) {
	for i := 0; i < len(johabDec)/2; i++ {
		if c := u16at(johabDec, i); c != 0 {
			add(rune(c), uint16(0x84+i/206)<<8|uint16(0x31+i%206), false)
		}
	}
}

func gb2312Build(add func(rune, uint16, bool)) {
	for i := 0; i < len(gb2312Dec)/2; i++ {
		if c := u16at(gb2312Dec, i); c != 0 {
			add(rune(c), uint16(0xA1+i/94)<<8|uint16(0xA1+i%94), false)
		}
	}
}

// jisx0213Build stores lead<<8|trail, with the lead's top bit cleared for
// plane 2 (after 0x8F); plane 2 comes first, as in glibc's charmap, whose
// order decides between duplicates.
func jisx0213Build(add func(rune, uint16, bool)) {
	for _, plane := range []int{1, 0} {
		for i := 0; i < 8836; i++ {
			p := plane*8836 + i
			c := u16at(jisx0213Dec, p)
			if c == 0 || bit(jisx0213Hi, p) {
				continue
			}
			v := uint16(0xA1+i/94)<<8 | uint16(0xA1+i%94)
			if plane == 1 {
				v &^= 0x8000
			}
			add(rune(c), v, false)
		}
	}
}
