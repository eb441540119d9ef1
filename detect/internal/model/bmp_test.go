package model

import "testing"

// The generated table holds exactly the class and case state that
// genericClass and caseOf compute, for every BMP character (regenerate
// with go generate ./detect/internal/model when they change).
func TestBMPTable(t *testing.T) {
	want := ComputeBMP()
	for r := range want {
		if got := bmp(rune(r)); got != want[r] {
			t.Fatalf("U+%04X: table %#x, computed %#x: run go generate ./detect/internal/model", r, got, want[r])
		}
	}
}
