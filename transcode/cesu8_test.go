package transcode

import (
	"testing"

	"github.com/utf8x/utf8x"
)

// cesu8Chars: the first and last value of each length, and a supplementary
// character as the 3-byte sequences of its surrogates (D83D DE00 for U+1F600).
var cesu8Chars = []variantChar{
	{0x0000, "00"}, {0x007F, "7F"},
	{0x0080, "C2 80"}, {0x07FF, "DF BF"},
	{0x0800, "E0 A0 80"}, {0xD7FF, "ED 9F BF"}, {0xE000, "EE 80 80"}, {0xFEFF, "EF BB BF"}, {0xFFFF, "EF BF BF"},
	{0x10000, "ED A0 80 ED B0 80"},  // D800 DC00
	{0x1F600, "ED A0 BD ED B8 80"},  // D83D DE00
	{0x10FFFF, "ED AF BF ED BF BF"}, // DBFF DFFF
	{0x100000, "ED AF 80 ED B0 80"}, // DBC0 DC00
}

// cesu8Faults: what CESU-8 and modified UTF-8 share.
var cesu8Faults = []variantFault{
	{"F0 90 80 80", 0, 4, utf8x.FourByte},
	{"61 F4 8F BF BF", 1, 4, utf8x.FourByte},
	{"ED A0 80", 0, 3, utf8x.LoneSurrogate},                   // high, then the end
	{"ED B0 80", 0, 3, utf8x.LoneSurrogate},                   // low on its own
	{"ED A0 80 41", 0, 3, utf8x.LoneSurrogate},                // high, then not a low
	{"ED B0 80 ED A0 80", 0, 3, utf8x.LoneSurrogate},          // low before high
	{"ED A0 80 ED A0 80 ED B0 80", 0, 3, utf8x.LoneSurrogate}, // then a pair
	{"ED A0 80 ED B0", 0, 3, utf8x.LoneSurrogate},             // the low cut off
	{"ED A0 80 ED B0 80 ED B0", 6, 2, utf8x.Truncated},
	{"ED A0", 0, 2, utf8x.Truncated},
	{"ED A0 41", 0, 2, utf8x.Truncated},
	{"ED", 0, 1, utf8x.Truncated},
	{"E2 82", 0, 2, utf8x.Truncated},
	{"F0 90 80", 0, 3, utf8x.Truncated}, // a 4-byte sequence cut off is truncated, not four-byte
	{"C1 BF", 0, 1, utf8x.Overlong},
	{"E0 80 80", 0, 1, utf8x.Overlong}, // U+0000 in 3 bytes
	{"E0 9F BF", 0, 1, utf8x.Overlong},
	{"F0 80 80 80", 0, 1, utf8x.Overlong},
	{"F0 8F BF BF", 0, 1, utf8x.Overlong},
	{"F4 90 80 80", 0, 1, utf8x.TooLarge},
	{"F5", 0, 1, utf8x.TooLarge},
	{"80", 0, 1, utf8x.UnexpectedContinuation},
	{"F8 88 80 80 80", 0, 1, utf8x.InvalidByte},
	{"FF", 0, 1, utf8x.InvalidByte},
}

func TestCESU8Chars(t *testing.T) {
	checkChars(t, CESU8, cesu8Chars)
	checkFaults(t, CESU8, cesu8Faults)
	checkFaults(t, CESU8, []variantFault{
		{"C0 80", 0, 1, utf8x.Overlong}, // modified UTF-8's U+0000 is not CESU-8
	})
}

func cesu8Size(r rune) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 6
}

func TestCESU8EveryScalar(t *testing.T) { checkEveryScalar(t, CESU8, cesu8Size) }

// TestCESU8Lookup: the labels the issue names reach the forms.
func TestVariantLookup(t *testing.T) {
	for label, want := range map[string]Encoding{
		"cesu-8": CESU8, "CESU8": CESU8, "mutf-8": MUTF8, "modified-utf-8": MUTF8,
		"wtf-8": WTF8, "WTF8": WTF8, "utf-8-legacy": UTF8Legacy, "rfc2279": UTF8Legacy,
	} {
		if got, err := Lookup(label); err != nil || got.Name() != want.Name() {
			t.Errorf("Lookup(%q) = %v, %v; want %s", label, got, err, want)
		}
	}
}
