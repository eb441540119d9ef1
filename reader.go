package utf8x

import (
	"io"

	"golang.org/x/text/transform"
)

// Reader repairs the UTF-8 it reads from another reader: every ill-formed
// maximal subpart is handled by a Policy and a leading byte order mark by a
// BOMPolicy. It is a Transformer inside a transform.Reader, for callers who
// do not want to learn golang.org/x/text; its memory use is constant.
type Reader struct {
	t *Transformer
	r *transform.Reader
}

// NewReader returns a Reader that reads from r and repairs what it reads.
// Under Strict, Read returns the valid prefix of the input, then an *Error.
func NewReader(r io.Reader, p Policy, b BOMPolicy) *Reader {
	t := NewTransformer(p, b)
	return &Reader{t: t, r: transform.NewReader(r, t)}
}

// Read implements io.Reader.
func (r *Reader) Read(p []byte) (int, error) { return r.r.Read(p) }

// Fixed returns the number of ill-formed subparts handled so far.
func (r *Reader) Fixed() int64 { return r.t.Fixed() }
