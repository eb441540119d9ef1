package transcode

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
)

// mutf8Chars: CESU-8's table with U+0000 as C0 80.
var mutf8Chars = append([]variantChar{{0x0000, "C0 80"}, {0x0001, "01"}}, cesu8Chars[1:]...)

func TestMUTF8Chars(t *testing.T) {
	checkChars(t, MUTF8, mutf8Chars)
	checkFaults(t, MUTF8, cesu8Faults)
	checkFaults(t, MUTF8, []variantFault{
		{"00", 0, 1, utf8x.NulByte},
		{"61 00 62", 1, 1, utf8x.NulByte},
		{"C0", 0, 1, utf8x.Truncated},      // could have been C0 80
		{"C0 41", 0, 1, utf8x.Truncated},   // ditto
		{"C0 81", 0, 1, utf8x.Overlong},    // U+0001 in 2 bytes
		{"C0 BF", 0, 1, utf8x.Overlong},    // U+003F in 2 bytes
		{"C1 80", 0, 1, utf8x.Overlong},    // U+0040 in 2 bytes
		{"E0 80 80", 0, 1, utf8x.Overlong}, // U+0000 in 3 bytes: only C0 80 is allowed
		{"C0 80 C0 C0 80", 2, 1, utf8x.Truncated},
	})
}

func TestMUTF8EveryScalar(t *testing.T) {
	checkEveryScalar(t, MUTF8, func(r rune) int {
		if r == 0 {
			return 2
		}
		return cesu8Size(r)
	})
}

// TestMUTF8WithLength checks writeUTF's framing: a big-endian byte count,
// then the bytes, with the 65535 limit.
func TestMUTF8WithLength(t *testing.T) {
	for _, c := range []struct {
		text string
		want string
	}{
		{"", "00 00"},
		{"A", "00 01 41"},
		{"\x00", "00 02 C0 80"},
		{"\U0001F600", "00 06 ED A0 BD ED B8 80"},
	} {
		got, err := AppendMUTF8WithLength([]byte("pre"), []byte(c.text))
		want := append([]byte("pre"), h(c.want)...)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("AppendMUTF8WithLength(%q) = % X, %v; want % X", c.text, got, err, want)
		}
		back, n, err := DecodeMUTF8WithLength([]byte("x"), append(h(c.want), "rest"...))
		if err != nil || string(back) != "x"+c.text || n != len(h(c.want)) {
			t.Errorf("DecodeMUTF8WithLength(% X) = %q, %d, %v", h(c.want), back, n, err)
		}
	}
	long := strings.Repeat("\u20ac", 0xFFFF/3) // exactly 65535 bytes
	if got, err := AppendMUTF8WithLength(nil, []byte(long)); err != nil || len(got) != 0xFFFF+2 || got[0] != 0xFF || got[1] != 0xFF {
		t.Errorf("65535 bytes: %d bytes, %v", len(got), err)
	}
	if got, err := AppendMUTF8WithLength([]byte("pre"), []byte(long+"a")); err != ErrMUTF8TooLong || string(got) != "pre" {
		t.Errorf("65536 bytes: %q, %v; want ErrMUTF8TooLong", got[:min(len(got), 8)], err)
	}
	if _, err := AppendMUTF8WithLength(nil, []byte("a\xffb")); err == nil {
		t.Error("ill-formed UTF-8 accepted")
	}
	for _, in := range []string{"", "00", "00 03 41 42"} {
		if _, _, err := DecodeMUTF8WithLength(nil, h(in)); err != io.ErrUnexpectedEOF {
			t.Errorf("DecodeMUTF8WithLength(% X): %v, want io.ErrUnexpectedEOF", h(in), err)
		}
	}
	_, _, err := DecodeMUTF8WithLength(nil, h("00 03 41 00 42"))
	var te *Error
	if !errors.As(err, &te) || te.Offset != 3 || te.Kind != utf8x.NulByte {
		t.Errorf("NUL inside: %v, want nul-byte at byte 3", err)
	}
}
