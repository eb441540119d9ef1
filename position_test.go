package utf8x_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"testing/iotest"

	"github.com/utf8x/utf8x"
)

// refPositions gives, for every offset 0..len(p), the line and column a
// scalar walk over the reference decomposition reaches there: an element
// that starts before an offset counts whole, even if the offset cuts it.
func refPositions(p []byte) (lines, cols []int) {
	lines, cols = make([]int, len(p)+1), make([]int, len(p)+1)
	line, col := 0, 0
	i := 0
	for _, e := range refDecompose(p) {
		for ; i <= e.off; i++ {
			lines[i], cols[i] = line, col
		}
		col++
		if e.kind == "" && p[e.off] == '\n' {
			line, col = line+1, 0
		}
		for ; i <= e.off+e.n; i++ {
			lines[i], cols[i] = line, col
		}
	}
	for ; i <= len(p); i++ {
		lines[i], cols[i] = line, col
	}
	return lines, cols
}

func checkPositions(t *testing.T, p []byte) {
	t.Helper()
	lines, cols := refPositions(p)
	for off := -2; off <= len(p)+2; off++ {
		c := min(max(off, 0), len(p))
		line, col := utf8x.Position(p, off)
		if line != lines[c] || col != cols[c] {
			t.Fatalf("Position(% X, %d) = %d, %d; the reference says %d, %d", p, off, line, col, lines[c], cols[c])
		}
		if sl, sc := utf8x.PositionString(string(p), off); sl != line || sc != col {
			t.Fatalf("PositionString(%q, %d) = %d, %d; Position says %d, %d", p, off, sl, sc, line, col)
		}
	}
	// Where CheckRange puts each error.
	rep, err := utf8x.CheckRange(p, 0, 0, len(p), -1)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range rep.Errors {
		if line, col := utf8x.Position(p, e.Offset); line != e.Line || col != e.Column {
			t.Fatalf("% X: CheckRange puts the error at byte %d on line %d, column %d; Position says %d, %d", p, e.Offset, e.Line, e.Column, line, col)
		}
	}
}

func TestPosition(t *testing.T) {
	for _, s := range append(rangeInputs, fragments...) {
		checkPositions(t, []byte(s))
	}
	r := rand.New(rand.NewPCG(21, 22))
	errs := 0
	for i := range 1000 {
		p := randomInput(r, 1+i%40)
		if !utf8x.Valid(p) {
			errs++
		}
		checkPositions(t, p)
	}
	if errs < 500 {
		t.Fatalf("only %d of the random inputs were invalid", errs)
	}
}

// Position's column counts characters, not bytes: the error after "é€😀" on
// the second line is in column 4 (counting from 1), though 9 bytes in.
func ExamplePosition() {
	p := []byte("naïve\né€😀\xE2\x82 ok")
	off, _, kind := utf8x.FirstInvalid(p)
	line, col := utf8x.Position(p, off)
	fmt.Printf("%s at byte %d: line %d, column %d\n", kind, off, line+1, col+1)
	// Output: truncated at byte 16: line 2, column 4
}

// checkCounter writes p to a PositionCounter in the pieces cuts gives (cut
// offsets, increasing) and compares Pos after each piece, and after every
// byte written one at a time, with the reference.
func checkCounter(t *testing.T, p []byte, cuts []int) {
	t.Helper()
	lines, cols := refPositions(p)
	var c utf8x.PositionCounter
	last := 0
	for _, cut := range append(cuts, len(p)) {
		c.Write(p[last:cut])
		last = cut
		if line, col := c.Pos(); line != lines[cut] || col != cols[cut] {
			t.Fatalf("% X cut at %v: Pos after %d bytes = %d, %d; the reference says %d, %d", p, cuts, cut, line, col, lines[cut], cols[cut])
		}
	}
	c.Reset()
	for i := range p {
		c.WriteString(string(p[i : i+1]))
		if line, col := c.Pos(); line != lines[i+1] || col != cols[i+1] {
			t.Fatalf("% X byte by byte: Pos after %d bytes = %d, %d; the reference says %d, %d", p, i+1, line, col, lines[i+1], cols[i+1])
		}
	}
}

func TestPositionCounter(t *testing.T) {
	inputs := append(append([]string{}, rangeInputs...), fragments...)
	for _, s := range inputs {
		p := []byte(s)
		for i := 0; i <= len(p); i++ {
			for j := i; j <= len(p); j++ {
				checkCounter(t, p, []int{i, j})
			}
		}
	}
	r := rand.New(rand.NewPCG(23, 24))
	for i := range 2000 {
		p := randomInput(r, 1+i%60)
		var cuts []int
		for at := 0; ; {
			at += r.IntN(6)
			if at > len(p) {
				break
			}
			cuts = append(cuts, at)
		}
		checkCounter(t, p, cuts)
	}
}

// ReadFrom counts what a reader gives, in whatever reads it makes.
func TestPositionCounterReadFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for i := range 200 {
		p := randomInput(r, 1+i*37)
		var c utf8x.PositionCounter
		n, err := c.ReadFrom(iotest.OneByteReader(bytes.NewReader(p)))
		if err != nil || n != int64(len(p)) {
			t.Fatalf("ReadFrom = %d, %v; want %d, nil", n, err, len(p))
		}
		wl, wc := utf8x.Position(p, len(p))
		if line, col := c.Pos(); line != wl || col != wc {
			t.Fatalf("% X: ReadFrom reaches %d, %d; Position says %d, %d", p, line, col, wl, wc)
		}
	}
}

// Skip over the pieces of a text cut on element boundaries, counted apart
// by Position, reaches what Position says of the whole.
func TestPositionCounterSkip(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	for i := range 2000 {
		p := randomInput(r, 1+i%80)
		var c utf8x.PositionCounter
		for from := 0; from < len(p); {
			to, _ := utf8x.RangeBounds(p, from+1+r.IntN(8), len(p)) // an element boundary after from
			lines, col := utf8x.Position(p[from:to], to-from)
			c.Skip(lines, col)
			wl, wc := utf8x.Position(p, to)
			if line, col := c.Pos(); line != wl || col != wc {
				t.Fatalf("% X: Skip to %d reaches %d, %d; Position says %d, %d", p, to, line, col, wl, wc)
			}
			from = to
		}
	}
}

// FuzzPositionCounter: written in pieces of the sizes the fuzzer picks,
// PositionCounter reaches after each piece what Position says of the prefix.
func FuzzPositionCounter(f *testing.F) {
	f.Add([]byte("naïve\né€😀\xE2\x82 ok"), []byte{1, 3, 2})
	f.Add([]byte("\xF0\x9F\x98\xED\xA0\x80\n\xFF"), []byte{0, 1, 1, 5})
	f.Fuzz(func(t *testing.T, p []byte, sizes []byte) {
		var c utf8x.PositionCounter
		at := 0
		for i := 0; at < len(p); i++ {
			n := len(p) - at
			if i < len(sizes) {
				n = min(n, int(sizes[i]%8))
			}
			c.Write(p[at : at+n])
			at += n
			wl, wc := utf8x.Position(p, at)
			if line, col := c.Pos(); line != wl || col != wc {
				t.Fatalf("% X after %d bytes: %d, %d; Position says %d, %d", p, at, line, col, wl, wc)
			}
		}
	})
}
