package model

import (
	"testing"
	"unicode/utf8"
)

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

// The generated fold table holds exactly what fold computes below U+2200,
// and Fold reads it there and fold beyond.
func TestFoldTable(t *testing.T) {
	want := ComputeFold()
	for r := range want {
		if got := Fold(rune(r)); got != want[r] {
			t.Fatalf("Fold(%U) = %U, fold gives %U: run go generate ./detect/internal/model", r, got, want[r])
		}
	}
	for r := rune(0x2500); r < 0x2600; r++ {
		if got, want := Fold(r), fold(r); got != want {
			t.Errorf("Fold(%U) = %U, fold gives %U", r, got, want)
		}
	}
	for _, r := range []rune{0x1E9E, 0x1EA0, 0x0E01, 0x2126, 0x24B6, 0xFFFD, 0x10400} {
		if got, want := Fold(r), fold(r); got != want {
			t.Errorf("Fold(%U) = %U, fold gives %U", r, got, want)
		}
	}
	if Fold('Ș') != 'ş' || Fold('A') != 'a' || Fold('Σ') != 'σ' {
		t.Errorf("Fold: Ș %q, A %q, Σ %q", Fold('Ș'), Fold('A'), Fold('Σ'))
	}
}

// Class gives each letter of an alphabetic language's alphabet (and its
// capital) the class of its place in the alphabet, whether the letter is
// below lowLetters (the table) or not (the map), and no other character a
// letter class.
func TestClassLetters(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range Data {
		if d.CJK {
			continue
		}
		l := m.Langs[i]
		want := map[rune]uint8{}
		c := FirstLetter
		for _, r := range d.Alphabet {
			want[r] = uint8(c)
			c++
		}
		for r := rune(0); r < 0x3000; r++ {
			got := l.Class(r)
			if w, ok := want[Fold(r)]; ok {
				if got != w {
					t.Fatalf("%s: Class(%U) = %d, want %d", d.Tag, r, got, w)
				}
			} else if got >= FirstLetter {
				t.Fatalf("%s: Class(%U) = %d, a letter class, for a character not in the alphabet", d.Tag, r, got)
			}
		}
	}
}

// runeCount counts as unicode/utf8 does: the generated alphabets, text in
// several scripts, and ill-formed input (which unicode/utf8 counts a byte
// at a time).
func TestRuneCount(t *testing.T) {
	in := []string{"", "abc", "żółć", "Привет, мир", "日本語のテキスト", "\xff", "a\xc3", "\xe2\x82", "x\x80y\xed\xa0\x80z", "🙂🙃"}
	for _, d := range Data {
		in = append(in, d.Alphabet)
	}
	for _, s := range in {
		if got, want := runeCount(s), utf8.RuneCountInString(s); got != want {
			t.Errorf("runeCount(%q) = %d, want %d", s, got, want)
		}
	}
}
