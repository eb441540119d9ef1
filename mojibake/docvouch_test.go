package mojibake

import (
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// TestTextVouches holds the text's evidence (docState) to what it says: two
// lines surely misread through an encoding, starting within 16 KiB before a
// line, vouch for a lone misread character with ASCII around it on that
// line; nothing else does: not clean lines, not lines misread through
// another encoding, not lines further back, not lines that were only
// vouched for themselves.
func TestTextVouches(t *testing.T) {
	mis := func(s string, e Codepage) string { return mustMisread(t, s, e) }
	// Ukrainian prose misread whole as Windows-1252: sure lines.
	uk := mis("Програма стискає файли у форматі xz.\nВона читає дані зі стандартного входу.\n", Windows1252)
	// The lone misread "і" between ASCII words, as a man page has it.
	lone := mis(".BR xz (1) і .BR lzma (1)\n", Windows1252)
	want := ".BR xz (1) і .BR lzma (1)\n"
	ascii := strings.Repeat("plain ASCII text of the page, nothing misread\n", 100) // 4.6 KB
	fixed := func(text string) string {
		out, _ := Fix([]byte(text))
		return string(out)
	}
	lastLine := func(s string) string {
		s = strings.TrimSuffix(s, "\n")
		return s[strings.LastIndexByte(s, '\n')+1:] + "\n"
	}

	if got := fixed(lone); got != lone {
		t.Errorf("alone, the lone character was changed: %q", got)
	}
	if got := lastLine(fixed(uk + lone)); got != want {
		t.Errorf("after two sure lines: %q, want %q", got, want)
	}
	if got := lastLine(fixed(uk + ascii + ascii + lone)); got != want {
		t.Errorf("two sure lines 9 KB back: %q, want %q", got, want)
	}
	// One sure line is not enough.
	one := uk[:strings.IndexByte(uk, '\n')+1]
	if got := lastLine(fixed(one + lone)); got != lone {
		t.Errorf("after one sure line: %q, want it left", got)
	}
	// Further back than 16 KiB.
	if got := lastLine(fixed(uk + ascii + ascii + ascii + ascii + lone)); got != lone {
		t.Errorf("two sure lines 18 KB back: %q, want it left", got)
	}
	// Misread through another encoding.
	ukCyr := mis("Програма стискає файли у форматі xz.\nВона читає дані зі стандартного входу.\n", Windows1251)
	if got := lastLine(fixed(ukCyr + lone)); got != lone {
		t.Errorf("after lines misread as Windows-1251: %q, want it left", got)
	}
	// Clean text before.
	clean := "Програма стискає файли у форматі xz.\nВона читає дані зі стандартного входу.\n"
	if got := lastLine(fixed(clean + lone)); got != lone {
		t.Errorf("after clean lines: %q, want it left", got)
	}
	// Lines only vouched for pass nothing on: lone lines every 4.6 KB
	// after the sure ones are repaired while the sure lines are within
	// 16 KiB, and left after.
	text := uk
	for range 6 {
		text += ascii + lone
	}
	lines := strings.SplitAfter(fixed(text), "\n")
	var got []bool
	for _, l := range lines {
		if strings.HasPrefix(l, ".BR xz") {
			got = append(got, l == want)
		}
	}
	if len(got) != 6 || !got[0] || !got[1] || !got[2] || got[3] || got[4] || got[5] {
		t.Errorf("lone lines every 4.6 KB after two sure lines, repaired: %v, want the first three only", got)
	}
}

// TestPrimeContext: a Transformer primed with the Context of one that read
// the text before repairs the rest as Prime's does, and as within the whole.
func TestPrimeContext(t *testing.T) {
	uk, ok := misread("Програма стискає файли у форматі xz.\nВона читає дані зі стандартного входу.\n", Windows1252, lossNone)
	lone, ok2 := misread(".BR xz (1) і .BR lzma (1)\n", Windows1252, lossNone)
	if !ok || !ok2 {
		t.Fatal("cannot misread")
	}
	ascii := strings.Repeat("plain ASCII text of the page, nothing misread\n", 100)
	text := []byte(uk + ascii + lone + ascii + ascii + lone + ascii + ascii + lone)
	whole, _ := Fix(text)
	for cut := 0; cut < len(text); cut++ {
		if cut > 0 && text[cut-1] != '\n' {
			continue
		}
		a := NewTransformer()
		head, _, err := transform.Bytes(a, text[:cut])
		if err != nil {
			t.Fatal(err)
		}
		b := NewTransformer()
		b.PrimeContext(a.Context())
		rest, _, err := transform.Bytes(b, text[cut:])
		if err != nil {
			t.Fatal(err)
		}
		if got := string(head) + string(rest); got != string(whole) {
			t.Fatalf("cut at %d: the two differ from the whole", cut)
		}
	}
}

// TestPrimeAnyText: Prime takes any bytes without panicking, also text that
// does not end a line or holds no line break within reach, and text
// longer than it looks at; what it cannot use it leaves.
func TestPrimeAnyText(t *testing.T) {
	long := strings.Repeat("x", PrimeSize+100)
	uk, _ := misread("Програма стискає файли у форматі xz.\nВона читає дані зі стандартного входу.\n", Windows1252, lossNone)
	piece := "xz Ñ– lzma\n"
	for _, before := range []string{"", "\n", "a\n" + long, long, long + "\n", uk + long, uk + "tail without LF", "\xff\xfe\n\x00", uk} {
		for _, fromStart := range []bool{false, true} {
			tr := NewTransformer()
			tr.Prime([]byte(before), fromStart)
			out, _, err := transform.String(tr, piece)
			if err != nil {
				t.Fatal(err)
			}
			// Only the two sure lines, within reach of the piece (a
			// last line without LF is left out), vouch for it; not
			// from the start, the first of them is not a whole line.
			want := piece
			if (before == uk || before == uk+"tail without LF") && fromStart {
				want = "xz і lzma\n"
			}
			if out != want {
				t.Errorf("primed with %q (from the start: %v): %q, want %q", before[:min(len(before), 40)], fromStart, out, want)
			}
		}
	}
}
