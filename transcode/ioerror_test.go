package transcode_test

import (
	"bytes"
	"errors"
	"github.com/utf8x/utf8x/internal/testsample"
	"io"
	"syscall"
	"testing"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// Decoders, encoders and converters used as streams hand a reader's error to
// their caller, after a prefix of the right output: no panic, no silent end.
func TestStreamsReturnReadErrors(t *testing.T) {
	text := bytes.Repeat([]byte("naïve 😀 café €\n"), 300)
	for _, from := range transcode.TestEncodings() {
		in, err := from.WithPolicy(utf8x.Replace).AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range []transcode.Encoding{transcode.UTF8, transcode.UTF16, transcode.UTF32BE, transcode.Latin1} {
			for _, p := range []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Escape} {
				whole, _ := transcode.NewConverter(from, to, p, utf8x.BOMKeep).Append(nil, in)
				for _, n := range []int{0, 1, 3, 5, 4099, len(in) - 1} {
					for _, step := range []int{1, 4096} {
						readers := map[string]io.Reader{
							"Converter": transform.NewReader(testsample.FailingReader(in, n, step, syscall.EIO), transcode.NewConverter(from, to, p, utf8x.BOMKeep)),
						}
						if to == transcode.UTF8 {
							readers["NewDecoder"] = from.WithPolicy(p).NewDecoder().Reader(testsample.FailingReader(in, n, step, syscall.EIO))
						}
						if from == transcode.UTF8 {
							readers["NewEncoder"] = transform.NewReader(testsample.FailingReader(in, n, step, syscall.EIO), to.WithPolicy(p).NewEncoder())
						}
						for name, r := range readers {
							got, err := io.ReadAll(r)
							var te *transcode.Error
							if p == utf8x.Strict && errors.As(err, &te) {
								continue // something unconvertible came first: also an error
							}
							if !errors.Is(err, syscall.EIO) {
								t.Errorf("%s %s->%s %s n=%d step=%d: err %v, want EIO", name, from, to, p, n, step, err)
							}
							if p != utf8x.Strict && !bytes.HasPrefix(whole, got) {
								t.Errorf("%s %s->%s %s n=%d step=%d: output before the error is not a prefix of the whole output", name, from, to, p, n, step)
							}
						}
					}
				}
			}
		}
	}
}
