package utf8x_test

import (
	"bytes"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/utf8x/utf8x"
)

// refCount counts p one element of the reference decomposition at a time.
func refCount(p []byte) utf8x.Counts {
	c := utf8x.Counts{Bytes: len(p)}
	for _, e := range refDecompose(p) {
		c.Runes++
		c.UTF16++
		switch {
		case e.kind != "":
			c.Invalid++
		case e.n == 4:
			c.UTF16++
			c.ByLength[3]++
		default:
			c.ByLength[e.n-1]++
		}
		if p[e.off] == '\n' {
			c.Lines++
		}
	}
	return c
}

func checkCount(t *testing.T, p []byte) {
	t.Helper()
	want := refCount(p)
	if got := utf8x.Count(p); got != want {
		t.Fatalf("Count(%s) = %+v, the reference says %+v", rangeShort(p), got, want)
	}
	if got := utf8x.CountString(string(p)); got != want {
		t.Fatalf("CountString(%s) = %+v, the reference says %+v", rangeShort(p), got, want)
	}
}

// TestCount compares Count with the reference on random inputs, valid and
// invalid, with every kernel set forced for every length; and the counts of
// pieces cut at element boundaries, added, with the count of the whole.
func TestCount(t *testing.T) {
	valid := []string{"a", "\n", "é", "€", "😀", "aé€😀Ω中x𝄞\n", "\uFFFD", "\uFEFF"}
	errs := []string{"\xC0\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC2", "\xF1\x80\x80", "\x80", "\xFF"}
	testsample.Validation.Each(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(31, 32))
		invalid := 0
		for i := range 600 {
			// Valid runs long enough for the vector kernels, with
			// errors between them or none.
			var p []byte
			for range 1 + r.IntN(6) {
				u := valid[r.IntN(len(valid))]
				p = append(p, cut([]byte(repeatTo(u, 300)), r.IntN(300))...)
				if i%4 != 0 {
					p = append(p, errs[r.IntN(len(errs))]...)
				}
			}
			if !utf8x.Valid(p) {
				invalid++
			}
			checkCount(t, p)
			checkCount(t, randomInput(r, 1+i%40))
		}
		if invalid < 300 {
			t.Fatalf("only %d inputs were invalid", invalid)
		}
		long := cut(bytes.Repeat([]byte(repeatTo(valid[5], 400)), 200), 70000)
		checkCount(t, long)
		long = slices.Concat(long[:40001], []byte("\xE2\x82"), long[40001:])
		checkCount(t, long)
	})
	// Pieces add up.
	r := rand.New(rand.NewPCG(33, 34))
	for i := range 500 {
		p := randomInput(r, 1+i%30)
		cuts := []int{0, len(p)}
		for range r.IntN(6) {
			cuts = append(cuts, r.IntN(len(p)+1))
		}
		slices.Sort(cuts)
		var sum utf8x.Counts
		for j := 0; j+1 < len(cuts); j++ {
			from, to := utf8x.RangeBounds(p, cuts[j], cuts[j+1])
			sum = sum.Add(utf8x.Count(p[from:to]))
		}
		if want := refCount(p); sum != want {
			t.Fatalf("%s cut at %v: counts add up to %+v, the whole is %+v", rangeShort(p), cuts, sum, want)
		}
	}
}

func ExampleCount() {
	c := utf8x.Count([]byte("naïve 😀\ncafé \xE2\x82\n"))
	fmt.Println(c.Bytes, "bytes,", c.Runes, "characters,", c.Lines, "lines,", c.UTF16, "UTF-16 units,", c.Invalid, "invalid")
	fmt.Println("by length:", c.ByLength, "ASCII:", c.ByLength[0] == c.Bytes)
	// Output:
	// 21 bytes, 15 characters, 2 lines, 16 UTF-16 units, 1 invalid
	// by length: [11 2 0 1] ASCII: false
}
