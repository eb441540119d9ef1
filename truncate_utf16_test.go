package utf8x_test

import (
	"math/rand/v2"
	"testing"

	"github.com/utf8x/utf8x"
)

// refTruncateUTF16 lists, for every budget n from 0 to the whole input's UTF-16
// length, the length of the longest prefix cut between elements of the
// reference decomposition whose units fit in n: a character beyond U+FFFF (4
// bytes) counts 2, any other character and each ill-formed subpart 1.
func refTruncateUTF16(p []byte) []int {
	want := []int{0}
	units := 0
	for _, e := range refDecompose(p) {
		u := 1
		if e.kind == "" && e.n == 4 {
			u = 2
		}
		units += u
		for len(want) < units {
			want = append(want, want[len(want)-1]) // a pair does not fit in one unit
		}
		want = append(want, e.off+e.n)
	}
	return want
}

func checkTruncateUTF16(t *testing.T, p []byte) {
	t.Helper()
	want := refTruncateUTF16(p)
	total := len(want) - 1
	if got := utf8x.UTF16Len(p); got != total {
		t.Fatalf("UTF16Len(%+q) = %d, reference %d", p, got, total)
	}
	s := string(p)
	for n := -2; n <= total+2; n++ {
		w := want[max(min(n, total), 0)]
		if n < 0 {
			w = 0
		}
		if got := utf8x.TruncateUTF16(p, n); len(got) != w {
			t.Fatalf("TruncateUTF16(%+q, %d) has %d bytes, want %d", p, n, len(got), w)
		}
		if got := utf8x.TruncateUTF16String(s, n); len(got) != w {
			t.Fatalf("TruncateUTF16String(%+q, %d) has %d bytes, want %d", p, n, len(got), w)
		}
	}
}

func TestTruncateUTF16(t *testing.T) {
	for _, in := range []string{"", "a", "\U0001F600", "a\U0001F600b", "aé日😀\xE2\x82b", "\xF0\x9F\x98",
		"\xED\xA0\x80\xF4\x90\x80\x80", "😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀"} {
		checkTruncateUTF16(t, []byte(in))
	}
}

// Random valid and ill-formed input of every length up to a few thousand
// bytes, so that both the vector rounds (budgets of 16 and more) and the
// character-at-a-time end run, at every budget.
func TestTruncateUTF16MatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 8))
	for i := range 1500 {
		in := randomInput(r, 1+i%40)
		if i%3 == 0 {
			v, _, _ := utf8x.ToValidString(string(in), utf8x.Replace) // valid input too
			in = []byte(v)
		}
		checkTruncateUTF16(t, in)
	}
}

// FuzzTruncateUTF16 holds TruncateUTF16 to the reference at every budget.
func FuzzTruncateUTF16(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if len(p) > 1024 {
			p = p[:1024]
		}
		checkTruncateUTF16(t, p)
	})
}
