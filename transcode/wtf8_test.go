package transcode

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/utf8x/utf8x"
)

// wtf8Chars: UTF-8's boundaries, and lone surrogates as 3-byte sequences.
var wtf8Chars = []variantChar{
	{0x0000, "00"}, {0x007F, "7F"},
	{0x0080, "C2 80"}, {0x07FF, "DF BF"},
	{0x0800, "E0 A0 80"}, {0xD7FF, "ED 9F BF"}, {0xE000, "EE 80 80"}, {0xFFFF, "EF BF BF"},
	{0x10000, "F0 90 80 80"}, {0x10FFFF, "F4 8F BF BF"},
	{0xD800, "ED A0 80"}, {0xDBFF, "ED AF BF"}, {0xDC00, "ED B0 80"}, {0xDFFF, "ED BF BF"},
}

var wtf8Faults = []variantFault{
	{"ED A0 80 ED B0 80", 0, 6, utf8x.SurrogatePair}, // U+10000 must be F0 90 80 80
	{"61 ED AF BF ED BF BF", 1, 6, utf8x.SurrogatePair},
	{"ED A0", 0, 2, utf8x.Truncated},
	{"ED A0 41", 0, 2, utf8x.Truncated},
	{"ED", 0, 1, utf8x.Truncated},
	{"F0 90 80", 0, 3, utf8x.Truncated},
	{"C0 80", 0, 1, utf8x.Overlong},
	{"C1 BF", 0, 1, utf8x.Overlong},
	{"E0 80 80", 0, 1, utf8x.Overlong},
	{"E0 9F BF", 0, 1, utf8x.Overlong},
	{"F0 80 80 80", 0, 1, utf8x.Overlong},
	{"F0 8F BF BF", 0, 1, utf8x.Overlong},
	{"F4 90 80 80", 0, 1, utf8x.TooLarge},
	{"F7 BF BF BF", 0, 1, utf8x.TooLarge},
	{"80", 0, 1, utf8x.UnexpectedContinuation},
	{"F8 88 80 80 80", 0, 1, utf8x.InvalidByte},
	{"FD BF BF BF BF BF", 0, 1, utf8x.InvalidByte},
}

func TestWTF8Chars(t *testing.T) {
	checkChars(t, WTF8, wtf8Chars)
	checkFaults(t, WTF8, wtf8Faults)
	// Lone surrogates next to each other, but not high then low, are fine.
	for _, s := range []string{"ED B0 80 ED A0 80", "ED A0 80 ED A0 80", "ED B0 80 ED B0 80", "ED A0 80 F0 90 80 80"} {
		if err := WTF8.Validate(h(s)); err != nil {
			t.Errorf("% s: %v", s, err)
		}
	}
}

func TestWTF8EveryScalar(t *testing.T) {
	checkEveryScalar(t, WTF8, func(r rune) int { return len(string(r)) })
}

// TestWTF8ToUTF8 checks what the issue asks of WTF-8 -> UTF-8: an error
// naming the lone surrogate under strict, U+FFFD under replace.
func TestWTF8ToUTF8(t *testing.T) {
	in := h("61 ED A0 80 62 ED BF BF")
	_, err := WTF8.AppendDecode(nil, in)
	var te *Error
	if !errors.As(err, &te) || te.Kind != utf8x.Unrepresentable || te.Rune != 0xD800 || te.Offset != 1 || te.Len != 3 {
		t.Errorf("strict: %v", err)
	}
	if err == nil || err.Error() != "U+D800 at byte 1 cannot be represented in UTF-8" {
		t.Errorf("strict message: %v", err)
	}
	got, err := WTF8.WithPolicy(utf8x.Replace).AppendDecode(nil, in)
	if err != nil || string(got) != "a\uFFFDb\uFFFD" {
		t.Errorf("replace: %q, %v", got, err)
	}
	got, err = WTF8.WithPolicy(utf8x.Escape).AppendDecode(nil, in)
	if err != nil || string(got) != `a\xed\xa0\x80b\xed\xbf\xbf` {
		t.Errorf("escape: %q, %v", got, err)
	}
	// Other targets that hold no surrogates refuse them the same way.
	for _, to := range []Encoding{UTF32LE, CESU8, MUTF8, Latin1} {
		_, err := NewConverter(WTF8, to, utf8x.Strict, utf8x.BOMKeep).Append(nil, in)
		if !errors.As(err, &te) || te.Kind != utf8x.Unrepresentable || te.Rune != 0xD800 {
			t.Errorf("WTF-8 to %s: %v", to, err)
		}
	}
}

// TestWTF8UTF16Lossless: every 16-bit code unit, alone and in a stream where
// surrogates meet in every order, survives UTF-16 -> WTF-8 -> UTF-16, through
// the Converter in both byte orders and through the []uint16 functions.
func TestWTF8UTF16Lossless(t *testing.T) {
	var units []uint16
	for u := 0; u <= 0xFFFF; u++ {
		units = append(units, uint16(u))
	}
	for u := 0xDFFF; u >= 0xD800; u-- { // lows before highs: all lone
		units = append(units, uint16(u), 'x')
	}
	units = append(units, 0xDBFF, 0xDBFF, 0xDFFF, 0xDC00) // lone high, a pair, lone low
	for _, order := range []struct {
		e  Encoding
		bo binary.ByteOrder
	}{{UTF16LE, binary.LittleEndian}, {UTF16BE, binary.BigEndian}} {
		raw := make([]byte, 2*len(units))
		for i, u := range units {
			order.bo.PutUint16(raw[2*i:], u)
		}
		wtf, err := NewConverter(order.e, WTF8, utf8x.Strict, utf8x.BOMKeep).Append(nil, raw)
		if err != nil {
			t.Fatalf("%s to WTF-8: %v", order.e, err)
		}
		if !bytes.Equal(wtf, AppendUTF16ToWTF8(nil, units)) {
			t.Fatalf("%s to WTF-8 differs from AppendUTF16ToWTF8", order.e)
		}
		if err := WTF8.Validate(wtf); err != nil {
			t.Fatalf("%s to WTF-8 is not WTF-8: %v", order.e, err)
		}
		back, err := NewConverter(WTF8, order.e, utf8x.Strict, utf8x.BOMKeep).Append(nil, wtf)
		if err != nil || !bytes.Equal(back, raw) {
			t.Fatalf("WTF-8 back to %s: %v", order.e, err)
		}
		for _, cut := range []int{1, 2, 3, 2 * 0xD800, 2*0xDC00 + 1} {
			checkStreamCuts(t, NewConverter(order.e, WTF8, utf8x.Strict, utf8x.BOMKeep), raw[2*0xD7F0+cut%2:2*0xDC10])
		}
	}
	u16, err := AppendWTF8ToUTF16(nil, AppendUTF16ToWTF8(nil, units))
	if err != nil || !slicesEqual(u16, units) {
		t.Fatalf("[]uint16 round trip: %v", err)
	}
	// Each unit on its own.
	for u := 0; u <= 0xFFFF; u++ {
		w := AppendUTF16ToWTF8(nil, []uint16{uint16(u)})
		back, err := AppendWTF8ToUTF16(nil, w)
		if err != nil || len(back) != 1 || back[0] != uint16(u) {
			t.Fatalf("unit %04X: % X back as %04X, %v", u, w, back, err)
		}
	}
	// Lone surrogates still fail from UTF-16 to anything but WTF-8.
	if _, err := UTF16LE.AppendDecode(nil, []byte{0x00, 0xD8}); err == nil {
		t.Error("UTF-16LE lone surrogate to UTF-8 accepted")
	}
	if _, err := AppendWTF8ToUTF16(nil, h("ED A0 80 ED B0 80")); err == nil {
		t.Error("AppendWTF8ToUTF16 accepted a 3+3 pair")
	}
}
