package cp1252

import (
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

func TestAgreesWithXText(t *testing.T) {
	holes := map[byte]bool{0x81: true, 0x8D: true, 0x8F: true, 0x90: true, 0x9D: true}
	for b := 0; b < 256; b++ {
		got := Decode(byte(b))
		if holes[byte(b)] {
			// x/text leaves them undefined; WHATWG reads them as C1 controls.
			if got != rune(b) {
				t.Errorf("Decode(%02X) = %U, want the C1 control U+%04X", b, got, b)
			}
		} else if want := charmap.Windows1252.DecodeByte(byte(b)); got != want {
			t.Errorf("Decode(%02X) = %U, x/text says %U", b, got, want)
		}
		if back, ok := Encode(got); !ok || back != byte(b) {
			t.Errorf("Encode(%U) = %02X, %v; want %02X", got, back, ok, b)
		}
	}
	for _, r := range []rune{0x80, 0x9F, 0x100, 0x20AD, -1} {
		if _, ok := Encode(r); ok {
			t.Errorf("Encode(%U) succeeded; Windows-1252 has no such character", r)
		}
	}
}

// TestDerivedTables checks UTF8 and Encode against x/text's Windows-1252 and
// the standard library's UTF-8 encoder, byte by byte.
func TestDerivedTables(t *testing.T) {
	beyond := 0
	for b := 0x80; b <= 0xFF; b++ {
		r := charmap.Windows1252.DecodeByte(byte(b))
		if r == utf8.RuneError {
			r = rune(b) // a hole: the C1 control
		}
		e := UTF8[b-0x80]
		if want := string(r); string(e[:e[3]]) != want || e[3] == 0 {
			t.Errorf("UTF8[%02X] = % X, want % X", b, e, want)
		}
		if got, ok := Encode(r); !ok || got != byte(b) {
			t.Errorf("Encode(%U) = %02X, %v; want %02X", r, got, ok, b)
		}
		if r > 0xFF {
			beyond++
		}
	}
	if beyond != 27 {
		t.Errorf("%d characters are beyond Latin-1 (want 27)", beyond)
	}
}

// TestEncodeEveryRune compares Encode's tables with a search of High, the
// one table, for every code point and a few values beyond.
func TestEncodeEveryRune(t *testing.T) {
	search := func(r rune) (byte, bool) {
		if 0 <= r && r < 0x80 || 0xA0 <= r && r <= 0xFF {
			return byte(r), true
		}
		for i, h := range High {
			if h == r {
				return byte(0x80 + i), true
			}
		}
		return 0, false
	}
	for r := rune(-2); r <= 0x110001; r++ {
		b, ok := Encode(r)
		wb, wok := search(r)
		if ok != wok || ok && b != wb {
			t.Fatalf("Encode(%U) = %02X, %v; want %02X, %v", r, b, ok, wb, wok)
		}
	}
	for _, r := range []rune{-1 << 31, 1<<31 - 1, 0x2122 + 0x100000} {
		if _, ok := Encode(r); ok {
			t.Errorf("Encode(%d) succeeded", r)
		}
	}
}
