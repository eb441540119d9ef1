package multibyte

// Fast loops: each converts the longest prefix of plain input it can (ASCII
// and well-formed two-byte characters of the BMP that its table maps) and
// stops, without error, at anything else; the step functions then handle that
// one unit by the standard's rules and the loop resumes. One call per run
// instead of one indirect call per character is what makes the table codecs
// as fast as x/text's; the tests hold both paths to the same reference.

type fastDecFunc func(st *uint32, dst, src []byte) (nDst, nSrc int)
type fastEncFunc func(st *uint32, dst, src []byte) (nDst, nSrc int)

// putBMP writes r (0x80 <= r <= 0xFFFF, not a surrogate) as UTF-8 and
// returns its length; dst has room for 3 bytes.
func putBMP(dst []byte, r uint16) int {
	if r < 0x800 {
		_ = dst[1]
		dst[0] = byte(0xC0 | r>>6)
		dst[1] = byte(0x80 | r&0x3F)
		return 2
	}
	_ = dst[2]
	dst[0] = byte(0xE0 | r>>12)
	dst[1] = byte(0x80 | (r>>6)&0x3F)
	dst[2] = byte(0x80 | r&0x3F)
	return 3
}

// getBMP reads a well-formed two- or three-byte UTF-8 sequence at src[i]
// (src[i] >= 0x80); size 0 means anything else, left to the slow path.
func getBMP(src []byte, i int) (rune, int) {
	c := src[i]
	if c >= 0xE0 && c <= 0xEF && i+2 < len(src) {
		b1, b2 := src[i+1], src[i+2]
		if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xE0 && b1 < 0xA0 || c == 0xED && b1 >= 0xA0 {
			return 0, 0
		}
		return rune(c&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), 3
	}
	if c >= 0xC2 && c <= 0xDF && i+1 < len(src) && src[i+1]&0xC0 == 0x80 {
		return rune(c&0x1F)<<6 | rune(src[i+1]&0x3F), 2
	}
	return 0, 0
}

func sjisFastDec(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nDst+3 > len(dst) {
			return
		}
		if c >= 0xA1 && c <= 0xDF {
			nDst += putBMP(dst[nDst:], uint16(0xFF61-0xA1+int(c)))
			nSrc++
			continue
		}
		if nSrc+1 >= len(src) || !(c >= 0x81 && c <= 0x9F || c >= 0xE0 && c <= 0xEF) {
			return
		}
		t := src[nSrc+1]
		if !(t >= 0x40 && t <= 0x7E || t >= 0x80 && t <= 0xFC) {
			return
		}
		leadOff, off := 0x81, 0x40
		if c >= 0xA0 {
			leadOff = 0xC1
		}
		if t >= 0x7F {
			off = 0x41
		}
		r := u16at(jis0208Dec, (int(c)-leadOff)*188+int(t)-off)
		if r == 0 {
			return
		}
		nDst += putBMP(dst[nDst:], r)
		nSrc += 2
	}
	return
}

func eucjpFastDec(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nDst+3 > len(dst) || nSrc+1 >= len(src) || c < 0xA1 || c == 0xFF {
			return
		}
		t := src[nSrc+1]
		if t < 0xA1 || t == 0xFF {
			return
		}
		r := u16at(jis0208Dec, int(c-0xA1)*94+int(t-0xA1))
		if r == 0 {
			return
		}
		nDst += putBMP(dst[nDst:], r)
		nSrc += 2
	}
	return
}

func gbFastDec(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nDst+3 > len(dst) || nSrc+1 >= len(src) || c < 0x81 || c == 0xFF {
			return
		}
		t := src[nSrc+1]
		if !(t >= 0x40 && t <= 0x7E || t >= 0x80 && t <= 0xFE) {
			return
		}
		off := 0x40
		if t >= 0x7F {
			off = 0x41
		}
		r := u16at(gb18030Dec, (int(c)-0x81)*190+int(t)-off)
		if r == 0 {
			return
		}
		nDst += putBMP(dst[nDst:], r)
		nSrc += 2
	}
	return
}

func big5FastDec(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nDst+3 > len(dst) || nSrc+1 >= len(src) || c < 0x81 || c == 0xFF {
			return
		}
		t := src[nSrc+1]
		if !(t >= 0x40 && t <= 0x7E || t >= 0xA1 && t <= 0xFE) {
			return
		}
		off := 0x40
		if t >= 0x7F {
			off = 0x62
		}
		p := (int(c)-0x81)*157 + int(t) - off
		if p <= 1166 || bit(big5Hi, p) {
			return // two-code-point pointers and plane 2: the slow path
		}
		r := u16at(big5Dec, p)
		if r == 0 {
			return
		}
		nDst += putBMP(dst[nDst:], r)
		nSrc += 2
	}
	return
}

func euckrFastDec(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nDst+3 > len(dst) || nSrc+1 >= len(src) || c < 0x81 || c == 0xFF {
			return
		}
		t := src[nSrc+1]
		if t < 0x41 || t == 0xFF {
			return
		}
		r := u16at(euckrDec, (int(c)-0x81)*190+int(t)-0x41)
		if r == 0 {
			return
		}
		nDst += putBMP(dst[nDst:], r)
		nSrc += 2
	}
	return
}

// iso2022jpFastDec handles runs inside the ASCII and JIS X 0208 states.
func iso2022jpFastDec(st *uint32, dst, src []byte) (nDst, nSrc int) {
	switch *st {
	case jpASCII:
		for nSrc < len(src) && nDst < len(dst) {
			c := src[nSrc]
			if c >= 0x80 || c == 0x0E || c == 0x0F || c == 0x1B {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
		}
	case jpLead:
		for nSrc+1 < len(src) && nDst+3 <= len(dst) {
			c, t := src[nSrc], src[nSrc+1]
			if c < 0x21 || c > 0x7E || t < 0x21 || t > 0x7E {
				return
			}
			r := u16at(jis0208Dec, int(c-0x21)*94+int(t-0x21))
			if r == 0 {
				return
			}
			nDst += putBMP(dst[nDst:], r)
			nSrc += 2
		}
	}
	return
}

// Encoders. Each stops at a character its table does not map, so the
// special cases of the standard (U+00A5, U+2212, half-width katakana, U+E5E5,
// the gb18030 private-use table, ...) go to the step functions.

func sjisFastEnc(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	tbl := jis0208Enc.get()
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		var size int
		if c >= 0xE1 && c <= 0xEF && nSrc+2 < len(src) {
			// Three-byte UTF-8, CJK's case, decoded inline (getBMP is
			// too big to inline).
			b1, b2 := src[nSrc+1], src[nSrc+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xED && b1 >= 0xA0 {
				return
			}
			r, size = rune(c&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		} else if r, size = getBMP(src, nSrc); size == 0 {
			return
		}
		if nDst+2 > len(dst) {
			return
		}
		if r == 0xA5 || r == 0x203E || r == 0x2212 || r >= 0xFF61 && r <= 0xFF9F {
			return
		}
		v := lookupPaged(tbl, r)
		if v == 0 || v-1 >= 8272 && v-1 <= 8835 {
			return
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
		dst[nDst], dst[nDst+1] = byte(lead+leadOff), byte(trail+off)
		nDst += 2
		nSrc += size
	}
	return
}

func eucjpFastEnc(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	tbl := jis0208Enc.get()
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		var size int
		if c >= 0xE1 && c <= 0xEF && nSrc+2 < len(src) {
			// Three-byte UTF-8, CJK's case, decoded inline (getBMP is
			// too big to inline).
			b1, b2 := src[nSrc+1], src[nSrc+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xED && b1 >= 0xA0 {
				return
			}
			r, size = rune(c&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		} else if r, size = getBMP(src, nSrc); size == 0 {
			return
		}
		if nDst+2 > len(dst) {
			return
		}
		if r == 0xA5 || r == 0x203E || r == 0x2212 || r >= 0xFF61 && r <= 0xFF9F {
			return
		}
		v := lookupPaged(tbl, r)
		if v == 0 {
			return
		}
		p := int(v - 1)
		dst[nDst], dst[nDst+1] = byte(p/94+0xA1), byte(p%94+0xA1)
		nDst += 2
		nSrc += size
	}
	return
}

func gbFastEnc(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	tbl := gb18030Enc.get()
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		var size int
		if c >= 0xE1 && c <= 0xEF && nSrc+2 < len(src) {
			// Three-byte UTF-8, CJK's case, decoded inline (getBMP is
			// too big to inline).
			b1, b2 := src[nSrc+1], src[nSrc+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xED && b1 >= 0xA0 {
				return
			}
			r, size = rune(c&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		} else if r, size = getBMP(src, nSrc); size == 0 {
			return
		}
		if nDst+2 > len(dst) || r == 0x20AC || r >= 0xE000 && r <= 0xF8FF {
			return // the euro (GBK: 80) and private use (E5E5, the 2022 table)
		}
		v := lookupPaged(tbl, r)
		if v == 0 {
			return
		}
		p := int(v - 1)
		trail := p % 190
		off := 0x40
		if trail >= 0x3F {
			off = 0x41
		}
		dst[nDst], dst[nDst+1] = byte(p/190+0x81), byte(trail+off)
		nDst += 2
		nSrc += size
	}
	return
}

func big5FastEnc(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	tbl := big5Enc.get()
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		var size int
		if c >= 0xE1 && c <= 0xEF && nSrc+2 < len(src) {
			// Three-byte UTF-8, CJK's case, decoded inline (getBMP is
			// too big to inline).
			b1, b2 := src[nSrc+1], src[nSrc+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xED && b1 >= 0xA0 {
				return
			}
			r, size = rune(c&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		} else if r, size = getBMP(src, nSrc); size == 0 {
			return
		}
		if nDst+2 > len(dst) {
			return
		}
		v := lookupPaged(tbl, r)
		if v == 0 {
			return
		}
		p := int(v - 1)
		trail := p % 157
		off := 0x40
		if trail >= 0x3F {
			off = 0x62
		}
		dst[nDst], dst[nDst+1] = byte(p/157+0x81), byte(trail+off)
		nDst += 2
		nSrc += size
	}
	return
}

func euckrFastEnc(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	tbl := euckrEnc.get()
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		var size int
		if c >= 0xE1 && c <= 0xEF && nSrc+2 < len(src) {
			// Three-byte UTF-8, CJK's case, decoded inline (getBMP is
			// too big to inline).
			b1, b2 := src[nSrc+1], src[nSrc+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xED && b1 >= 0xA0 {
				return
			}
			r, size = rune(c&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		} else if r, size = getBMP(src, nSrc); size == 0 {
			return
		}
		if nDst+2 > len(dst) {
			return
		}
		v := lookupPaged(tbl, r)
		if v == 0 {
			return
		}
		p := int(v - 1)
		dst[nDst], dst[nDst+1] = byte(p/190+0x81), byte(p%190+0x41)
		nDst += 2
		nSrc += size
	}
	return
}

// iso2022jpFastEnc handles ASCII and mapped JIS X 0208 characters from the
// ASCII and JIS X 0208 states, writing the escape sequences between them as
// the standard's encoder does; the Roman state, controls it refuses and
// characters needing a conversion first go to the step.
func iso2022jpFastEnc(st *uint32, dst, src []byte) (nDst, nSrc int) {
	tbl := jis0208Enc.get()
	s := *st
	if s == jeRoman {
		return 0, 0
	}
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if c == 0x0E || c == 0x0F || c == 0x1B {
				break
			}
			if s == jeJIS0208 {
				if nDst+4 > len(dst) {
					break
				}
				dst[nDst], dst[nDst+1], dst[nDst+2] = 0x1B, 0x28, 0x42
				nDst += 3
				s = jeASCII
			}
			if nDst >= len(dst) {
				break
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		var size int
		if c >= 0xE1 && c <= 0xEF && nSrc+2 < len(src) {
			b1, b2 := src[nSrc+1], src[nSrc+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xED && b1 >= 0xA0 {
				break
			}
			r, size = rune(c&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		} else if r, size = getBMP(src, nSrc); size == 0 {
			break
		}
		if r == 0x2212 || r >= 0xFF61 && r <= 0xFF9F {
			break
		}
		v := lookupPaged(tbl, r)
		if v == 0 {
			break
		}
		if s != jeJIS0208 {
			if nDst+5 > len(dst) {
				break
			}
			dst[nDst], dst[nDst+1], dst[nDst+2] = 0x1B, 0x24, 0x42
			nDst += 3
			s = jeJIS0208
		} else if nDst+2 > len(dst) {
			break
		}
		p := int(v - 1)
		dst[nDst], dst[nDst+1] = byte(p/94+0x21), byte(p%94+0x21)
		nDst += 2
		nSrc += size
	}
	*st = s
	return
}

func johabFastDec(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nDst+3 > len(dst) || nSrc+1 >= len(src) || c < 0x84 || c > 0xF9 {
			return
		}
		t := src[nSrc+1]
		if t < 0x31 || t == 0xFF {
			return
		}
		r := u16at(johabDec, int(c-0x84)*206+int(t-0x31))
		if r == 0 {
			return
		}
		nDst += putBMP(dst[nDst:], r)
		nSrc += 2
	}
	return
}

func johabFastEnc(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	tbl := johabEnc.get()
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		var size int
		if c >= 0xE1 && c <= 0xEF && nSrc+2 < len(src) {
			b1, b2 := src[nSrc+1], src[nSrc+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xED && b1 >= 0xA0 {
				return
			}
			r, size = rune(c&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		} else if r, size = getBMP(src, nSrc); size == 0 {
			return
		}
		if nDst+2 > len(dst) {
			return
		}
		v := lookupPaged(tbl, r)
		if v == 0 {
			return
		}
		dst[nDst], dst[nDst+1] = byte(v>>8), byte(v)
		nDst += 2
		nSrc += size
	}
	return
}

// jisx0213FastDec handles plane 1 characters of the BMP; plane 2, the
// supplementary planes and the two-code-point pairs go to the step.
func jisx0213FastDec(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nDst+3 > len(dst) || nSrc+1 >= len(src) || c < 0xA1 || c == 0xFF {
			return
		}
		t := src[nSrc+1]
		if t < 0xA1 || t == 0xFF {
			return
		}
		p := int(c-0xA1)*94 + int(t-0xA1)
		r := u16at(jisx0213Dec, p)
		if r == 0 || bit(jisx0213Hi, p) {
			return
		}
		nDst += putBMP(dst[nDst:], r)
		nSrc += 2
	}
	return
}

// jisx0213FastEnc stops at a character that may start a two-code-point
// pair, so that the step can look at the next one.
func jisx0213FastEnc(_ *uint32, dst, src []byte) (nDst, nSrc int) {
	tbl := jisx0213Enc.get()
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		var size int
		if c >= 0xE1 && c <= 0xEF && nSrc+2 < len(src) {
			b1, b2 := src[nSrc+1], src[nSrc+2]
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || c == 0xED && b1 >= 0xA0 {
				return
			}
			r, size = rune(c&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		} else if r, size = getBMP(src, nSrc); size == 0 {
			return
		}
		if nDst+3 > len(dst) || r >= 0xFF61 && r <= 0xFF9F || jisx0213PairStarts(r) {
			return
		}
		v := lookupPaged(tbl, r)
		if v == 0 {
			return
		}
		if v&0x8000 == 0 {
			dst[nDst], dst[nDst+1], dst[nDst+2] = 0x8F, byte(v>>8)|0x80, byte(v)
			nDst += 3
		} else {
			dst[nDst], dst[nDst+1] = byte(v>>8), byte(v)
			nDst += 2
		}
		nSrc += size
	}
	return
}
