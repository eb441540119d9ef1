package transcode

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/utf8x/utf8x"
)

// legacyChars: RFC 2279's table, section 2: the first and last value of each
// length, surrogates, and values beyond U+10FFFF up to 0x7FFFFFFF.
var legacyChars = []variantChar{
	{0x0000, "00"}, {0x007F, "7F"},
	{0x0080, "C2 80"}, {0x07FF, "DF BF"},
	{0x0800, "E0 A0 80"}, {0xFFFF, "EF BF BF"},
	{0x10000, "F0 90 80 80"}, {0x10FFFF, "F4 8F BF BF"},
	{0x110000, "F4 90 80 80"}, {0x1FFFFF, "F7 BF BF BF"},
	{0x200000, "F8 88 80 80 80"}, {0x3FFFFFF, "FB BF BF BF BF"},
	{0x4000000, "FC 84 80 80 80 80"}, {0x7FFFFFFF, "FD BF BF BF BF BF"},
	{0xD800, "ED A0 80"}, {0xDFFF, "ED BF BF"},
	{0x12345678, "FC 92 8D 85 99 B8"}, // 0 010010 001101 000101 011001 111000
}

var legacyFaults = []variantFault{
	{"C0 80", 0, 1, utf8x.Overlong},
	{"C1 BF", 0, 1, utf8x.Overlong},
	{"E0 80 80", 0, 1, utf8x.Overlong},
	{"E0 9F BF", 0, 1, utf8x.Overlong},
	{"F0 80 80 80", 0, 1, utf8x.Overlong},
	{"F0 8F BF BF", 0, 1, utf8x.Overlong},
	{"F8 80 80 80 80", 0, 1, utf8x.Overlong},
	{"F8 87 BF BF BF", 0, 1, utf8x.Overlong}, // 0x1FFFFF in 5 bytes
	{"FC 80 80 80 80 80", 0, 1, utf8x.Overlong},
	{"FC 83 BF BF BF BF", 0, 1, utf8x.Overlong}, // 0x3FFFFFF in 6 bytes
	{"FE", 0, 1, utf8x.InvalidByte},
	{"FE 83 BF BF BF BF BF", 0, 1, utf8x.InvalidByte}, // the guide's 36-bit extension is not this form
	{"FF", 0, 1, utf8x.InvalidByte},
	{"80", 0, 1, utf8x.UnexpectedContinuation},
	{"FD BF BF BF BF", 0, 5, utf8x.Truncated},
	{"FD BF BF 41", 0, 3, utf8x.Truncated},
	{"FB BF BF BF", 0, 4, utf8x.Truncated},
	{"F7 BF BF", 0, 3, utf8x.Truncated},
	{"61 FC", 1, 1, utf8x.Truncated},
}

func TestLegacyChars(t *testing.T) {
	checkChars(t, UTF8Legacy, legacyChars)
	checkFaults(t, UTF8Legacy, legacyFaults)
	// A surrogate pair in 3+3 bytes is two surrogates, and stays two.
	pair := h("ED A0 80 ED B0 80")
	if UTF8Legacy.RuneCount(pair) != 2 || !UTF8Legacy.Valid(pair) {
		t.Errorf("% X: count %d, valid %v", pair, UTF8Legacy.RuneCount(pair), UTF8Legacy.Valid(pair))
	}
	// Values outside Unicode are named when they cannot be converted.
	_, err := NewConverter(UTF8Legacy, UTF16LE, utf8x.Strict, utf8x.BOMKeep).Append(nil, h("41 FD BF BF BF BF BF"))
	var te *Error
	if !errors.As(err, &te) || te.Kind != utf8x.Unrepresentable || te.Rune != 0x7FFFFFFF || te.Offset != 1 || te.Len != 6 ||
		err.Error() != "U+7FFFFFFF at byte 1 cannot be represented in UTF-16LE" {
		t.Errorf("0x7FFFFFFF to UTF-16LE: %v", err)
	}
	for _, to := range []Encoding{WTF8, UTF16LE, UTF32BE, CESU8} {
		_, err := NewConverter(UTF8Legacy, to, utf8x.Strict, utf8x.BOMKeep).Append(nil, pair)
		if !errors.As(err, &te) || te.Kind != utf8x.Unrepresentable || te.Rune != 0xD800 || te.Offset != 0 {
			t.Errorf("legacy surrogate to %s: %v", to, err)
		}
	}
	// WTF-8's lone surrogates are legacy UTF-8 too.
	if got, err := NewConverter(WTF8, UTF8Legacy, utf8x.Strict, utf8x.BOMKeep).Append(nil, h("ED A0 80 41")); err != nil || !bytes.Equal(got, h("ED A0 80 41")) {
		t.Errorf("WTF-8 to legacy: % X, %v", got, err)
	}
}

func TestLegacyEveryScalar(t *testing.T) {
	checkEveryScalar(t, UTF8Legacy, func(r rune) int { return len(string(r)) })
}

// TestLegacyBeyond round-trips values beyond U+10FFFF through the legacy form
// itself: each boundary of each length, and a random sample of the rest,
// checking each length against RFC 2279's table.
func TestLegacyBeyond(t *testing.T) {
	lengths := []struct {
		hi rune
		n  int
	}{{0x7F, 1}, {0x7FF, 2}, {0xFFFF, 3}, {0x1FFFFF, 4}, {0x3FFFFFF, 5}, {0x7FFFFFFF, 6}}
	want := func(r rune) int {
		for _, l := range lengths {
			if r <= l.hi {
				return l.n
			}
		}
		return -1
	}
	values := []rune{0xD800, 0xDFFF}
	for _, l := range lengths {
		values = append(values, l.hi, l.hi+1, l.hi-1)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 200000 {
		values = append(values, rune(rng.Uint32()>>1))
	}
	var buf [8]byte
	for _, r := range values {
		if r < 0 || r > 0x7FFFFFFF {
			continue
		}
		n := encodeLegacy(buf[:], r)
		if n != want(r) {
			t.Fatalf("0x%X takes %d bytes, want %d", r, n, want(r))
		}
		got, m, kind := decodeLegacy(buf[:n], true)
		if got != r || m != n || kind != 0 {
			t.Fatalf("0x%X: % X decodes to 0x%X, %d, %v", r, buf[:n], got, m, kind)
		}
		// One byte fewer than needed: an overlong form is not possible to
		// write, but the same value in one more byte is overlong.
		if n >= 2 && n < 6 {
			longer := make([]byte, n+1)
			v := r
			for i := n; i > 0; i-- {
				longer[i] = 0x80 | byte(v)&0x3F
				v >>= 6
			}
			longer[0] = ^byte(0xFF>>(n+1)) | byte(v)
			if _, _, kind := decodeLegacy(longer, true); kind != utf8x.Overlong {
				t.Fatalf("0x%X in %d bytes, % X: %v, want overlong", r, n+1, longer, kind)
			}
		}
	}
	if encodeLegacy(buf[:], -1) != -1 {
		t.Error("a negative value was encoded")
	}
}
