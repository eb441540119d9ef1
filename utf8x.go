package utf8x

import "unsafe"

// Constants shared with unicode/utf8.
const (
	RuneError = '\uFFFD'     // the replacement character
	RuneSelf  = 0x80         // bytes below this are ASCII and stand for themselves
	MaxRune   = '\U0010FFFF' // the largest Unicode code point
	UTFMax    = 4            // the longest encoding of a character
)

const (
	surrogateMin = 0xD800
	surrogateMax = 0xDFFF
)

// first classifies each possible first byte. Zero means ASCII. A value below 0x10
// is the ErrorKind of a byte that can never start a character. Otherwise the high
// nibble is the sequence length and the low nibble indexes acceptRanges, which
// constrains the second byte (RFC 3629 section 4's UTF8-2..UTF8-4 rules).
var first = [256]uint8{}

type acceptRange struct {
	lo, hi       uint8     // allowed second byte
	below, above ErrorKind // the kind of a continuation byte just outside lo..hi
}

var acceptRanges = [...]acceptRange{
	0: {0x80, 0xBF, Truncated, Truncated},
	1: {0xA0, 0xBF, Overlong, Truncated},  // E0: 80..9F would be overlong
	2: {0x80, 0x9F, Truncated, Surrogate}, // ED: A0..BF encode U+D800..U+DFFF
	3: {0x90, 0xBF, Overlong, Truncated},  // F0: 80..8F would be overlong
	4: {0x80, 0x8F, Truncated, TooLarge},  // F4: 90..BF exceed U+10FFFF
}

func init() {
	for b := 0x80; b <= 0xBF; b++ {
		first[b] = uint8(UnexpectedContinuation)
	}
	first[0xC0], first[0xC1] = uint8(Overlong), uint8(Overlong)
	for b := 0xC2; b <= 0xDF; b++ {
		first[b] = 0x20
	}
	for b := 0xE0; b <= 0xEF; b++ {
		first[b] = 0x30
	}
	first[0xE0], first[0xED] = 0x31, 0x32
	first[0xF0], first[0xF1], first[0xF2], first[0xF3], first[0xF4] = 0x43, 0x40, 0x40, 0x40, 0x44
	for b := 0xF5; b <= 0xF7; b++ {
		first[b] = uint8(TooLarge)
	}
	for b := 0xF8; b <= 0xFF; b++ {
		first[b] = uint8(InvalidByte)
	}
}

type text interface{ ~[]byte | ~string }

// decode, decodeLast and startOf are generic wrappers, inlined, over
// non-generic code, because the compiler keeps no escape information for
// generic functions across packages (golang/go#79592): an exported function
// inlined into a caller in another package and calling a generic function
// there moves the caller's buffer to the heap, one allocation per call
// (TestNoEscape). Each views p's bytes as a string without copying (a slice
// begins with a string's two words); the non-generic code only reads them.
// The cast is written out in each wrapper, not in a helper, to keep the
// wrappers under the inlining budget.

// decode is the reference decoder. For well-formed input it returns the character
// and its length with kind 0. Otherwise it returns RuneError, the length of the
// maximal subpart and why it is ill-formed. Empty input gives (RuneError, 0, 0).
func decode[T text](p T) (rune, int, ErrorKind) { return decodeString(*(*string)(unsafe.Pointer(&p))) }

// decodeString is decode's body (see decode).
func decodeString(p string) (r rune, size int, kind ErrorKind) {
	n := len(p)
	if n == 0 {
		return RuneError, 0, 0
	}
	b0 := p[0]
	x := first[b0]
	if x == 0 {
		return rune(b0), 1, 0
	}
	if x < 0x10 {
		return RuneError, 1, ErrorKind(x)
	}
	if n < 2 {
		return RuneError, 1, Truncated
	}
	ar := acceptRanges[x&0xF]
	b1 := p[1]
	if b1 < ar.lo || ar.hi < b1 {
		switch {
		case b1 < 0x80 || b1 > 0xBF:
			return RuneError, 1, Truncated
		case b1 < ar.lo:
			return RuneError, 1, ar.below
		default:
			return RuneError, 1, ar.above
		}
	}
	size = int(x >> 4)
	if size == 2 {
		return rune(b0&0x1F)<<6 | rune(b1&0x3F), 2, 0
	}
	if n < 3 || p[2]&0xC0 != 0x80 {
		return RuneError, 2, Truncated
	}
	b2 := p[2]
	if size == 3 {
		return rune(b0&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), 3, 0
	}
	if n < 4 || p[3]&0xC0 != 0x80 {
		return RuneError, 3, Truncated
	}
	return rune(b0&0x07)<<18 | rune(b1&0x3F)<<12 | rune(b2&0x3F)<<6 | rune(p[3]&0x3F), 4, 0
}

// DecodeRune unpacks the first character of p and returns it with its width in
// bytes. If p is empty it returns (RuneError, 0). If p starts with an ill-formed
// sequence it returns (RuneError, w) where w is the length of the maximal subpart
// (1 to 3); unicode/utf8 would return width 1. A well-formed U+FFFD returns
// (RuneError, 3).
func DecodeRune(p []byte) (r rune, size int) {
	r, size, _ = decode(p)
	return r, size
}

// DecodeRuneInString is like DecodeRune but its input is a string.
func DecodeRuneInString(s string) (r rune, size int) {
	r, size, _ = decode(s)
	return r, size
}

// Decode is DecodeRune that also says why: kind is 0 for a well-formed
// character (a real U+FFFD included) and the ErrorKind of the maximal subpart
// otherwise. Empty input gives (RuneError, 0, 0).
func Decode(p []byte) (r rune, size int, kind ErrorKind) { return decode(p) }

// DecodeString is like Decode but its input is a string.
func DecodeString(s string) (r rune, size int, kind ErrorKind) { return decode(s) }

// decodeLast finds the last element of the maximal-subpart decomposition of p.
// Every byte that is not a continuation byte starts an element, and an element is
// at most 4 bytes long, so the answer starts within the last 4 bytes.
func decodeLast[T text](p T) (rune, int, ErrorKind) {
	return decodeLastString(*(*string)(unsafe.Pointer(&p)))
}

// decodeLastString is decodeLast's body (see decode).
func decodeLastString(p string) (r rune, size int, kind ErrorKind) {
	end := len(p)
	if end == 0 {
		return RuneError, 0, 0
	}
	if p[end-1] < RuneSelf {
		return rune(p[end-1]), 1, 0
	}
	lim := max(end-UTFMax, 0)
	start := end - 1
	for start > lim && p[start]&0xC0 == 0x80 {
		start--
	}
	if p[start]&0xC0 == 0x80 { // no lead in reach: the last byte stands alone
		return RuneError, 1, UnexpectedContinuation
	}
	r, size, kind = decode(p[start:end])
	if start+size == end {
		return r, size, kind
	}
	return RuneError, 1, UnexpectedContinuation
}

// DecodeLastRune unpacks the last character of p and returns it with its width.
// It returns the last element of the same decomposition DecodeRune walks forwards,
// so iterating backwards yields the same characters and U+FFFD per maximal subpart,
// in reverse. If p is empty it returns (RuneError, 0).
func DecodeLastRune(p []byte) (r rune, size int) {
	r, size, _ = decodeLast(p)
	return r, size
}

// DecodeLastRuneInString is like DecodeLastRune but its input is a string.
func DecodeLastRuneInString(s string) (r rune, size int) {
	r, size, _ = decodeLast(s)
	return r, size
}

// FullRune reports whether p begins with a complete character or with an
// ill-formed sequence that more input cannot complete. It is false only for empty
// input and for a proper prefix of a valid sequence that reaches the end of p.
func FullRune(p []byte) bool {
	_, size, kind := decode(p)
	return size > 0 && !(kind == Truncated && size == len(p))
}

// FullRuneInString is like FullRune but its input is a string.
func FullRuneInString(s string) bool {
	_, size, kind := decode(s)
	return size > 0 && !(kind == Truncated && size == len(s))
}

// RuneLen returns the number of bytes needed to encode r, or -1 if r is not a
// Unicode scalar value (a surrogate, negative, or above MaxRune).
func RuneLen(r rune) int {
	switch {
	case r < 0:
		return -1
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case surrogateMin <= r && r <= surrogateMax:
		return -1
	case r < 0x10000:
		return 3
	case r <= MaxRune:
		return 4
	}
	return -1
}

// ValidRune reports whether r can be encoded as UTF-8: a Unicode scalar value.
func ValidRune(r rune) bool {
	return 0 <= r && r < surrogateMin || surrogateMax < r && r <= MaxRune
}

// EncodeRune writes the UTF-8 encoding of r into p, which must be large enough,
// and returns the number of bytes written. A rune that is not a scalar value is
// written as RuneError, as unicode/utf8 does.
func EncodeRune(p []byte, r rune) int {
	if !ValidRune(r) {
		r = RuneError
	}
	switch {
	case r < 0x80:
		p[0] = byte(r)
		return 1
	case r < 0x800:
		_ = p[1]
		p[0] = 0xC0 | byte(r>>6)
		p[1] = 0x80 | byte(r)&0x3F
		return 2
	case r < 0x10000:
		_ = p[2]
		p[0] = 0xE0 | byte(r>>12)
		p[1] = 0x80 | byte(r>>6)&0x3F
		p[2] = 0x80 | byte(r)&0x3F
		return 3
	default:
		_ = p[3]
		p[0] = 0xF0 | byte(r>>18)
		p[1] = 0x80 | byte(r>>12)&0x3F
		p[2] = 0x80 | byte(r>>6)&0x3F
		p[3] = 0x80 | byte(r)&0x3F
		return 4
	}
}

// AppendRune appends the UTF-8 encoding of r to p and returns the extended
// buffer. A rune that is not a scalar value is appended as RuneError.
func AppendRune(p []byte, r rune) []byte {
	if uint32(r) < RuneSelf {
		return append(p, byte(r))
	}
	var buf [UTFMax]byte
	n := EncodeRune(buf[:], r)
	return append(p, buf[:n]...)
}

// RuneStart reports whether b can begin an element of the decomposition, that is,
// whether it is not a continuation byte (80-BF).
func RuneStart(b byte) bool { return b&0xC0 != 0x80 }
