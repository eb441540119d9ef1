package cp1252

import (
	"testing"

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
