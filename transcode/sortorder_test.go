package transcode

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// UTF-8's byte order is code point order (RFC 3629 section 1; the tests are in
// the root package); UTF-16's unit order is not, and CompareUTF16 restores
// code point order. The reference decodes the units to code points by hand,
// keeping a lone surrogate as its own value, and compares those.

// refCodePoints decodes u, a surrogate pair to its character and a lone
// surrogate to its own value.
func refCodePoints(u []uint16) []rune {
	var out []rune
	for i := 0; i < len(u); i++ {
		c := rune(u[i])
		if 0xD800 <= c && c <= 0xDBFF && i+1 < len(u) && 0xDC00 <= u[i+1] && u[i+1] <= 0xDFFF {
			c = 0x10000 + (c-0xD800)<<10 + rune(u[i+1]-0xDC00)
			i++
		}
		out = append(out, c)
	}
	return out
}

// sortOrderUnits are the units at the edges of code point order and of the
// surrogate ranges, with ASCII.
var sortOrderUnits = []uint16{0, 'a', 'b', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF,
	0xD800, 0xD801, 0xDBFF, 0xDC00, 0xDC01, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF}

func checkCompareUTF16(t *testing.T, a, b []uint16) {
	t.Helper()
	want := slices.Compare(refCodePoints(a), refCodePoints(b))
	if got := CompareUTF16(a, b); got != want {
		t.Fatalf("CompareUTF16(%04X, %04X) = %d, want %d (code points %U, %U)", a, b, got, want, refCodePoints(a), refCodePoints(b))
	}
	// The same units as WTF-8, whose bytes sort as code points do.
	if w := bytes.Compare(AppendUTF16ToWTF8(nil, a), AppendUTF16ToWTF8(nil, b)); w != want {
		t.Fatalf("WTF-8 of %04X, %04X compares %d, code points %d", a, b, w, want)
	}
}

// Every pair of strings of up to 3 units from sortOrderUnits: every way a
// surrogate can pair, fail to pair or be cut off at the first difference.
func TestCompareUTF16SortOrderExhaustive(t *testing.T) {
	var all [][]uint16
	var grow func(prefix []uint16)
	grow = func(prefix []uint16) {
		all = append(all, slices.Clone(prefix))
		if len(prefix) == 3 {
			return
		}
		for _, u := range sortOrderUnits {
			grow(append(prefix, u))
		}
	}
	grow(nil)
	// 5k strings make 25M pairs; compare each string with those sharing its
	// first unit, where the first difference comes after a common prefix, and
	// with a stratified sample of the rest.
	rng := rand.New(rand.NewPCG(27, 1))
	for i, a := range all {
		for j, b := range all {
			near := len(a) > 0 && len(b) > 0 && a[0] == b[0]
			if near || (i+j)%61 == 0 || rng.IntN(200) == 0 {
				checkCompareUTF16(t, a, b)
			}
		}
	}
}

func TestCompareUTF16SortOrderRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 2))
	gen := func() []uint16 {
		u := make([]uint16, rng.IntN(8))
		for i := range u {
			if rng.IntN(3) == 0 {
				u[i] = uint16(rng.Uint32())
			} else {
				u[i] = sortOrderUnits[rng.IntN(len(sortOrderUnits))]
			}
		}
		return u
	}
	for range 200000 {
		a := gen()
		b := slices.Clone(a)
		if len(b) > 0 && rng.IntN(2) == 0 {
			b = b[:rng.IntN(len(b))] // share a prefix, then differ
			b = append(b, gen()...)
		} else {
			b = gen()
		}
		checkCompareUTF16(t, a, b)
	}
}

// The property that makes CompareUTF16 necessary: on valid text, UTF-8's bytes
// sort as the code points do and UTF-16's units do not, as soon as one side
// has a character at or above U+E000 and the other one beyond U+FFFF.
func TestUTF16UnitSortOrderIsNotCodePointOrder(t *testing.T) {
	pairs := [][2]rune{{0xE000, 0x10000}, {0xFFFF, 0x10000}, {0xFFFD, 0x1F600}, {0xFEFF, 0x10FFFF}}
	for _, p := range pairs {
		a, b := utf16.Encode([]rune{p[0]}), utf16.Encode([]rune{p[1]})
		if slices.Compare(a, b) != 1 {
			t.Errorf("units of %U, %U: slices.Compare = %d, want 1 (unit order puts surrogates below U+E000)", p[0], p[1], slices.Compare(a, b))
		}
		if got := CompareUTF16(a, b); got != -1 {
			t.Errorf("CompareUTF16 of %U, %U = %d, want -1", p[0], p[1], got)
		}
		a8, b8 := utf8.AppendRune(nil, p[0]), utf8.AppendRune(nil, p[1])
		if bytes.Compare(a8, b8) != -1 {
			t.Errorf("UTF-8 of %U, %U: bytes.Compare = %d, want -1", p[0], p[1], bytes.Compare(a8, b8))
		}
	}
	// And below U+E000 the two orders agree on valid text.
	for _, p := range [][2]rune{{0xD7FF, 0x10000}, {'a', 0x1F600}, {0x800, 0xFFFF}} {
		a, b := utf16.Encode([]rune{p[0]}), utf16.Encode([]rune{p[1]})
		if slices.Compare(a, b) != -1 || CompareUTF16(a, b) != -1 {
			t.Errorf("%U, %U: unit order %d, CompareUTF16 %d, want -1 both", p[0], p[1], slices.Compare(a, b), CompareUTF16(a, b))
		}
	}
}

// FuzzCompareUTF16 holds CompareUTF16 to the decoded code points on any
// units; data is split in two and read as little-endian units.
func FuzzCompareUTF16(f *testing.F) {
	f.Add([]byte{0xFF, 0xFF, 0, 0, 0x3D, 0xD8, 0x00, 0xDE}, uint8(2))
	f.Add([]byte{0x00, 0xE0, 0, 0xD8, 0x3D, 0xD8, 0x00, 0xDE}, uint8(4))
	f.Fuzz(func(t *testing.T, data []byte, cut uint8) {
		units := make([]uint16, len(data)/2)
		for i := range units {
			units[i] = uint16(data[2*i]) | uint16(data[2*i+1])<<8
		}
		k := min(int(cut), len(units))
		checkCompareUTF16(t, units[:k], units[k:])
		checkCompareUTF16(t, units[k:], units[:k])
	})
}
