package mojibake

import (
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// The texts aboutBefore is about: documentation and test code that write a
// word right and, a few lines on, its mangled form on purpose.
var aboutBeforeTexts = []string{
	// Documentation: what a call prints.
	"Reading the bytes of \"naïve\" as Latin-1:\n\n    fmt.Println(latin1(\"naïve\"))\n    // Output: naÃ¯ve\n",
	// A test table: the right name, then the name mangled.
	"var names = []struct {\n\tin string\n\tok bool\n}{\n\t{\"Zürich.txt\", true},\n\t{\"ZÃ¼rich.txt\", false},\n}\n",
	// In prose, with the right word ending a sentence.
	"The file was saved as café.\nOpened as Windows-1252 it shows cafÃ© instead.\n",
}

// TestAboutBeforeLeftAlone: a mangled word whose right form stands on a
// line shortly before is left as it is, by Fix, FixString and a
// Transformer however the text is cut, and in a piece primed with the
// text before it.
func TestAboutBeforeLeftAlone(t *testing.T) {
	for _, in := range aboutBeforeTexts {
		if out, cs := Fix([]byte(in)); string(out) != in || len(cs) != 0 {
			t.Errorf("Fix changed text about mojibake:\n in  %q\n out %q", in, out)
		}
		if out, _ := FixString(in); out != in {
			t.Errorf("FixString changed text about mojibake:\n in  %q\n out %q", in, out)
		}
		checkCuts(t, in, in)
	}
}

// TestAboutBeforeStillRepaired: the same mangled lines are repaired when
// nothing before them writes the right form, when it stands farther back
// than histReach, when the text before is surely misread through the same
// encoding, and when what comes out is no letter.
func TestAboutBeforeStillRepaired(t *testing.T) {
	pad := strings.Repeat("Nothing to see on this line of plain ASCII text.\n", histReach/50+2)
	sure := "Ã‰tÃ© Ã  la plage, trÃ¨s chaud.\nLe cafÃ© Ã©tait frÃ®s et dÃ©licieux.\n"
	cases := []struct{ in, want string }{
		{"    // Output: naÃ¯ve\n", "    // Output: naïve\n"},
		{"\t{\"ZÃ¼rich.txt\", false},\n", "\t{\"Zürich.txt\", false},\n"},
		// The right form beyond histReach bytes before.
		{"\t{\"Zürich.txt\", true},\n" + pad + "\t{\"ZÃ¼rich.txt\", false},\n", "\t{\"Zürich.txt\", true},\n" + pad + "\t{\"Zürich.txt\", false},\n"},
		// A text misread whole: its lines before vouch for the encoding.
		{sure + "Zürich\nZÃ¼rich is in Switzerland.\n", "Été à la plage, très chaud.\nLe café était frîs et délicieux.\nZürich\nZürich is in Switzerland.\n"},
		// Not a letter: a symbol mangled is no quoted word.
		{"See § 5.\nUnder 17 U.S.C. Â§ 101, copies are allowed.\n", "See § 5.\nUnder 17 U.S.C. § 101, copies are allowed.\n"},
		// A token of fewer than three characters.
		{"x é y\nthe letter Ã© alone\n", "x é y\nthe letter é alone\n"},
	}
	for _, c := range cases {
		if out, _ := Fix([]byte(c.in)); string(out) != c.want {
			t.Errorf("Fix(%q) = %q, want %q", c.in, out, c.want)
		}
		checkCuts(t, c.in, c.want)
	}
}

// checkCuts checks that a Transformer fed in at every chunk size up to 9
// bytes, and one primed with the text before each line and fed the rest,
// write want (its part of want).
func checkCuts(t *testing.T, in, want string) {
	t.Helper()
	for size := 1; size <= 9; size++ {
		tr := NewTransformer()
		var out []byte
		dst := make([]byte, 3*len(in)+maxWindow)
		src := []byte(in)
		pending := 0
		for pending < len(src) || len(src) == 0 {
			end := min(pending+size, len(src))
			nDst, nSrc, err := tr.Transform(dst, src[:end], end == len(src))
			out = append(out, dst[:nDst]...)
			src = src[nSrc:]
			pending = end - nSrc
			if err != nil && err != transform.ErrShortSrc {
				t.Fatalf("Transform: %v", err)
			}
			if len(src) == 0 {
				break
			}
		}
		if string(out) != want {
			t.Errorf("Transformer in chunks of %d: %q, want %q", size, out, want)
		}
	}
	for at := 0; at < len(in); at++ {
		if at > 0 && in[at-1] != '\n' {
			continue
		}
		// want's lines are in's, one for one: the piece's part of want
		// starts after as many LFs.
		wantFrom := 0
		for range strings.Count(in[:at], "\n") {
			wantFrom += strings.IndexByte(want[wantFrom:], '\n') + 1
		}
		tr := NewTransformer()
		tr.Prime([]byte(in[:at]), true)
		out, _, err := transform.String(tr, in[at:])
		if err != nil {
			t.Fatal(err)
		}
		if out != want[wantFrom:] {
			t.Errorf("piece from byte %d of %q: %q, want %q", at, in, out, want[wantFrom:])
		}
	}
}
