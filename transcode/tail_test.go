package transcode

import (
	"math/rand/v2"
	"testing"
)

// tailByWalk is IncompleteTail's reference: read p unit by unit from its
// start, and return what is left when a unit cannot be finished yet.
func tailByWalk(f *form, p []byte) int {
	for i := 0; i < len(p); {
		_, n, _ := f.decode(p[i:], false)
		if n == 0 {
			return len(p) - i
		}
		i += n
	}
	return 0
}

func TestIncompleteTail(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 15))
	pieces := []string{"a", "\xED\xA0\x80\xED\xB0\x80", "\xED\xA0\x80\xED\xA0", "\n", "é", "€", "😀", "\x00", "\xED\xA0\x80", "\xED\xB0\x80", "\xF0\x9F\x98",
		"\xFF", "\x80", "\xC0\x80", "\xFC\x84\x80\x80\x80\x80", "\xF8\x88\x80\x80\x80", "\xD8\x3D", "\xDE\x00", "\x3D\xD8"}
	for _, e := range testEncodings() {
		f := e.form()
		if f.codec != nil {
			// A codec's units are known only read from the start by its
			// decoder, which is what IncompleteTail does; tailByWalk has
			// no decoder to walk with (TestCodecValidation).
			continue
		}
		if f.auto != nil {
			f = f.auto[little]
		}
		if e.MaxUnitLen() < 1 || e.MaxUnitLen() > 6 {
			t.Errorf("%s: MaxUnitLen %d", e.Name(), e.MaxUnitLen())
		}
		for range 300 {
			var p []byte
			for range rng.IntN(12) {
				p = append(p, pieces[rng.IntN(len(pieces))]...)
			}
			for k := 0; k <= len(p); k++ {
				got, want := e.IncompleteTail(p[:k]), tailByWalk(f, p[:k])
				if got != want {
					t.Fatalf("%s: IncompleteTail(% X) = %d, want %d", e.Name(), p[:k], got, want)
				}
				if got >= 2*e.MaxUnitLen() || e.MaxUnitLen() == 1 && got != 0 {
					t.Fatalf("%s: IncompleteTail(% X) = %d, MaxUnitLen %d", e.Name(), p[:k], got, e.MaxUnitLen())
				}
			}
		}
	}
	for _, e := range []Encoding{CESU8, MUTF8, WTF8, UTF8Legacy} {
		for range 300 {
			var p []byte
			for range rng.IntN(12) {
				p = append(p, pieces[rng.IntN(len(pieces))]...)
			}
			for k := 0; k <= len(p); k++ {
				if got, want := e.IncompleteTail(p[:k]), tailByWalk(e.form(), p[:k]); got != want {
					t.Fatalf("%s: IncompleteTail(% X) = %d, want %d", e.Name(), p[:k], got, want)
				}
			}
		}
	}
}
