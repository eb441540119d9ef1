package mojibake

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

func FuzzFix(f *testing.F) {
	for _, s := range []string{
		"cafÃ©", "ÃƒÂ©", "â€œhiâ€\x9d", "РџСЂРёРІРµС‚", "í\u00a0½í¸€", "dÃ©jÃ  vu",
		"Ã\ufffd", "â€ x", "NÃO", "groß“", "\xffÃ©", "Ã©\x00", "├⌐", "√©",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		// Each input is also fed a byte at a time (linear, but thousands of
		// calls): a bound keeps every execution short, so that the fuzzing
		// engine's deadline never lands inside one. Long lines have
		// TestTinyChunksLongLine.
		if len(in) > 16<<10 {
			in = in[:16<<10]
		}
		out, cs := Fix(in)
		// A repair is shorter than its stretch but where a lost byte is
		// written as U+FFFD (three bytes) in place of one misread character
		// (two): half as long again at most.
		if len(out) > len(in)+len(in)/2 {
			t.Fatalf("output %d bytes, input %d", len(out), len(in))
		}
		if utf8.Valid(in) && !utf8.Valid(out) {
			t.Fatalf("valid input %q gave invalid output %q", in, out)
		}
		if nextCandidate(in, true) < 0 && (!bytes.Equal(out, in) || len(cs) != 0) {
			t.Fatalf("input without a telltale pair %q changed to %q", in, out)
		}
		for _, k := range []int{len(in) / 3, len(in) / 2, len(in) - 1} {
			if k < 0 {
				continue
			}
			_, r := scanFrom(in[:k], 0, false)
			for _, atEOF := range []bool{false, true} {
				if got, want := nextCandidateFrom(in, r, atEOF), nextCandidate(in, atEOF); got != want {
					t.Fatalf("%q: resumed at %d after a prefix of %d, the scan finds %d, from the start %d", in, r, k, got, want)
				}
			}
		}
		checkChanges(t, in, out, cs)
		// Cut after an LF near the middle: the part before, repaired, and
		// the rest by a Transformer primed with it make the whole's repair.
		if i := bytes.IndexByte(in[len(in)/2:], '\n'); i >= 0 {
			cut := len(in)/2 + i + 1
			head, _ := Fix(in[:cut])
			tr := NewTransformer()
			tr.Prime(in[:cut], true)
			rest := feed(t, tr, in[cut:], []int{len(in) + 1}, maxWindow)
			if got := append(append([]byte{}, head...), rest...); !bytes.Equal(got, out) {
				t.Fatalf("cut after byte %d, primed: %q, whole: %q", cut, got, out)
			}
		}
		for _, size := range []int{1, 7, 100} {
			got := feed(t, NewTransformer(), in, []int{size}, maxWindow)
			if !bytes.Equal(got, out) {
				t.Fatalf("in chunks of %d: %q, whole: %q", size, got, out)
			}
		}
	})
}

func TestASCIIUnchanged(t *testing.T) {
	var b bytes.Buffer
	for i := range 5000 {
		b.WriteByte(byte(i*7) & 0x7F)
	}
	in := b.Bytes()
	if out, cs := Fix(in); !bytes.Equal(out, in) || cs != nil {
		t.Fatal("ASCII changed")
	}
}

func nextCandidateFrom(p []byte, from int, atEOF bool) int {
	c, _ := scanFrom(p, from, atEOF)
	return c
}

// FuzzPrime: Prime takes any text before a piece, longer than it looks at
// too, without panicking; when that text ends with a line break, the piece
// primed with it is repaired as within the whole.
func FuzzPrime(f *testing.F) {
	for _, s := range []string{"cafÃ©\nÃ©\n", "Ð¿Ñ€Ð¸\nÑ– x\n", "no line break", "\n", "Ã©",
		"say naïve.\nnaÃ¯ve\n", "{\"Zürich.txt\"},\n{\"ZÃ¼rich.txt\"},\n"} { // (the last two: aboutBefore)
		f.Add([]byte(s), true)
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, in []byte, fromStart bool) {
		if len(in) == 0 || len(in) > 4<<10 {
			return
		}
		// The text before: in repeated past what Prime looks at.
		before := bytes.Repeat(in, 1+(PrimeSize+16)/len(in))
		tr := NewTransformer()
		tr.Prime(before, fromStart)
		got := feed(t, tr, in, []int{len(in) + 1}, maxWindow)
		if len(got) > len(in) {
			t.Fatalf("output %d bytes, input %d", len(got), len(in))
		}
		if before[len(before)-1] != '\n' || !fromStart {
			return
		}
		head, _ := Fix(before)
		whole, _ := Fix(append(bytes.Clone(before), in...))
		if !bytes.Equal(append(head, got...), whole) {
			t.Fatalf("primed: %q, within the whole: %q", got, whole[len(head):])
		}
	})
}
