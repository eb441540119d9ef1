package multibyte

import "sync"

// EUC-TW and ISO-2022-CN: CNS 11643 (and, for ISO-2022-CN, GB 2312) as
// glibc's EUC-TW charmap and its GB2312 charmap give them. Ill-formed input
// gets the conventions of the other codecs here (one U+FFFD per bad unit, a
// byte below 0x80 that cannot continue a sequence read again).

// cnsSlot is the table slot of CNS 11643 plane p (1-7, 15), or -1.
func cnsSlot(p int) int {
	switch {
	case p >= 1 && p <= 7:
		return p - 1
	case p == 15:
		return 7
	}
	return -1
}

// cnsPlanes is the plane of each slot.
var cnsPlanes = [8]byte{1, 2, 3, 4, 5, 6, 7, 15}

// cnsAt is the character at row, col (0x21-0x7E each) of the plane in
// slot s, or 0.
func cnsAt(s int, row, col byte) rune {
	p := s*8836 + int(row-0x21)*94 + int(col-0x21)
	c := rune(u16at(cnsDec, p))
	if bit(cnsHi, p) {
		c += 0x20000 // U+20000 itself has low bits 0
	}
	return c
}

// euctwDecode reads ASCII, plane 1 as A1-FE A1-FE, and planes 1-7 and 15
// as 8E A1+plane-1 A1-FE A1-FE.
func euctwDecode(_ *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	switch {
	case b < 0x80:
		return rune(b), -1, 1, 0
	case b == 0x8E:
		for i := 1; i < 4; i++ {
			if i >= len(src) {
				return need(src, atEOF)
			}
			c := src[i]
			lo, hi := byte(0xA1), byte(0xFE)
			if i == 1 {
				hi = 0xB0 // planes 1-16
			}
			if !between(c, lo, hi) {
				if c < 0x80 {
					return -1, -1, i, IllFormed
				}
				return -1, -1, i + 1, IllFormed
			}
		}
		if s := cnsSlot(int(src[1] - 0xA0)); s >= 0 {
			if c := cnsAt(s, src[2]-0x80, src[3]-0x80); c != 0 {
				return c, -1, 4, 0
			}
		}
		return -1, -1, 4, Unmapped
	case between(b, 0xA1, 0xFE):
		if len(src) < 2 {
			return need(src, atEOF)
		}
		t := src[1]
		if !between(t, 0xA1, 0xFE) {
			return trailErr(t, IllFormed)
		}
		if c := cnsAt(0, b-0x80, t-0x80); c != 0 {
			return c, -1, 2, 0
		}
		return -1, -1, 2, Unmapped
	}
	return -1, -1, 1, IllFormed
}

// cnsEncode returns the slot and the row and column (0x21-0x7E) of r, the
// lowest plane first as in glibc; ok false when CNS 11643 lacks r.
func cnsEncode(r rune) (slot int, row, col byte, ok bool) {
	var p int
	switch {
	case r <= 0xFFFF:
		if v := pagedLookup(cnsEnc, r); v != 0 {
			p = int(v - 1)
		} else if v := pagedLookup(cnsEnc15, r); v != 0 {
			p = 7*8836 + int(v-1)
		} else {
			return 0, 0, 0, false
		}
	default:
		v, found := cnsSuppMap()[r]
		if !found {
			return 0, 0, 0, false
		}
		p = int(v)
	}
	i := p % 8836
	return p / 8836, byte(0x21 + i/94), byte(0x21 + i%94), true
}

func euctwEncode(_ *uint32, r rune, dst []byte) (int, rune) {
	if r < 0x80 {
		dst[0] = byte(r)
		return 1, -1
	}
	s, row, col, ok := cnsEncode(r)
	if !ok {
		return 0, r
	}
	if s == 0 {
		dst[0], dst[1] = row|0x80, col|0x80
		return 2, -1
	}
	dst[0], dst[1], dst[2], dst[3] = 0x8E, 0xA0+cnsPlanes[s], row|0x80, col|0x80
	return 4, -1
}

// cnsBuild adds planes 1-7 (slots 0-6) as slot*8836+i+1, which fits in 16
// bits; plane 15 (cnsBuild15) has a table of its own.
func cnsBuild(add func(rune, uint16, bool)) {
	for p := 0; p < 7*8836; p++ {
		if c := u16at(cnsDec, p); c != 0 && !bit(cnsHi, p) {
			add(rune(c), uint16(p+1), false)
		}
	}
}

func cnsBuild15(add func(rune, uint16, bool)) {
	for i := 0; i < 8836; i++ {
		p := 7*8836 + i
		if c := u16at(cnsDec, p); c != 0 && !bit(cnsHi, p) {
			add(rune(c), uint16(i+1), false)
		}
	}
}

// cnsSuppMap maps CNS 11643's Unicode plane 2 characters to their pointer
// (slot*8836+i), the lowest plane first.
var cnsSuppMap = sync.OnceValue(func() map[rune]uint32 {
	m := map[rune]uint32{}
	for p := 0; p < len(cnsDec)/2; p++ {
		if bit(cnsHi, p) {
			c := rune(u16at(cnsDec, p)) + 0x20000
			if _, ok := m[c]; !ok {
				m[c] = uint32(p)
			}
		}
	}
	return m
})

// ISO-2022-CN (RFC 1922): ASCII; after SO, two-byte characters of the set
// ESC $ ) A (GB 2312) or ESC $ ) G (CNS 11643 plane 1) designated; after
// ESC N (SS2), one two-byte character of CNS 11643 plane 2, designated by
// ESC $ * H. As RFC 1922 says, a line starts in ASCII with nothing
// designated: a line feed ends SO mode and clears the designations, so each
// line designates what it uses again. ISO-2022-CN-EXT's further sets
// (ISO-IR-165, CNS planes 3-7 by SS3) are not read: their escapes are bad.
//
// State: bits 0-1 the SO designation (0 none, 1 GB 2312, 2 CNS plane 1),
// bit 2 SS2 designated, bit 3 shifted out.
const (
	cnSOMask   = 3
	cnSOGB     = 1
	cnSOCNS1   = 2
	cnSS2      = 4
	cnShifted  = 8
	cnLineMask = cnSOMask | cnSS2 | cnShifted
)

func iso2022cnDecode(st *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	switch b {
	case 0x1B:
		if len(src) < 2 {
			if !atEOF {
				return -1, -1, 0, 0
			}
			return -1, -1, 1, BadEscape
		}
		if src[1] == 'N' {
			// SS2 and one character of plane 2.
			if *st&cnSS2 == 0 {
				return -1, -1, 2, BadEscape
			}
			for i := 2; i < 4; i++ {
				if i >= len(src) {
					return need(src, atEOF)
				}
				if !between(src[i], 0x21, 0x7E) {
					return -1, -1, i, IllFormed
				}
			}
			if c := cnsAt(1, src[2], src[3]); c != 0 {
				return c, -1, 4, 0
			}
			return -1, -1, 4, Unmapped
		}
		if src[1] != '$' {
			return -1, -1, 1, BadEscape
		}
		if len(src) < 4 {
			if !atEOF {
				return -1, -1, 0, 0
			}
			return -1, -1, 1, BadEscape
		}
		switch string(src[2:4]) {
		case ")A":
			*st = *st&^cnSOMask | cnSOGB
		case ")G":
			*st = *st&^cnSOMask | cnSOCNS1
		case "*H":
			*st |= cnSS2
		default:
			return -1, -1, 1, BadEscape
		}
		return -1, -1, 4, 0
	case 0x0E:
		if *st&cnSOMask == 0 {
			return -1, -1, 1, BadEscape
		}
		*st |= cnShifted
		return -1, -1, 1, 0
	case 0x0F:
		*st &^= cnShifted
		return -1, -1, 1, 0
	case '\n':
		*st &^= cnLineMask
		return '\n', -1, 1, 0
	}
	if b >= 0x80 {
		return -1, -1, 1, IllFormed
	}
	if *st&cnShifted == 0 || b < 0x21 || b == 0x7F {
		// ASCII, and in SO mode the controls and the space.
		if b == '\r' {
			*st &^= cnShifted
		}
		return rune(b), -1, 1, 0
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	t := src[1]
	if !between(t, 0x21, 0x7E) {
		return -1, -1, 1, IllFormed
	}
	var c rune
	if *st&cnSOMask == cnSOGB {
		c = rune(u16at(gb2312Dec, int(b-0x21)*94+int(t-0x21)))
	} else {
		c = cnsAt(0, b, t)
	}
	if c != 0 {
		return c, -1, 2, 0
	}
	return -1, -1, 2, Unmapped
}

// iso2022cnEncode writes ASCII as itself, and other characters in the set
// glibc picks, which keeps escapes few: the SO set designated on the line
// (GB 2312 when none is), else CNS 11643 plane 2 by SS2, else the other SO
// set. Designations are written once per line, before the first character
// that needs them, followed by SO even in SO mode; SS2 before each
// character of plane 2. SO, SI and ESC cannot be written.
func iso2022cnEncode(st *uint32, r rune, dst []byte) (int, rune) {
	n := 0
	if r < 0x80 {
		if r == 0x0E || r == 0x0F || r == 0x1B {
			return 0, r
		}
		if *st&cnShifted != 0 {
			dst[n] = 0x0F
			n++
		}
		dst[n] = byte(r)
		*st &^= cnShifted
		if r == '\n' {
			*st &^= cnLineMask
		}
		return n + 1, -1
	}
	gb := func() (byte, byte, bool) {
		v := pagedLookup(gb2312Enc, r)
		return byte(v>>8) - 0x80, byte(v) - 0x80, v != 0
	}
	cns := func(want int) (byte, byte, bool) {
		s, row, col, ok := cnsEncode(r)
		return row, col, ok && s == want
	}
	first, other := uint32(cnSOGB), uint32(cnSOCNS1)
	if *st&cnSOMask == cnSOCNS1 {
		first, other = other, first
	}
	in := func(so uint32) (byte, byte, bool) {
		if so == cnSOGB {
			return gb()
		}
		return cns(0)
	}
	so := first
	row, col, ok := in(first)
	if !ok {
		if row, col, ok := cns(1); ok {
			if *st&cnSS2 == 0 {
				n += copy(dst, "\x1b$*H")
				*st |= cnSS2
			}
			dst[n], dst[n+1], dst[n+2], dst[n+3] = 0x1B, 'N', row, col
			return n + 4, -1
		}
		so = other
		if row, col, ok = in(other); !ok {
			return 0, r
		}
	}
	if *st&cnSOMask != so {
		if so == cnSOGB {
			n += copy(dst[n:], "\x1b$)A")
		} else {
			n += copy(dst[n:], "\x1b$)G")
		}
		// SO again even when shifted: a no-op for ISO 2022, which makes
		// the new designation take effect at once, but glibc's decoder
		// reads a changed designation only at the next SO.
		*st = *st&^(cnSOMask|cnShifted) | so
	}
	if *st&cnShifted == 0 {
		dst[n] = 0x0E
		n++
		*st |= cnShifted
	}
	dst[n], dst[n+1] = row, col
	return n + 2, -1
}

func iso2022cnFlush(st *uint32, dst []byte) int {
	if *st&cnShifted == 0 {
		return 0
	}
	*st &^= cnShifted
	dst[0] = 0x0F
	return 1
}
