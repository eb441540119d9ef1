package multibyte

// Encodings beyond the Encoding Standard. Their error handling follows the
// standard's conventions (a failed trail that is ASCII is read again), and
// their tables and behaviour follow Python's codecs where Python and glibc
// iconv differ, as noted at each.

// ISO-2022-KR (RFC 1557). Decoder state: bit 0 designated (ESC $ ) C seen),
// bit 1 shifted out (SO). KS X 1001 is index euc-kr's rows and columns
// 0xA1-0xFE, shifted down by 0x80.
const (
	krDesignated = 1
	krShifted    = 2
)

func iso2022krDecode(st *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	switch b {
	case 0x1B:
		const des = "\x1b$)C"
		for i := 1; i < len(des); i++ {
			if i >= len(src) {
				if !atEOF {
					return -1, -1, 0, 0
				}
				return -1, -1, 1, BadEscape
			}
			if src[i] != des[i] {
				return -1, -1, 1, BadEscape
			}
		}
		*st |= krDesignated
		return -1, -1, 4, 0
	case 0x0E:
		if *st&krDesignated == 0 {
			return -1, -1, 1, BadEscape
		}
		*st |= krShifted
		return -1, -1, 1, 0
	case 0x0F:
		*st &^= krShifted
		return -1, -1, 1, 0
	}
	if b >= 0x80 {
		return -1, -1, 1, IllFormed
	}
	if *st&krShifted == 0 {
		return rune(b), -1, 1, 0
	}
	if b == '\n' || b == '\r' {
		// A line starts in ASCII (RFC 1557; Python does the same).
		*st &^= krShifted
		return rune(b), -1, 1, 0
	}
	if !between(b, 0x21, 0x7E) {
		return -1, -1, 1, IllFormed
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	t := src[1]
	if !between(t, 0x21, 0x7E) {
		return -1, -1, 1, IllFormed
	}
	if c := u16at(euckrDec, (int(b)+0x80-0x81)*190+int(t)+0x80-0x41); c != 0 {
		return rune(c), -1, 2, 0
	}
	return -1, -1, 2, Unmapped
}

func iso2022krEncode(st *uint32, r rune, dst []byte) (int, rune) {
	n := 0
	if r < 0x80 {
		if r == 0x0E || r == 0x0F || r == 0x1B {
			return 0, r
		}
		if *st&krShifted != 0 {
			dst[n] = 0x0F
			n++
			*st &^= krShifted
		}
		dst[n] = byte(r)
		return n + 1, -1
	}
	v := pagedLookup(euckrEnc, r)
	if v == 0 {
		return 0, r
	}
	p := int(v - 1)
	lead, trail := p/190+0x81, p%190+0x41
	if lead < 0xA1 || trail < 0xA1 {
		return 0, r // in CP949's extension, not in KS X 1001
	}
	if *st&krDesignated == 0 {
		// Python writes the designation once, before the first SO; glibc
		// writes it at the start of every output.
		n += copy(dst, "\x1b$)C")
		*st |= krDesignated
	}
	if *st&krShifted == 0 {
		dst[n] = 0x0E
		n++
		*st |= krShifted
	}
	dst[n], dst[n+1] = byte(lead-0x80), byte(trail-0x80)
	return n + 2, -1
}

func iso2022krFlush(st *uint32, dst []byte) int {
	if *st&krShifted == 0 {
		return 0
	}
	*st &^= krShifted
	dst[0] = 0x0F
	return 1
}

// HZ-GB-2312 (RFC 1843). State 1 is GB mode (after "~{").
func hzDecode(st *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	if b >= 0x80 {
		return -1, -1, 1, IllFormed
	}
	if b == '~' {
		if len(src) < 2 {
			if !atEOF {
				return -1, -1, 0, 0
			}
			return -1, -1, 1, Truncated
		}
		switch t := src[1]; {
		case t == '}' && *st == 1:
			*st = 0
			return -1, -1, 2, 0
		case *st == 1:
			// In GB mode "~" is a lead like any other; fall through.
		case t == '~':
			return '~', -1, 2, 0
		case t == '{':
			*st = 1
			return -1, -1, 2, 0
		case t == '\n':
			return -1, -1, 2, 0 // a line continuation
		default:
			return -1, -1, 1, BadEscape
		}
	}
	if *st == 0 {
		return rune(b), -1, 1, 0
	}
	if !between(b, 0x21, 0x7E) {
		return -1, -1, 1, IllFormed
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	t := src[1]
	if !between(t, 0x21, 0x7E) {
		return -1, -1, 1, IllFormed
	}
	if c := u16at(gb2312Dec, int(b-0x21)*94+int(t-0x21)); c != 0 {
		return rune(c), -1, 2, 0
	}
	return -1, -1, 2, Unmapped
}

func hzEncode(st *uint32, r rune, dst []byte) (int, rune) {
	n := 0
	if r < 0x80 {
		if *st == 1 {
			dst[0], dst[1] = '~', '}'
			n = 2
			*st = 0
		}
		dst[n] = byte(r)
		n++
		if r == '~' {
			dst[n] = '~'
			n++
		}
		return n, -1
	}
	v := pagedLookup(gb2312Enc, r)
	if v == 0 {
		return 0, r
	}
	if *st == 0 {
		dst[0], dst[1] = '~', '{'
		n = 2
		*st = 1
	}
	dst[n], dst[n+1] = byte(v>>8)-0x80, byte(v)-0x80
	return n + 2, -1
}

func hzFlush(st *uint32, dst []byte) int {
	if *st == 0 {
		return 0
	}
	*st = 0
	dst[0], dst[1] = '~', '}'
	return 2
}

// Johab (KS C 5601-1992 annex 3), from glibc's JOHAB charmap, except that
// 0x5C is REVERSE SOLIDUS as in Python and Microsoft's code page 1361 (glibc:
// WON SIGN).
func johabDecode(_ *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
	b := src[0]
	if b < 0x80 {
		return rune(b), -1, 1, 0
	}
	if !between(b, 0x84, 0xD3) && !between(b, 0xD8, 0xDE) && !between(b, 0xE0, 0xF9) {
		return -1, -1, 1, IllFormed
	}
	if len(src) < 2 {
		return need(src, atEOF)
	}
	t := src[1]
	if !between(t, 0x31, 0xFE) {
		return trailErr(t, IllFormed)
	}
	if c := u16at(johabDec, int(b-0x84)*206+int(t-0x31)); c != 0 {
		return rune(c), -1, 2, 0
	}
	return trailErr(t, Unmapped)
}

func johabEncode(_ *uint32, r rune, dst []byte) (int, rune) {
	if r < 0x80 {
		dst[0] = byte(r)
		return 1, -1
	}
	v := pagedLookup(johabEnc, r)
	if v == 0 {
		return 0, r
	}
	dst[0], dst[1] = byte(v>>8), byte(v)
	return 2, -1
}

// EUC-JIS X 0213 (EUC-JIS-2004), from glibc's EUC-JISX0213 charmap,
// including the 25 byte pairs that decode to a letter and a combining mark.
func jisx0213Decode(_ *uint32, src []byte, atEOF bool) (rune, rune, int, Kind) {
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
	if b == 0x8E {
		if between(t, 0xA1, 0xDF) {
			return 0xFF61 - 0xA1 + rune(t), -1, 2, 0
		}
		return trailErr(t, IllFormed)
	}
	if !between(t, 0xA1, 0xFE) {
		return trailErr(t, IllFormed)
	}
	if b == 0x8F {
		if len(src) < 3 {
			return need(src, atEOF)
		}
		u := src[2]
		if !between(u, 0xA1, 0xFE) {
			if u < 0x80 {
				return -1, -1, 2, IllFormed
			}
			return -1, -1, 3, IllFormed
		}
		p := 8836 + int(t-0xA1)*94 + int(u-0xA1)
		if c := rune(u16at(jisx0213Dec, p)); c != 0 {
			if bit(jisx0213Hi, p) {
				c += 0x20000
			}
			return c, -1, 3, 0
		}
		return -1, -1, 3, Unmapped
	}
	p := int(b-0xA1)*94 + int(t-0xA1)
	if c := rune(u16at(jisx0213Dec, p)); c != 0 {
		if bit(jisx0213Hi, p) {
			c += 0x20000
		}
		return c, -1, 2, 0
	}
	v := uint16(b)<<8 | uint16(t)
	for _, e := range jisx0213Pairs {
		if e.bytes == v {
			return rune(e.base), rune(e.mark), 2, 0
		}
	}
	return -1, -1, 2, Unmapped
}

func jisx0213Put(v uint16, dst []byte) int {
	if v&0x8000 == 0 {
		dst[0], dst[1], dst[2] = 0x8F, byte(v>>8)|0x80, byte(v)
		return 3
	}
	dst[0], dst[1] = byte(v>>8), byte(v)
	return 2
}

func jisx0213Encode(_ *uint32, r rune, dst []byte) (int, rune) {
	if r < 0x80 {
		dst[0] = byte(r)
		return 1, -1
	}
	if r >= 0xFF61 && r <= 0xFF9F {
		dst[0], dst[1] = 0x8E, byte(r-0xFF61+0xA1)
		return 2, -1
	}
	var v uint16
	if r <= 0xFFFF {
		v = pagedLookup(jisx0213Enc, r)
	} else {
		v = suppLookup(jisx0213Supp, r)
	}
	if v == 0 {
		return 0, r
	}
	return jisx0213Put(v, dst), -1
}

func jisx0213PairStarts(r rune) bool {
	if r > 0x31F7 || r < 0xE6 {
		return false
	}
	for _, e := range jisx0213Pairs {
		if rune(e.base) == r {
			return true
		}
	}
	return false
}

func jisx0213PairEncode(_ *uint32, r, next rune, dst []byte) (int, bool) {
	for _, e := range jisx0213Pairs {
		if rune(e.base) == r && rune(e.mark) == next {
			return jisx0213Put(e.bytes, dst), true
		}
	}
	return 0, false
}
