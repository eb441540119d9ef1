package multibyte

import "sort"

// The decoders and encoders of the Encoding Standard's multi-byte section,
// one function each; comments name the step of the standard where it is not
// obvious.

func between(b, lo, hi byte) bool { return b >= lo && b <= hi }

// trailErr is the error for a lead whose trail did not give a code point: the
// standard restores an ASCII trail to the input, so it is read again.
func trailErr(t byte, k Kind) (rune, rune, int, Kind) {
	if t < 0x80 {
		return -1, -1, 1, k
	}
	return -1, -1, 2, k
}

// need answers for a sequence cut short by the end of src: more input
// unless this is the end, where the standard makes the whole rest one error.
func need(src []byte, atEOF bool) (rune, rune, int, Kind) {
	if !atEOF {
		return -1, -1, 0, 0
	}
	return -1, -1, len(src), Truncated
}

func sjisDecode(_ *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	switch {
	case b <= 0x80:
		return rune(b), -1, 1, 0
	case between(b, 0xA1, 0xDF):
		return 0xFF61 - 0xA1 + rune(b), -1, 1, 0
	case between(b, 0x81, 0x9F) || between(b, 0xE0, 0xFC):
	default:
		return -1, -1, 1, IllFormed
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	t := src[1]
	if !between(t, 0x40, 0x7E) && !between(t, 0x80, 0xFC) {
		return trailErr(t, IllFormed)
	}
	leadOff, off := 0x81, 0x40
	if b >= 0xA0 {
		leadOff = 0xC1
	}
	if t >= 0x7F {
		off = 0x41
	}
	p := (int(b)-leadOff)*188 + int(t) - off
	if p >= 8836 && p <= 10715 {
		return 0xE000 - 8836 + rune(p), -1, 2, 0
	}
	if c := u16at(jis0208Dec, p); c != 0 {
		return rune(c), -1, 2, 0
	}
	return trailErr(t, Unmapped)
}

func sjisEncode(_ *uint32, r rune, dst []byte) (int, rune) {
	switch {
	case r <= 0x80:
		dst[0] = byte(r)
		return 1, -1
	case r == 0xA5:
		dst[0] = 0x5C
		return 1, -1
	case r == 0x203E:
		dst[0] = 0x7E
		return 1, -1
	case r >= 0xFF61 && r <= 0xFF9F:
		dst[0] = byte(r - 0xFF61 + 0xA1)
		return 1, -1
	case r == 0x2212:
		r = 0xFF0D
	}
	v := pagedLookup(jis0208Enc, r)
	if v == 0 {
		return 0, r
	}
	if v-1 >= 8272 && v-1 <= 8835 {
		// index Shift_JIS pointer excludes these pointers (NEC-selected IBM
		// extensions); the generated exceptions give the pointer it uses.
		v = sjisException(r)
		if v == 0 {
			return 0, r
		}
	}
	p := int(v - 1)
	lead, trail := p/188, p%188
	leadOff, off := 0x81, 0x40
	if lead >= 0x1F {
		leadOff = 0xC1
	}
	if trail >= 0x3F {
		off = 0x41
	}
	dst[0], dst[1] = byte(lead+leadOff), byte(trail+off)
	return 2, -1
}

func sjisException(r rune) uint16 {
	i := sort.Search(len(sjisExceptions), func(i int) bool { return rune(sjisExceptions[i].cp) >= r })
	if i < len(sjisExceptions) && rune(sjisExceptions[i].cp) == r {
		return sjisExceptions[i].pointer
	}
	return 0
}

func eucjpDecode(_ *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	switch {
	case b < 0x80:
		return rune(b), -1, 1, 0
	case b == 0x8E || b == 0x8F || between(b, 0xA1, 0xFE):
	default:
		return -1, -1, 1, IllFormed
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	t := src[1]
	switch {
	case b == 0x8E:
		if between(t, 0xA1, 0xDF) {
			return 0xFF61 - 0xA1 + rune(t), -1, 2, 0
		}
		return trailErr(t, IllFormed)
	case b == 0x8F:
		if !between(t, 0xA1, 0xFE) {
			return trailErr(t, IllFormed)
		}
		if len(src) < 3 {
			return need(src, atEOF)
		}
		u := src[2]
		if !between(u, 0xA1, 0xFE) {
			// The standard's lead is now t: its ASCII byte is restored,
			// and 0x8F and t make one error.
			if u < 0x80 {
				return -1, -1, 2, IllFormed
			}
			return -1, -1, 3, IllFormed
		}
		if c := u16at(jis0212Dec, int(t-0xA1)*94+int(u-0xA1)); c != 0 {
			return rune(c), -1, 3, 0
		}
		return -1, -1, 3, Unmapped
	}
	if !between(t, 0xA1, 0xFE) {
		return trailErr(t, IllFormed)
	}
	if c := u16at(jis0208Dec, int(b-0xA1)*94+int(t-0xA1)); c != 0 {
		return rune(c), -1, 2, 0
	}
	return -1, -1, 2, Unmapped
}

func eucjpEncode(_ *uint32, r rune, dst []byte) (int, rune) {
	switch {
	case r < 0x80:
		dst[0] = byte(r)
		return 1, -1
	case r == 0xA5:
		dst[0] = 0x5C
		return 1, -1
	case r == 0x203E:
		dst[0] = 0x7E
		return 1, -1
	case r >= 0xFF61 && r <= 0xFF9F:
		dst[0], dst[1] = 0x8E, byte(r-0xFF61+0xA1)
		return 2, -1
	case r == 0x2212:
		r = 0xFF0D
	}
	v := pagedLookup(jis0208Enc, r)
	if v == 0 {
		return 0, r
	}
	p := int(v - 1)
	dst[0], dst[1] = byte(p/94+0xA1), byte(p%94+0xA1)
	return 2, -1
}

// ISO-2022-JP decoder state: the low two bits are the standard's output
// state (which equals its decoder state between units, as an escape
// sequence is read whole); bit 2 is its output flag.
const (
	jpASCII = iota
	jpRoman
	jpKatakana
	jpLead
	jpFlag = 4
)

func iso2022jpDecode(st *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	s := *st & 3
	if b == 0x1B {
		if len(src) < 2 {
			if !atEOF {
				return -1, -1, 0, 0
			}
			*st = s
			return -1, -1, 1, BadEscape
		}
		l := src[1]
		if l != 0x24 && l != 0x28 {
			*st = s
			return -1, -1, 1, BadEscape
		}
		if len(src) < 3 {
			if !atEOF {
				return -1, -1, 0, 0
			}
			*st = s
			return -1, -1, 1, BadEscape
		}
		ns := uint32(99)
		switch t := src[2]; {
		case l == 0x28 && t == 0x42:
			ns = jpASCII
		case l == 0x28 && t == 0x4A:
			ns = jpRoman
		case l == 0x28 && t == 0x49:
			ns = jpKatakana
		case l == 0x24 && (t == 0x40 || t == 0x42):
			ns = jpLead
		}
		if ns == 99 {
			*st = s
			return -1, -1, 1, BadEscape
		}
		out := *st&jpFlag != 0
		*st = ns | jpFlag
		if out {
			return -1, -1, 3, BadEscape
		}
		return -1, -1, 3, 0
	}
	*st = s
	switch s {
	case jpASCII:
		if b < 0x80 && b != 0x0E && b != 0x0F {
			return rune(b), -1, 1, 0
		}
	case jpRoman:
		switch {
		case b == 0x5C:
			return 0xA5, -1, 1, 0
		case b == 0x7E:
			return 0x203E, -1, 1, 0
		case b < 0x80 && b != 0x0E && b != 0x0F:
			return rune(b), -1, 1, 0
		}
	case jpKatakana:
		if between(b, 0x21, 0x5F) {
			return 0xFF61 - 0x21 + rune(b), -1, 1, 0
		}
	case jpLead:
		if !between(b, 0x21, 0x7E) {
			break
		}
		if len(src) < 2 {
			return need(src, atEOF)
		}
		t := src[1]
		switch {
		case t == 0x1B:
			// The standard moves to escape start and reports an error;
			// reading the ESC again from the lead state is the same.
			return -1, -1, 1, IllFormed
		case between(t, 0x21, 0x7E):
			if c := u16at(jis0208Dec, int(b-0x21)*94+int(t-0x21)); c != 0 {
				return rune(c), -1, 2, 0
			}
			return -1, -1, 2, Unmapped
		}
		return -1, -1, 2, IllFormed
	}
	return -1, -1, 1, IllFormed
}

// ISO-2022-JP encoder states.
const (
	jeASCII = iota
	jeRoman
	jeJIS0208
)

func iso2022jpEncode(st *uint32, r rune, dst []byte) (int, rune) {
	n := 0
	esc := func(a, b byte, s uint32) {
		dst[n], dst[n+1], dst[n+2] = 0x1B, a, b
		n += 3
		*st = s
	}
	for {
		s := *st
		if (s == jeASCII || s == jeRoman) && (r == 0x0E || r == 0x0F || r == 0x1B) {
			return n, 0xFFFD
		}
		if s == jeASCII && r < 0x80 {
			dst[n] = byte(r)
			return n + 1, -1
		}
		if s == jeRoman {
			switch {
			case r < 0x80 && r != 0x5C && r != 0x7E:
				dst[n] = byte(r)
				return n + 1, -1
			case r == 0xA5:
				dst[n] = 0x5C
				return n + 1, -1
			case r == 0x203E:
				dst[n] = 0x7E
				return n + 1, -1
			}
		}
		if r < 0x80 {
			esc(0x28, 0x42, jeASCII)
			continue
		}
		if r == 0xA5 || r == 0x203E {
			esc(0x28, 0x4A, jeRoman)
			continue
		}
		c := r
		if c == 0x2212 {
			c = 0xFF0D
		}
		if c >= 0xFF61 && c <= 0xFF9F {
			c = rune(isoKatakana[c-0xFF61])
		}
		v := pagedLookup(jis0208Enc, c)
		if v == 0 {
			if s == jeJIS0208 {
				esc(0x28, 0x42, jeASCII)
			}
			return n, c
		}
		if s != jeJIS0208 {
			esc(0x24, 0x42, jeJIS0208)
		}
		p := int(v - 1)
		dst[n], dst[n+1] = byte(p/94+0x21), byte(p%94+0x21)
		return n + 2, -1
	}
}

func iso2022jpFlush(st *uint32, dst []byte) int {
	if *st == jeASCII {
		return 0
	}
	*st = jeASCII
	dst[0], dst[1], dst[2] = 0x1B, 0x28, 0x42
	return 3
}

// gbRangesCP is the standard's "index gb18030 ranges code point".
func gbRangesCP(p int) rune {
	if (p > 39419 && p < 189000) || p > 1237575 {
		return -1
	}
	if p == 7457 {
		return 0xE7C7
	}
	i := sort.Search(len(gbRanges), func(i int) bool { return int(gbRanges[i][0]) > p }) - 1
	return rune(int(gbRanges[i][1]) + p - int(gbRanges[i][0]))
}

// gbRangesPointer is the standard's "index gb18030 ranges pointer".
func gbRangesPointer(r rune) int {
	if r == 0xE7C7 {
		return 7457
	}
	i := sort.Search(len(gbRanges), func(i int) bool { return rune(gbRanges[i][1]) > r }) - 1
	return int(gbRanges[i][0]) + int(r) - int(gbRanges[i][1])
}

func gb18030Decode(_ *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	switch {
	case b < 0x80:
		return rune(b), -1, 1, 0
	case b == 0x80:
		return 0x20AC, -1, 1, 0
	case b == 0xFF:
		return -1, -1, 1, IllFormed
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	s := src[1]
	if between(s, 0x30, 0x39) {
		if len(src) < 3 {
			return need(src, atEOF)
		}
		t := src[2]
		if !between(t, 0x81, 0xFE) {
			return -1, -1, 1, IllFormed // second and third are read again
		}
		if len(src) < 4 {
			return need(src, atEOF)
		}
		u := src[3]
		if !between(u, 0x30, 0x39) {
			return -1, -1, 1, IllFormed
		}
		p := (((int(b)-0x81)*10+int(s)-0x30)*126+int(t)-0x81)*10 + int(u) - 0x30
		if c := gbRangesCP(p); c >= 0 {
			return c, -1, 4, 0
		}
		return -1, -1, 4, Unmapped
	}
	if !between(s, 0x40, 0x7E) && !between(s, 0x80, 0xFE) {
		return trailErr(s, IllFormed)
	}
	off := 0x40
	if s >= 0x7F {
		off = 0x41
	}
	if c := u16at(gb18030Dec, (int(b)-0x81)*190+int(s)-off); c != 0 {
		return rune(c), -1, 2, 0
	}
	return trailErr(s, Unmapped)
}

func gbEncode(r rune, dst []byte, gbk bool) (int, rune) {
	switch {
	case r < 0x80:
		dst[0] = byte(r)
		return 1, -1
	case r == 0xE5E5:
		return 0, r
	case gbk && r == 0x20AC:
		dst[0] = 0x80
		return 1, -1
	}
	p := -1
	if r >= 0xE78D && r <= 0xE864 {
		for _, e := range gbPUA {
			if rune(e.cp) == r {
				p = int(e.pointer)
			}
		}
	}
	if p < 0 {
		if v := pagedLookup(gb18030Enc, r); v != 0 {
			p = int(v - 1)
		}
	}
	if p >= 0 {
		trail := p % 190
		off := 0x40
		if trail >= 0x3F {
			off = 0x41
		}
		dst[0], dst[1] = byte(p/190+0x81), byte(trail+off)
		return 2, -1
	}
	if gbk {
		return 0, r
	}
	p = gbRangesPointer(r)
	dst[0] = byte(p/12600 + 0x81)
	p %= 12600
	dst[1] = byte(p/1260 + 0x30)
	p %= 1260
	dst[2] = byte(p/10 + 0x81)
	dst[3] = byte(p%10 + 0x30)
	return 4, -1
}

func gb18030Encode(_ *uint32, r rune, dst []byte) (int, rune) { return gbEncode(r, dst, false) }
func gbkEncode(_ *uint32, r rune, dst []byte) (int, rune)     { return gbEncode(r, dst, true) }

func big5Decode(_ *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	if b < 0x80 {
		return rune(b), -1, 1, 0
	}
	if !between(b, 0x81, 0xFE) {
		return -1, -1, 1, IllFormed
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	t := src[1]
	if !between(t, 0x40, 0x7E) && !between(t, 0xA1, 0xFE) {
		return trailErr(t, IllFormed)
	}
	off := 0x40
	if t >= 0x7F {
		off = 0x62
	}
	p := (int(b)-0x81)*157 + int(t) - off
	switch p {
	case 1133:
		return 0xCA, 0x304, 2, 0
	case 1135:
		return 0xCA, 0x30C, 2, 0
	case 1164:
		return 0xEA, 0x304, 2, 0
	case 1166:
		return 0xEA, 0x30C, 2, 0
	}
	if c := rune(u16at(big5Dec, p)); c != 0 {
		if bit(big5Hi, p) {
			c += 0x20000
		}
		return c, -1, 2, 0
	}
	return trailErr(t, Unmapped)
}

func big5Encode(_ *uint32, r rune, dst []byte) (int, rune) {
	if r < 0x80 {
		dst[0] = byte(r)
		return 1, -1
	}
	var v uint16
	if r <= 0xFFFF {
		v = pagedLookup(big5Enc, r)
	} else {
		v = suppLookup(big5Supp, r)
	}
	if v == 0 {
		return 0, r
	}
	p := int(v - 1)
	trail := p % 157
	off := 0x40
	if trail >= 0x3F {
		off = 0x62
	}
	dst[0], dst[1] = byte(p/157+0x81), byte(trail+off)
	return 2, -1
}

func euckrDecode(_ *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	if b < 0x80 {
		return rune(b), -1, 1, 0
	}
	if !between(b, 0x81, 0xFE) {
		return -1, -1, 1, IllFormed
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	t := src[1]
	if !between(t, 0x41, 0xFE) {
		return trailErr(t, IllFormed)
	}
	if c := u16at(euckrDec, (int(b)-0x81)*190+int(t)-0x41); c != 0 {
		return rune(c), -1, 2, 0
	}
	return trailErr(t, Unmapped)
}

func euckrEncode(_ *uint32, r rune, dst []byte) (int, rune) {
	if r < 0x80 {
		dst[0] = byte(r)
		return 1, -1
	}
	v := pagedLookup(euckrEnc, r)
	if v == 0 {
		return 0, r
	}
	p := int(v - 1)
	dst[0], dst[1] = byte(p/190+0x81), byte(p%190+0x41)
	return 2, -1
}
