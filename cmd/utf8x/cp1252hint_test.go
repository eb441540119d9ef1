package main

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// cp1252Hint names what each byte 80-FF stands for in Windows-1252, checked
// against x/text's table: nothing for the C1 controls and unassigned bytes.
func TestCP1252Hint(t *testing.T) {
	hints := 0
	for b := 0x80; b <= 0xFF; b++ {
		got := cp1252Hint(byte(b))
		out, err := charmap.Windows1252.NewDecoder().Bytes([]byte{byte(b)})
		r, _ := utf8.DecodeRune(out)
		if err != nil || r < 0xA0 || r == utf8.RuneError {
			if got != "" {
				t.Errorf("byte %02X: hint %q, want none (x/text: U+%04X)", b, got, r)
			}
			continue
		}
		hints++
		if want := fmt.Sprintf("(U+%04X)", r); !strings.Contains(got, want) {
			t.Errorf("byte %02X: hint %q, want one naming %s", b, got, want)
		}
	}
	if hints < 120 {
		t.Fatalf("only %d bytes had a hint", hints)
	}
	if got := cp1252Hint('A'); got != "" {
		t.Errorf("ASCII byte: hint %q", got)
	}
}
