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

// The generated fold table holds exactly what fold computes below U+0800,
// and Fold reads it there and fold beyond.
func TestFoldTable(t *testing.T) {
	want := ComputeFold()
	for r := range want {
		if got := Fold(rune(r)); got != want[r] {
			t.Fatalf("Fold(%U) = %U, fold gives %U: run go generate ./detect/internal/model", r, got, want[r])
		}
	}
	for _, r := range []rune{0x1E9E, 0x1EA0, 0x0E01, 0x2126, 0x10400} {
		if got, want := Fold(r), fold(r); got != want {
			t.Errorf("Fold(%U) = %U, fold gives %U", r, got, want)
		}
	}
	if Fold('Ș') != 'ş' || Fold('A') != 'a' || Fold('Σ') != 'σ' {
		t.Errorf("Fold: Ș %q, A %q, Σ %q", Fold('Ș'), Fold('A'), Fold('Σ'))
	}
}
