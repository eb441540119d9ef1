package sniff

import "testing"

// TestNotText checks the written-out NotText against its definition, unit
// by unit: the C0 controls but tab, LF and CR, DEL, the C1 controls, the
// private use area and the two noncharacters U+FFFE and U+FFFF.
func TestNotText(t *testing.T) {
	for u := 0; u < 1<<16; u++ {
		want := u < 0x20 && u != '\t' && u != '\n' && u != '\r' ||
			0x7F <= u && u < 0xA0 || 0xE000 <= u && u < 0xF900 || u >= 0xFFFE
		if got := NotText[u>>6]>>(u&63)&1 == 1; got != want {
			t.Errorf("NotText has U+%04X: %v, want %v", u, got, want)
		}
	}
}

// TestControlByte checks controlByte against what Controls documents: the C0
// controls but NUL, tab, LF, VT, FF, CR, SUB and ESC, and DEL.
func TestControlByte(t *testing.T) {
	for b := 0; b < 256; b++ {
		want := 0
		switch {
		case b == 0, b == '\t', b == '\n', b == '\v', b == '\f', b == '\r', b == 0x1A, b == 0x1B:
		case b < 0x20, b == 0x7F:
			want = 1
		}
		if got := int(controlByte[b]); got != want {
			t.Errorf("controlByte[%#02x] = %d, want %d", b, got, want)
		}
	}
}
