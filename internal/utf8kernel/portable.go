package utf8kernel

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// The portable kernels, in pure Go. They serve every architecture without SIMD
// kernels, the purego build, and short inputs everywhere, so they favour few
// instructions per call as much as throughput.
//
// Each takes a vector flag, and its first line hands an input long enough for
// the active set to that set (the arch* functions of the architecture's file,
// see kernel.go). That line is the only dispatch here. It sits in the loop's
// function, not in the exported entry point, so that the entry point stays
// small enough to inline and a short input costs one call, as with
// unicode/utf8: a separate dispatcher would cost a second call.

const (
	hiBits = 0x8080808080808080 // bit 7 of every byte: set only outside ASCII
	loBits = 0x0101010101010101
)

func load64(p []byte) uint64 { return binary.LittleEndian.Uint64(p) }

// The validator is a shift-based DFA: each state is a bit offset, and row[b]
// packs, at every state's offset, the 6-bit offset of the state that byte b
// leads to. One step is then a table load that does not depend on the state and
// a shift that does, so the loop-carried chain is a single shift per byte,
// instead of the compare-and-branch chain of a decoder. The error state is
// offset 0 and its field is 0 in every row, so it absorbs: a run of bytes can be
// stepped through without testing for failure after each one.
const (
	sErr    = 0  // ill-formed; absorbing
	sAccept = 6  // at a character boundary
	sCont1  = 12 // one more continuation byte 80..BF
	sCont2  = 18 // two more, any 80..BF
	sE0     = 24 // after E0: A0..BF, then one more (80..9F would be overlong)
	sED     = 30 // after ED: 80..9F, then one more (A0..BF are surrogates)
	sCont3  = 36 // three more, any 80..BF (after F1..F3)
	sF0     = 42 // after F0: 90..BF, then two more (80..8F would be overlong)
	sF4     = 48 // after F4: 80..8F, then two more (90..BF exceed U+10FFFF)
)

var dfa = buildDFA()

func buildDFA() (t [256]uint64) {
	set := func(from uint64, lo, hi int, to uint64) {
		for b := lo; b <= hi; b++ {
			t[b] |= to << from
		}
	}
	// RFC 3629 section 4, one well-formed byte sequence shape per line.
	set(sAccept, 0x00, 0x7F, sAccept)
	set(sAccept, 0xC2, 0xDF, sCont1)
	set(sAccept, 0xE0, 0xE0, sE0)
	set(sAccept, 0xE1, 0xEC, sCont2)
	set(sAccept, 0xED, 0xED, sED)
	set(sAccept, 0xEE, 0xEF, sCont2)
	set(sAccept, 0xF0, 0xF0, sF0)
	set(sAccept, 0xF1, 0xF3, sCont3)
	set(sAccept, 0xF4, 0xF4, sF4)
	set(sCont1, 0x80, 0xBF, sAccept)
	set(sCont2, 0x80, 0xBF, sCont1)
	set(sE0, 0xA0, 0xBF, sCont1)
	set(sED, 0x80, 0x9F, sCont1)
	set(sCont3, 0x80, 0xBF, sCont2)
	set(sF0, 0x90, 0xBF, sCont2)
	set(sF4, 0x80, 0x8F, sCont2)
	return t
}

// validPrefixGo skips ASCII eight bytes at a time and runs the DFA over the
// rest in stretches of 16 bytes with no per-byte exit test, finishing the
// character a stretch ends inside. A stretch starts on a character boundary, so
// when one fails, its start is a valid prefix at most 19 bytes short of the error.
func validPrefixGo(p []byte) int { return validPrefix(p, false) }

// validPrefix is validPrefixGo, except that with vector it hands inputs long
// enough for the active kernel set to that set.
func validPrefix(p []byte, vector bool) int {
	if vector && len(p) >= active.minLen {
		return archValidPrefix(active.id, p)
	}
	i := 0
	for {
		// Four words per test while the text is ASCII, then single words
		// up to the first byte that needs the DFA.
		for len(p)-i >= 32 {
			q := p[i : i+32 : i+32]
			if (load64(q)|load64(q[8:])|load64(q[16:])|load64(q[24:]))&hiBits != 0 {
				break
			}
			i += 32
		}
		for len(p)-i >= 8 && load64(p[i:])&hiBits == 0 {
			i += 8
		}
		start := i
		s := uint64(sAccept)
		if len(p)-i < 16 {
			// The last few bytes: the error state absorbs, so there is
			// nothing to gain from stopping early.
			// A whole word is stepped through unrolled, saving the
			// loop's branches and bounds checks on short inputs.
			if len(p)-i >= 8 {
				w := load64(p[i:])
				s = dfa[byte(w)] >> (s & 63)
				s = dfa[byte(w>>8)] >> (s & 63)
				s = dfa[byte(w>>16)] >> (s & 63)
				s = dfa[byte(w>>24)] >> (s & 63)
				s = dfa[byte(w>>32)] >> (s & 63)
				s = dfa[byte(w>>40)] >> (s & 63)
				s = dfa[byte(w>>48)] >> (s & 63)
				s = dfa[byte(w>>56)] >> (s & 63)
				i += 8
			}
			for _, b := range p[i:] {
				s = dfa[b] >> (s & 63)
			}
			if s&63 != sAccept {
				return start
			}
			return len(p)
		}
		q := p[i : i+16 : i+16]
		s = dfa[q[0]] >> (s & 63)
		s = dfa[q[1]] >> (s & 63)
		s = dfa[q[2]] >> (s & 63)
		s = dfa[q[3]] >> (s & 63)
		s = dfa[q[4]] >> (s & 63)
		s = dfa[q[5]] >> (s & 63)
		s = dfa[q[6]] >> (s & 63)
		s = dfa[q[7]] >> (s & 63)
		s = dfa[q[8]] >> (s & 63)
		s = dfa[q[9]] >> (s & 63)
		s = dfa[q[10]] >> (s & 63)
		s = dfa[q[11]] >> (s & 63)
		s = dfa[q[12]] >> (s & 63)
		s = dfa[q[13]] >> (s & 63)
		s = dfa[q[14]] >> (s & 63)
		s = dfa[q[15]] >> (s & 63)
		i += 16
		// Finish the character the stretch ended inside, so that the
		// next stretch starts on a boundary.
		for s&63 > sAccept && i < len(p) {
			s = dfa[p[i]] >> (s & 63)
			i++
		}
		if s&63 != sAccept {
			return start
		}
	}
}

// asciiPrefixGo finds the first byte with bit 7 set a word at a time.
func asciiPrefixGo(p []byte) int { return asciiPrefix(p, false) }

// asciiPrefix is asciiPrefixGo dispatching as validPrefix does.
func asciiPrefix(p []byte, vector bool) int {
	if vector && len(p) >= active.minScan {
		return archASCIIPrefix(active.id, p)
	}
	i := 0
	// Four words per test while they are ASCII: a vector kernel's set-up
	// costs more than this below 64 bytes.
	for ; i+32 <= len(p); i += 32 {
		q := p[i : i+32 : i+32]
		if (load64(q)|load64(q[8:])|load64(q[16:])|load64(q[24:]))&hiBits != 0 {
			break
		}
	}
	for ; i+8 <= len(p); i += 8 {
		if w := load64(p[i:]) & hiBits; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	for ; i < len(p); i++ {
		if p[i] >= 0x80 {
			return i
		}
	}
	return i
}

// contBits marks, at bit 7 of each byte, the continuation bytes (10xxxxxx) of w:
// bit 7 set and bit 6, shifted up into bit 7, clear. Shifting left never moves
// a bit across into bit 7 of a higher byte from outside its own byte.
func contBits(w uint64) uint64 { return w &^ (w << 1) & hiBits }

// fourBits marks the lead bytes of 4-byte sequences (11110xxx, and never
// F8..FF in valid input): bits 7..4 all set. Each needs two UTF-16 units.
func fourBits(w uint64) uint64 { return w & (w << 1) & (w << 2) & (w << 3) & hiBits }

// countRunesGo counts the bytes that start characters: all but the
// continuation bytes.
func countRunesGo(p []byte) int { return countRunes(p, false) }

// countRunes is countRunesGo dispatching as validPrefix does.
func countRunes(p []byte, vector bool) int {
	if vector && len(p) >= active.minScan {
		return archCountRunes(active.id, p)
	}
	n := len(p)
	i := 0
	for ; i+8 <= len(p); i += 8 {
		n -= bits.OnesCount64(contBits(load64(p[i:])))
	}
	for ; i < len(p); i++ {
		if p[i]&0xC0 == 0x80 {
			n--
		}
	}
	return n
}

// utf16LenGo counts one unit per character plus one more for each character
// beyond the BMP, which is exactly each 4-byte lead.
func utf16LenGo(p []byte) int { return utf16Len(p, false) }

// utf16Len is utf16LenGo dispatching as validPrefix does.
func utf16Len(p []byte, vector bool) int {
	if vector && len(p) >= active.minScan {
		return archUTF16Len(active.id, p)
	}
	n := len(p)
	i := 0
	for ; i+8 <= len(p); i += 8 {
		w := load64(p[i:])
		n += bits.OnesCount64(fourBits(w)) - bits.OnesCount64(contBits(w))
	}
	for ; i < len(p); i++ {
		switch {
		case p[i]&0xC0 == 0x80:
			n--
		case p[i] >= 0xF0:
			n++
		}
	}
	return n
}

// validCountGo is validPrefixGo counting as it goes (see contsFours): ASCII
// adds nothing, and a DFA stretch is counted from the two words it just read
// once it is known to be valid. The ASCII bytes are n less the bytes 80-FF.
func validCountGo(p []byte) (n, runes, utf16, ascii int) { return validCount(p, false) }

// validRunes is validCount without the ASCII count, dispatching as
// validPrefix does.
func validRunes(p []byte, vector bool) (n, runes, utf16 int) {
	if vector && len(p) >= active.minLen {
		return archValidRunes(active.id, p)
	}
	n, runes, utf16, _ = validCount(p, false)
	return n, runes, utf16
}

// validCount is validCountGo dispatching as validPrefix does.
func validCount(p []byte, vector bool) (n, runes, utf16, ascii int) {
	if vector && len(p) >= active.minLen {
		return archValidCount(active.id, p)
	}
	conts, fours, highs := 0, 0, 0
	i := 0
	for {
		for len(p)-i >= 32 {
			q := p[i : i+32 : i+32]
			if (load64(q)|load64(q[8:])|load64(q[16:])|load64(q[24:]))&hiBits != 0 {
				break
			}
			i += 32
		}
		for len(p)-i >= 8 && load64(p[i:])&hiBits == 0 {
			i += 8
		}
		start := i
		s := uint64(sAccept)
		if len(p)-i < 16 {
			c, f, h := 0, 0, 0
			if len(p)-i >= 8 {
				w := load64(p[i:])
				s = dfa[byte(w)] >> (s & 63)
				s = dfa[byte(w>>8)] >> (s & 63)
				s = dfa[byte(w>>16)] >> (s & 63)
				s = dfa[byte(w>>24)] >> (s & 63)
				s = dfa[byte(w>>32)] >> (s & 63)
				s = dfa[byte(w>>40)] >> (s & 63)
				s = dfa[byte(w>>48)] >> (s & 63)
				s = dfa[byte(w>>56)] >> (s & 63)
				c = bits.OnesCount64(contBits(w))
				f = bits.OnesCount64(fourBits(w))
				h = bits.OnesCount64(w & hiBits)
				i += 8
			}
			for _, b := range p[i:] {
				s = dfa[b] >> (s & 63)
				if b&0xC0 == 0x80 {
					c++
				} else if b >= 0xF0 {
					f++
				}
				h += int(b >> 7)
			}
			if s&63 != sAccept {
				return start, start - conts, start - conts + fours, start - highs
			}
			conts, fours, highs = conts+c, fours+f, highs+h
			return len(p), len(p) - conts, len(p) - conts + fours, len(p) - highs
		}
		q := p[i : i+16 : i+16]
		s = dfa[q[0]] >> (s & 63)
		s = dfa[q[1]] >> (s & 63)
		s = dfa[q[2]] >> (s & 63)
		s = dfa[q[3]] >> (s & 63)
		s = dfa[q[4]] >> (s & 63)
		s = dfa[q[5]] >> (s & 63)
		s = dfa[q[6]] >> (s & 63)
		s = dfa[q[7]] >> (s & 63)
		s = dfa[q[8]] >> (s & 63)
		s = dfa[q[9]] >> (s & 63)
		s = dfa[q[10]] >> (s & 63)
		s = dfa[q[11]] >> (s & 63)
		s = dfa[q[12]] >> (s & 63)
		s = dfa[q[13]] >> (s & 63)
		s = dfa[q[14]] >> (s & 63)
		s = dfa[q[15]] >> (s & 63)
		i += 16
		for s&63 > sAccept && i < len(p) {
			s = dfa[p[i]] >> (s & 63)
			i++
		}
		if s&63 != sAccept {
			return start, start - conts, start - conts + fours, start - highs
		}
		w0, w1 := load64(q), load64(q[8:])
		conts += bits.OnesCount64(contBits(w0)) + bits.OnesCount64(contBits(w1))
		fours += bits.OnesCount64(fourBits(w0)) + bits.OnesCount64(fourBits(w1))
		highs += bits.OnesCount64(w0&hiBits) + bits.OnesCount64(w1&hiBits)
		// The character finished after the stretch: continuations only.
		conts += i - start - 16
		highs += i - start - 16
	}
}

// copyWindowGo is how much validCopyGo validates before it copies: the copy
// (memmove, many times faster than the DFA) then reads from L1.
const copyWindowGo = 4 << 10

// validCopyGo validates a window, then copies it while it is still in L1.
// Each window but the last ends before a byte that does not continue a
// character, so no valid character straddles two windows.
func validCopyGo(dst, src []byte) int { return validCopy(dst, src, false) }

// validCopy is validCopyGo dispatching as validPrefix does.
func validCopy(dst, src []byte, vector bool) int {
	if vector && len(src) >= active.minLen {
		return archValidCopy(active.id, dst, src)
	}
	i := 0
	for {
		end := len(src)
		if end-i > copyWindowGo {
			end = i + copyWindowGo
			for k := 0; k < 3 && src[end]&0xC0 == 0x80; k++ {
				end--
			}
		}
		n := validPrefixGo(src[i:end])
		copy(dst[i:i+n], src[i:i+n])
		i += n
		if i < end || i == len(src) {
			return i
		}
	}
}

// The NUL-reporting entry points, in portable code, validate and then look
// for a NUL in the valid prefix with bytes.IndexByte, which the runtime
// implements in assembly on every architecture Go has: for the short inputs
// they get where vector sets exist, and on the others, that beats a NUL test
// fused into the word-at-a-time loops. They are also the exact answer the
// vector sets are tested against.

// marksOf reports, by searching, which of the marked bytes in want p holds.
func marksOf(p []byte, want Marks) (m Marks) {
	if bytes.IndexByte(p, 0) >= 0 {
		m |= NUL
	}
	if want&ESC != 0 && bytes.IndexByte(p, 0x1b) >= 0 {
		m |= ESC
	}
	return m
}

func validNULGo(p []byte, want Marks) (int, Marks) { return validNUL(p, false, want) }

// validNUL is validPrefix reporting a NUL in the valid prefix.
func validNUL(p []byte, vector bool, want Marks) (int, Marks) {
	if vector && len(p) >= active.minLen {
		return archValidNUL(active.id, p, want)
	}
	n := validPrefixGo(p)
	return n, marksOf(p[:n], want)
}

func validCountNULGo(p []byte, want Marks) (n, runes, utf16, ascii int, marks Marks) {
	return validCountNUL(p, false, want)
}

// validCountNUL is validCount reporting a NUL in the valid prefix.
func validCountNUL(p []byte, vector bool, want Marks) (n, runes, utf16, ascii int, marks Marks) {
	if vector && len(p) >= active.minLen {
		return archValidCountNUL(active.id, p, want)
	}
	n, runes, utf16, ascii = validCountGo(p)
	return n, runes, utf16, ascii, marksOf(p[:n], want)
}

func validCopyNULGo(dst, src []byte, want Marks) (int, Marks) {
	return validCopyNUL(dst, src, false, want)
}

// validCopyNUL is validCopy reporting a NUL in the valid prefix.
func validCopyNUL(dst, src []byte, vector bool, want Marks) (int, Marks) {
	if vector && len(src) >= active.minLen {
		return archValidCopyNUL(active.id, dst, src, want)
	}
	n := validCopyGo(dst, src)
	return n, marksOf(src[:n], want)
}
