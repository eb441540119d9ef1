package utf8x_test

import (
	"bytes"
	"errors"
	"github.com/utf8x/utf8x/internal/testsample"
	"io"
	"syscall"
	"testing"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
)

// The stream APIs hand a reader's error to their caller, after what was
// converted before it, whatever the policy and wherever the error falls; they
// never panic and never end as if the input had ended.
func TestStreamsReturnReadErrors(t *testing.T) {
	in := bytes.Repeat([]byte("na\xEFve \xF0\x9F\x98\x80 caf\xC3\xA9 \xED\xA0\x80\n"), 500)
	for _, p := range []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.FallbackCP1252} {
		whole, _, _ := utf8x.AppendValid(nil, in, p)
		for _, n := range []int{0, 1, 5, 6, 7, 100, 4097, len(in) - 1} {
			for _, step := range []int{1, 3, 4096} {
				readers := map[string]io.Reader{
					"NewReader":           utf8x.NewReader(testsample.FailingReader(in, n, step, syscall.EIO), p, utf8x.BOMKeep),
					"transform.NewReader": transform.NewReader(testsample.FailingReader(in, n, step, syscall.EIO), utf8x.NewTransformer(p, utf8x.BOMStrip)),
				}
				for name, r := range readers {
					got, err := io.ReadAll(r)
					if p != utf8x.Strict && !bytes.HasPrefix(whole, got) {
						t.Errorf("%s %s n=%d step=%d: output before the error is not a prefix of the whole output", name, p, n, step)
					}
					var e *utf8x.Error
					switch {
					case p == utf8x.Strict && errors.As(err, &e):
						// An ill-formed sequence before the failure: also an error.
						if e.Offset > n {
							t.Errorf("%s %s n=%d: strict error at %d, beyond the %d bytes read", name, p, n, e.Offset, n)
						}
					case !errors.Is(err, syscall.EIO):
						t.Errorf("%s %s n=%d step=%d: err %v, want EIO (after %d bytes of output)", name, p, n, step, err, len(got))
					}
				}
			}
		}
	}
}
