package multibyte

import (
	"strconv"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// Mode says what a decoder or encoder does with input it cannot convert.
type Mode uint8

const (
	// Strict stops at the first bad input with an *Error.
	Strict Mode = iota
	// Replace writes U+FFFD for each error a decoder meets (one per error of
	// the Encoding Standard's decoder), and the replacement string for each
	// character an encoder cannot write.
	Replace
	// HTML is Replace for decoders; encoders write a character they cannot
	// encode as a decimal numeric character reference "&#NNNN;", as the
	// Encoding Standard's encoders do for HTML forms.
	HTML
	// Skip drops what Replace would replace: a decoder writes nothing for an
	// error, an encoder nothing for a character it cannot encode.
	Skip
)

// stepFunc decodes the unit at the start of src (len(src) > 0) with the
// decoder state *st. It returns the code points (r2 < 0 for one, r1 < 0 for
// none), the bytes n it consumed, and a kind for an error covering src[:n],
// after which the next unit starts at src[n] (the bytes the Encoding Standard
// "restores" are simply not consumed). n == 0 asks for more input and only
// happens when atEOF is false, so a sequence is never split across calls.
type stepFunc func(st *uint32, src []byte, atEOF bool) (r1, r2 rune, n int, k Kind)

// maxStepOut bounds what one step writes: two code points, or U+FFFD.
const maxStepOut = 8

type decoder struct {
	name  string
	fast  fastDecFunc
	step  stepFunc
	ascii bool // bytes below 0x80 always decode to themselves
	mode  Mode
	st    uint32
	pos   lines
}

func (d *decoder) Reset() { d.st, d.pos = 0, lines{} }

func (d *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	failed := false
	defer func() {
		if !failed {
			d.pos.advance(src[:nSrc])
		}
	}()
	for nSrc < len(src) {
		if d.fast != nil {
			a, b := d.fast(&d.st, dst[nDst:], src[nSrc:])
			nDst += a
			nSrc += b
			if nSrc >= len(src) {
				break
			}
		}
		if d.ascii && src[nSrc] < 0x80 {
			// Runs of ASCII are copied eight bytes at a time while both
			// sides have room; the check is one mask per word.
			for nSrc+8 <= len(src) && nDst+8 <= len(dst) {
				w := uint64(src[nSrc]) | uint64(src[nSrc+1])<<8 | uint64(src[nSrc+2])<<16 | uint64(src[nSrc+3])<<24 |
					uint64(src[nSrc+4])<<32 | uint64(src[nSrc+5])<<40 | uint64(src[nSrc+6])<<48 | uint64(src[nSrc+7])<<56
				if w&0x8080808080808080 != 0 {
					break
				}
				copy(dst[nDst:nDst+8], src[nSrc:nSrc+8])
				nDst += 8
				nSrc += 8
			}
			for nSrc < len(src) && src[nSrc] < 0x80 {
				if nDst >= len(dst) {
					return nDst, nSrc, transform.ErrShortDst
				}
				dst[nDst] = src[nSrc]
				nDst++
				nSrc++
			}
			continue
		}
		saved := d.st
		r1, r2, n, k := d.step(&d.st, src[nSrc:], atEOF)
		if n == 0 {
			d.st = saved
			return nDst, nSrc, transform.ErrShortSrc
		}
		if k != 0 {
			if d.mode == Strict {
				failed = true
				return nDst, nSrc, d.pos.errorAt(&Error{Encoding: d.name, Len: n, Kind: k, Rune: -1}, src, nSrc)
			}
			r1, r2 = utf8.RuneError, -1
			if d.mode == Skip {
				r1 = -1
			}
		}
		if r1 >= 0x800 && r1 < 0x10000 && r2 < 0 && len(dst)-nDst >= 3 {
			// The common case, a BMP character from a table, written inline.
			dst[nDst] = byte(0xE0 | r1>>12)
			dst[nDst+1] = byte(0x80 | (r1>>6)&0x3F)
			dst[nDst+2] = byte(0x80 | r1&0x3F)
			nDst += 3
		} else if r1 >= 0 {
			if len(dst)-nDst < maxStepOut && len(dst)-nDst < utf8.RuneLen(r1)+runeLen(r2) {
				d.st = saved
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += utf8.EncodeRune(dst[nDst:], r1)
			if r2 >= 0 {
				nDst += utf8.EncodeRune(dst[nDst:], r2)
			}
		}
		nSrc += n
	}
	return nDst, nSrc, nil
}

func runeLen(r rune) int {
	if r < 0 {
		return 0
	}
	return utf8.RuneLen(r)
}

// encFunc writes the bytes for r to dst (at least maxEncOut bytes long) with
// the encoder state *st. errRune >= 0 says r cannot be encoded; n bytes may
// still have been written (a return to the initial shift state first), and
// errRune is the code point an HTML-mode reference names (the Encoding
// Standard's ISO-2022-JP encoder reports U+FFFD for ESC, SO and SI).
type encFunc func(st *uint32, r rune, dst []byte) (n int, errRune rune)

// flushFunc writes what returns the encoder to its initial state at the end
// of the input.
type flushFunc func(st *uint32, dst []byte) int

// pairFunc, for encodings with characters made of two code points, reports
// whether r can start one and, given the next code point, writes the pair.
type pairFunc struct {
	starts func(r rune) bool
	encode func(st *uint32, r, next rune, dst []byte) (n int, ok bool)
}

// maxEncOut is the room the encoder loop keeps for one character and its
// replacement: an escape (3) and up to maxReplRunes runes of at most 4 bytes
// each with their own escapes, or a numeric character reference.
const maxEncOut = 64

// maxReplRunes bounds a caller's replacement string.
const maxReplRunes = 8

type encoder struct {
	name  string
	fast  fastEncFunc
	enc   encFunc
	flush flushFunc
	pair  *pairFunc
	ascii bool // characters below 0x80 always encode to themselves
	mode  Mode
	repl  string
	st    uint32
	pos   lines
}

func (e *encoder) Reset() { e.st, e.pos = 0, lines{} }

func (e *encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	failed := false
	defer func() {
		if !failed {
			e.pos.advance(src[:nSrc])
		}
	}()
	var scratch [maxEncOut]byte
	for nSrc < len(src) {
		if e.fast != nil {
			a, b := e.fast(&e.st, dst[nDst:], src[nSrc:])
			nDst += a
			nSrc += b
			if nSrc >= len(src) {
				break
			}
		}
		c := src[nSrc]
		if e.ascii && c < 0x80 {
			for nSrc+8 <= len(src) && nDst+8 <= len(dst) {
				w := uint64(src[nSrc]) | uint64(src[nSrc+1])<<8 | uint64(src[nSrc+2])<<16 | uint64(src[nSrc+3])<<24 |
					uint64(src[nSrc+4])<<32 | uint64(src[nSrc+5])<<40 | uint64(src[nSrc+6])<<48 | uint64(src[nSrc+7])<<56
				if w&0x8080808080808080 != 0 {
					break
				}
				copy(dst[nDst:nDst+8], src[nSrc:nSrc+8])
				nDst += 8
				nSrc += 8
			}
			for nSrc < len(src) && src[nSrc] < 0x80 {
				if nDst >= len(dst) {
					return nDst, nSrc, transform.ErrShortDst
				}
				dst[nDst] = src[nSrc]
				nDst++
				nSrc++
			}
			continue
		}
		r, size := rune(c), 1
		if c >= 0xE1 && c <= 0xEC && nSrc+2 < len(src) && src[nSrc+1]&0xC0 == 0x80 && src[nSrc+2]&0xC0 == 0x80 {
			// Three-byte UTF-8 without the E0/ED range limits: CJK's case.
			r = rune(c&0x0F)<<12 | rune(src[nSrc+1]&0x3F)<<6 | rune(src[nSrc+2]&0x3F)
			size = 3
		} else if c >= 0x80 {
			r, size = utf8.DecodeRune(src[nSrc:])
			if r == utf8.RuneError && size <= 1 {
				if !atEOF && !utf8.FullRune(src[nSrc:]) {
					return nDst, nSrc, transform.ErrShortSrc
				}
				size = maximalSubpart(src[nSrc:])
				r = -1
			}
		}
		out := dst[nDst:]
		direct := len(out) >= maxEncOut
		if !direct {
			out = scratch[:]
		}
		saved := e.st
		var n int
		errRune := rune(-1)
		kind := Kind(0)
		if r < 0 {
			kind, errRune = InvalidUTF8, utf8.RuneError
		} else {
			paired := false
			if e.pair != nil && e.pair.starts(r) {
				if nSrc+size >= len(src) && !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				if !atEOF && !utf8.FullRune(src[nSrc+size:]) {
					return nDst, nSrc, transform.ErrShortSrc
				}
				next, nsize := utf8.DecodeRune(src[nSrc+size:])
				if nsize > 0 && next != utf8.RuneError {
					if m, ok := e.pair.encode(&e.st, r, next, out); ok {
						n, paired = m, true
						size += nsize
					}
				}
			}
			if !paired {
				n, errRune = e.enc(&e.st, r, out)
				if errRune >= 0 {
					kind = Unrepresentable
				}
			}
		}
		if kind != 0 {
			if e.mode == Strict {
				if !direct && n > 0 {
					if n > len(dst)-nDst {
						e.st = saved
						return nDst, nSrc, transform.ErrShortDst
					}
					copy(dst[nDst:], out[:n])
				}
				failed = true
				er := e.pos.errorAt(&Error{Encoding: e.name, Len: size, Kind: kind, Rune: r, Encoder: true}, src, nSrc)
				return nDst + n, nSrc, er
			}
			m, ok := 0, true
			if e.mode != Skip {
				m, ok = e.replace(out[n:], errRune)
			}
			if !ok {
				// The replacement was checked at construction, so only room
				// can be missing, and only when out is the scratch buffer.
				e.st = saved
				return nDst, nSrc, transform.ErrShortDst
			}
			n += m
		}
		if !direct {
			if n > len(dst)-nDst {
				e.st = saved
				return nDst, nSrc, transform.ErrShortDst
			}
			copy(dst[nDst:], out[:n])
		}
		nDst += n
		nSrc += size
	}
	if atEOF && e.flush != nil {
		var buf [maxEncOut]byte
		saved := e.st
		n := e.flush(&e.st, buf[:])
		if n > len(dst)-nDst {
			e.st = saved
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], buf[:n])
	}
	return nDst, nSrc, nil
}

// replace encodes the replacement (or the numeric character reference for
// errRune) through the encoder itself, so that a stateful encoder stays
// consistent; it fails when dst is too small or the replacement cannot be
// encoded.
func (e *encoder) replace(dst []byte, errRune rune) (int, bool) {
	var ref [16]byte
	repl := e.repl
	var rb []byte
	if e.mode == HTML {
		rb = append(ref[:0], "&#"...)
		rb = strconv.AppendInt(rb, int64(errRune), 10)
		rb = append(rb, ';')
	}
	n := 0
	var tmp [maxEncOut]byte
	emit := func(r rune) bool {
		m, bad := e.enc(&e.st, r, tmp[:])
		if bad >= 0 || m > len(dst)-n {
			return false
		}
		n += copy(dst[n:], tmp[:m])
		return true
	}
	if rb != nil {
		for _, c := range rb {
			if !emit(rune(c)) {
				return n, false
			}
		}
		return n, true
	}
	for _, r := range repl {
		if !emit(r) {
			return n, false
		}
	}
	return n, true
}

// maximalSubpart returns the length of the maximal subpart of an ill-formed
// UTF-8 sequence at the start of p (Unicode chapter 3): the lead and the
// continuation bytes that could still have completed it, at least 1.
func maximalSubpart(p []byte) int {
	c := p[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c == 0xED:
		need, hi = 2, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		need = 2
	case c == 0xF0:
		need, lo = 3, 0x90
	case c == 0xF4:
		need, hi = 3, 0x8F
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	default:
		return 1
	}
	n := 1
	for i := 0; i < need && n < len(p); i++ {
		b := p[n]
		if i > 0 {
			lo, hi = 0x80, 0xBF
		}
		if b < lo || b > hi {
			break
		}
		n++
	}
	return n
}

// u16at reads entry i of a little-endian uint16 table.
func u16at(s string, i int) uint16 {
	return uint16(s[2*i]) | uint16(s[2*i+1])<<8
}

const nPages = 0x10000 >> pageBits

// suppLookup searches a sorted table of 6-byte (code point, value) records.
func suppLookup(s string, r rune) uint16 {
	lo, hi := 0, len(s)/6
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		c := rune(uint32(s[6*m]) | uint32(s[6*m+1])<<8 | uint32(s[6*m+2])<<16 | uint32(s[6*m+3])<<24)
		switch {
		case c < r:
			lo = m + 1
		case c > r:
			hi = m
		default:
			return uint16(s[6*m+4]) | uint16(s[6*m+5])<<8
		}
	}
	return 0
}

// bit reports bit i of a bitset table.
func bit(s string, i int) bool { return s[i>>3]>>(i&7)&1 != 0 }

// State returns the decoder's shift state, for Unit: with the input the
// decoder consumes after State is read, Unit steps through the same units
// the decoder converts.
func (d *decoder) State() uint32 { return d.st }

// Unit reads the unit at the start of src (len(src) > 0) from the shift
// state *st, as Transform does, and returns its length n in src and the
// length of the UTF-8 Transform writes for it (U+FFFD's, 3, for an error,
// or 0 under Skip). n == 0 asks for more input, only when atEOF is false.
// The callers are those that must place a character of the decoder's
// output in its input: where the UTF-8 is converted further and the
// character cannot be.
func (d *decoder) Unit(st *uint32, src []byte, atEOF bool) (n, outLen int) {
	if d.ascii && src[0] < 0x80 {
		return 1, 1
	}
	saved := *st
	r1, r2, n, k := d.step(st, src, atEOF)
	if n == 0 {
		*st = saved
		return 0, 0
	}
	if k != 0 {
		if d.mode == Skip {
			return n, 0
		}
		return n, utf8.RuneLen(utf8.RuneError)
	}
	return n, runeLen(r1) + runeLen(r2)
}
