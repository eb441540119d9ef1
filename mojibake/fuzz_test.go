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
		if len(in) > 2*maxWindow {
			// A Transformer rescans what a caller hands it again after
			// ErrShortSrc: feeding tiny chunks is quadratic in a window.
			in = in[:2*maxWindow]
		}
		out, cs := Fix(in)
		if len(out) > len(in) {
			t.Fatalf("output %d bytes, input %d", len(out), len(in))
		}
		if utf8.Valid(in) && !utf8.Valid(out) {
			t.Fatalf("valid input %q gave invalid output %q", in, out)
		}
		if nextCandidate(in, true) < 0 && (!bytes.Equal(out, in) || len(cs) != 0) {
			t.Fatalf("input without a telltale pair %q changed to %q", in, out)
		}
		checkChanges(t, in, out, cs)
		for _, size := range []int{7, 100} {
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
