package mojibake

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// streamText builds a text mixing clean and misread lines, long lines with
// and without ASCII, invalid bytes and a misread stretch on every side of
// the 2 KiB window limit.
func streamText(t testing.TB) []byte {
	ss := sentences(t, 2)
	var b bytes.Buffer
	rng := rand.New(rand.NewSource(1))
	ms := manglers()
	for i, s := range ss {
		m := ms[rng.Intn(len(ms))]
		if out, ok := m.f(s); ok && i%3 != 0 {
			s = out
		}
		b.WriteString(s)
		switch i % 7 {
		case 0:
			b.WriteString("\r\n")
		case 1:
			b.WriteString(" ") // lines run together into long ones
		case 2:
			b.WriteString("\xff\n")
		default:
			b.WriteString("\n")
		}
	}
	long := strings.Repeat("日本語", 1000) + strings.Repeat("cafÃ© ", 500) + "\n" + strings.Repeat("Ã©", 1500)
	b.WriteString(long)
	return b.Bytes()
}

// feed runs tr over src in chunks of the given sizes (cycled) with a dst of
// dstSize, the way a careful caller of the Transformer interface does.
func feed(t *testing.T, tr transform.Transformer, src []byte, sizes []int, dstSize int) []byte {
	var out []byte
	dst := make([]byte, dstSize)
	pending := []byte{}
	pos, k := 0, 0
	for {
		if pos < len(src) {
			n := min(sizes[k%len(sizes)], len(src)-pos)
			k++
			pending = append(pending, src[pos:pos+n]...)
			pos += n
		}
		atEOF := pos == len(src)
		for {
			nDst, nSrc, err := tr.Transform(dst, pending, atEOF)
			out = append(out, dst[:nDst]...)
			pending = pending[nSrc:]
			if err == nil {
				break
			}
			if err == transform.ErrShortSrc && !atEOF {
				break
			}
			if err == transform.ErrShortDst && (nDst > 0 || nSrc > 0) {
				continue
			}
			t.Fatalf("Transform: %v with %d pending at EOF=%v", err, len(pending), atEOF)
		}
		if atEOF && len(pending) == 0 {
			return out
		}
	}
}

func TestStreamMatchesWhole(t *testing.T) {
	src := streamText(t)
	want, wantChanges := Fix(src)
	if len(wantChanges) == 0 {
		t.Fatal("the stream text holds nothing to fix")
	}
	checkChanges(t, src, want, wantChanges)
	for _, sizes := range [][]int{{1}, {2}, {3}, {5, 1, 7}, {64}, {1000, 3}, {4096}, {len(src)}} {
		for _, dstSize := range []int{maxWindow, 4096, 1 << 16} {
			var got []Change
			tr := NewTransformer()
			tr.Report = func(c Change) { got = append(got, c) }
			out := feed(t, tr, src, sizes, dstSize)
			if !bytes.Equal(out, want) {
				i := 0
				for i < len(out) && i < len(want) && out[i] == want[i] {
					i++
				}
				t.Fatalf("chunks %v, dst %d: output differs from Fix at byte %d", sizes, dstSize, i)
			}
			if fmt.Sprint(got) != fmt.Sprint(wantChanges) {
				t.Fatalf("chunks %v, dst %d: %d changes reported, Fix reports %d", sizes, dstSize, len(got), len(wantChanges))
			}
		}
	}
	// x/text's own Reader, whose buffer is 4 KiB.
	r := transform.NewReader(bytes.NewReader(src), NewTransformer())
	var b bytes.Buffer
	if _, err := b.ReadFrom(r); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Fatal("transform.Reader output differs from Fix")
	}
}

// checkChanges verifies that each change's ranges hold its Old and New text
// and that the text between changes is unchanged.
func checkChanges(t testing.TB, in, out []byte, cs []Change) {
	t.Helper()
	var inAt, outAt int64
	for _, c := range cs {
		if c.InStart < inAt || c.InEnd <= c.InStart || c.OutStart < outAt || c.OutEnd < c.OutStart {
			t.Fatalf("change %+v out of order", c)
		}
		if !bytes.Equal(in[inAt:c.InStart], out[outAt:c.OutStart]) {
			t.Fatalf("bytes before change %+v differ", c)
		}
		if string(in[c.InStart:c.InEnd]) != c.Old || string(out[c.OutStart:c.OutEnd]) != c.New {
			t.Fatalf("change %+v: ranges do not hold Old and New", c)
		}
		if c.Line != int64(bytes.Count(in[:c.InStart], []byte{'\n'})+1) {
			t.Fatalf("change %+v: line %d", c, c.Line)
		}
		if len(c.Chain) == 0 || !utf8.ValidString(c.New) {
			t.Fatalf("change %+v: no chain or invalid output", c)
		}
		inAt, outAt = c.InEnd, c.OutEnd
	}
	if !bytes.Equal(in[inAt:], out[outAt:]) {
		t.Fatal("bytes after the last change differ")
	}
}
