package utf8x

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
)

// chunkedSource writes its data to WriteTo's writer in Writes of random
// sizes, as a source other than bytes.Reader might.
type chunkedSource struct {
	bytes.Reader
	r *rand.Rand
}

func (c *chunkedSource) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for c.Len() > 0 {
		p := make([]byte, min(c.Len(), 1+c.r.IntN(40000)))
		n, _ := c.Reader.Read(p)
		m, err := w.Write(p[:n])
		total += int64(m)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// TestReaderWriteToChunks: through a source that writes in many pieces,
// sequences cut at the end of one Write (carried over in the Reader's own
// buffer) still come out as the slice functions say.
func TestReaderWriteToChunks(t *testing.T) {
	old := directSource
	defer func() { directSource = old }()
	directSource = func(r io.Reader) io.WriterTo {
		if c, ok := r.(*chunkedSource); ok {
			return c
		}
		return old(r)
	}
	r := rand.New(rand.NewPCG(45, 46))
	pieces := []string{"a", "é", "€", "😀", "\xE2\x82", "\xF0\x9F\x98", "\xFF", "\xEF\xBB\xBF", "\xC3", "\x80"}
	rounds := 100
	if testing.Short() {
		rounds = 25
	}
	for i := range rounds {
		var src []byte
		if i%5 == 0 {
			src = append(src, BOM...)
		}
		n := 1 + r.IntN(90000)
		for len(src) < n {
			src = append(src, pieces[r.IntN(len(pieces))]...)
		}
		for _, p := range []Policy{Strict, Replace, Skip, Escape, FallbackCP1252} {
			for _, b := range []BOMPolicy{BOMKeep, BOMStrip, BOMAdd} {
				// The reference: the buffered path over a plain Read.
				var want bytes.Buffer
				wn, werr := NewReader(struct{ io.Reader }{bytes.NewReader(src)}, p, b).WriteTo(&want)
				c := &chunkedSource{r: rand.New(rand.NewPCG(uint64(i), 1))}
				c.Reset(src)
				rd := NewReader(c, p, b)
				var got bytes.Buffer
				gn, gerr := rd.WriteTo(&got)
				if gn != wn || !bytes.Equal(got.Bytes(), want.Bytes()) || (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) {
					t.Fatalf("%v/%v, %d-byte input: got %d bytes (%d said), %v; want %d bytes (%d said), %v", p, b, len(src), got.Len(), gn, gerr, want.Len(), wn, werr)
				}
			}
		}
	}
}
