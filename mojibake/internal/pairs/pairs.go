// Package pairs holds what mojibake's generator and the repair share of the
// model of real text: how a line is cut into pairs of characters, and the
// Bloom filter the pairs seen in the training text are kept in.
package pairs

import "unicode"

// Bits is the size of the filter in bits, a power of two.
const Bits = 1 << 20

// Fold maps r to what the model sees: letters in small letters (the model
// must hold for text in capitals and title case too), digits as 0, spaces
// and controls as a space; none (-1, the edge of a line) as a space. A
// no-break space stays itself: real text puts it before a colon or a
// number, mojibake after Â.
func Fold(r rune) rune {
	// The table's part small enough to be inlined: callers fold every
	// character they look at.
	if uint32(r) < uint32(len(foldTable)) {
		return foldTable[r]
	}
	return foldBeyond(r)
}

// foldBeyond is Fold for r beyond foldTable.
func foldBeyond(r rune) rune {
	switch {
	case 0x2000 <= r && r < 0x2100, 0x2190 <= r && r < 0x24B6, 0x2500 <= r && r < 0x2C00, 0x3000 <= r && r < 0xA640,
		0x0800 <= r && r < 0x10A0, 0xA7F6 <= r && r < 0xFF21, 0x1F000 <= r && r < 0x20000:
		// Punctuation, symbols, box drawing, CJK; the scripts of India and
		// South-East Asia, Hangul syllables, presentation forms, emoji and
		// the other symbols of the SMP's last blocks: no case to fold, and
		// misread text is full of them (unicode.ToLower's search cost 3%
		// of the repair of text misread whole, 9% of misread emoji).
		return r
	case 0x1E00 <= r && r < 0x1E96, 0x1EA0 <= r && r < 0x1F00:
		// Latin Extended Additional (Vietnamese, Welsh): each capital is
		// an even code point and its small letter the next (TestFoldEvery),
		// where unicode.ToLower's search cost 3% of misread Vietnamese.
		return r | 1
	}
	return fold(r)
}

// foldTable (fold_table.go, generated: go test -run TestFoldTable -update)
// holds Fold for the alphabets misread text is made of, which
// unicode.ToLower looks up slowly. It is written out rather than built when
// the package starts, which cost every process of the tool about 0.35
// million instructions (a tenth of a millisecond) before it did anything.

func fold(r rune) rune {
	switch {
	case r < 0:
		return ' '
	case r < 0x80:
		switch {
		case 'A' <= r && r <= 'Z':
			return r + 'a' - 'A'
		case '0' <= r && r <= '9':
			return '0'
		case r <= ' ' || r == 0x7F:
			return ' '
		}
		return r
	case r == 0x85:
		return ' '
	}
	return unicode.ToLower(r)
}

// Counted reports whether the pair of folded characters a, b is one the
// model holds: one of them at least not ASCII, and not both beyond U+2E7F
// (CJK and the rest: text misread is judged by the small alphabets it
// decodes to and from; the model leaves the large ones alone, and treats
// their pairs as plausible).
func Counted(a, b rune) bool {
	return (a >= 0x80 || b >= 0x80) && !(a >= 0x2E80 && b >= 0x2E80)
}

// Each calls f with each counted pair of adjacent characters of line,
// folded, the edges of the line counting as spaces.
func Each(line string, f func(a, b rune)) {
	a := ' '
	for _, r := range line {
		b := Fold(r)
		if Counted(a, b) {
			f(a, b)
		}
		a = b
	}
	if Counted(a, ' ') {
		f(a, ' ')
	}
}

// hashes returns the two places of pair a, b in the filter.
func hashes(a, b rune) (uint32, uint32) {
	h := uint64(a)<<21 | uint64(b)
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	h *= 0xC4CEB9FE1A85EC53
	h ^= h >> 33
	return uint32(h) & (Bits - 1), uint32(h>>32) & (Bits - 1)
}

// Build returns the filter holding the pairs ps.
func Build(ps [][2]rune) []byte { return BuildSized(ps, Bits) }

// CommonBits is the size in bits of the filter of common pairs, a power of
// two.
const CommonBits = 1 << 19

// CommonLines is how many distinct lines of the training text a pair must
// occur in to be common.
const CommonLines = 20

// BuildSized returns the filter of n bits (a power of two) holding the
// pairs ps.
func BuildSized(ps [][2]rune, n int) []byte {
	bits := make([]byte, n/8)
	for _, p := range ps {
		i, j := hashes(p[0], p[1])
		i, j = i&uint32(n-1), j&uint32(n-1)
		bits[i/8] |= 1 << (i % 8)
		bits[j/8] |= 1 << (j % 8)
	}
	return bits
}

// HasSized is Has for a filter BuildSized built, of any size: false for
// certain when the pair is not in it; true without a filter.
func HasSized(bits []byte, a, b rune) bool {
	if len(bits) == 0 || len(bits)&(len(bits)-1) != 0 {
		return true
	}
	mask := uint32(len(bits)*8 - 1)
	i, j := hashes(a, b)
	i, j = i&mask, j&mask
	return bits[i/8]&(1<<(i%8)) != 0 && bits[j/8]&(1<<(j%8)) != 0
}

// Has reports whether the filter bits holds the pair a, b (folded and
// counted): false for certain when not, true when it was built with it (or,
// rarely, by a collision).
func Has(bits []byte, a, b rune) bool {
	if len(bits) != Bits/8 {
		return true // no model: everything is plausible
	}
	i, j := hashes(a, b)
	return bits[i/8]&(1<<(i%8)) != 0 && bits[j/8]&(1<<(j%8)) != 0
}

// HasIn is Has for a filter of Bits bits given as an array, which callers
// that ask for every pair of a text can have inlined.
func HasIn(t *[Bits / 8]byte, a, b rune) bool {
	i, j := hashes(a, b)
	return (t[i>>3]>>(i&7))&(t[j>>3]>>(j&7))&1 != 0
}
