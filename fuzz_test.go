package utf8x_test

import (
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

var fuzzSeeds = []string{"", "a", "\xE2\x82\xAC", "\xC0\xAF", "\xED\xA0\x80", "\xF0\x9F\x98",
	"\xF4\x90\x80\x80", "\xFF", "caf\xE9 \x93ok\x94", "日本語\xE2\x82", "😀\xBF\xBFx"}

func FuzzValid(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if got, want := utf8x.Valid(p), utf8.Valid(p); got != want {
			t.Fatalf("Valid(% X) = %v, unicode/utf8 says %v", p, got, want)
		}
		if got, want := utf8x.ValidString(string(p)), utf8.Valid(p); got != want {
			t.Fatalf("ValidString(% X) = %v, unicode/utf8 says %v", p, got, want)
		}
		checkAgainstReference(t, p)
	})
}

func FuzzValidateOffset(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		err := utf8x.Validate(p)
		if err == nil {
			if !utf8.Valid(p) {
				t.Fatalf("Validate(% X) = nil for invalid input", p)
			}
			return
		}
		var e *utf8x.Error
		if !errors.As(err, &e) {
			t.Fatalf("Validate returned %T", err)
		}
		// Offset is the length of the longest valid prefix.
		if !utf8.Valid(p[:e.Offset]) {
			t.Fatalf("prefix before offset %d of % X is not valid", e.Offset, p)
		}
		for m := e.Offset + 1; m <= len(p); m++ {
			if utf8.Valid(p[:m]) {
				t.Fatalf("prefix of %d bytes of % X is valid, but Validate stopped at %d", m, p, e.Offset)
			}
		}
		if e.Len < 1 || e.Len > 3 || e.Offset+e.Len > len(p) {
			t.Fatalf("bad length %d at %d in % X", e.Len, e.Offset, p)
		}
	})
}

func FuzzDecodeConsumesEveryByte(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		var widths []int
		for i := 0; i < len(p); {
			r, n := utf8x.DecodeRune(p[i:])
			if n < 1 || n > utf8.UTFMax || i+n > len(p) {
				t.Fatalf("DecodeRune(% X) width %d", p[i:], n)
			}
			if r != utf8.RuneError && string(r) != string(p[i:i+n]) {
				t.Fatalf("DecodeRune(% X) = %U does not re-encode to its bytes", p[i:i+n], r)
			}
			widths = append(widths, n)
			i += n
		}
		// Walking backwards finds the same boundaries.
		end := len(p)
		for k := len(widths) - 1; k >= 0; k-- {
			_, n := utf8x.DecodeLastRune(p[:end])
			if n != widths[k] {
				t.Fatalf("DecodeLastRune(% X) width %d, forward walk had %d", p[:end], n, widths[k])
			}
			end -= n
		}
		if got := utf8x.RuneCount(p); got != len(widths) {
			t.Fatalf("RuneCount = %d, forward walk found %d", got, len(widths))
		}
		checkDecomposition(t, p)
	})
}
