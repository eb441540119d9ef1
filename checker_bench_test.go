package utf8x_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/utf8x/utf8x"
)

// benchChecker lists every error of p read by a plain reader (positions
// counted on the way) or a *bytes.Reader (positions by reading again).
func benchChecker(b *testing.B, p []byte, again bool) {
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		var r io.Reader = bytes.NewReader(p)
		if !again {
			r = struct{ io.Reader }{r}
		}
		c := utf8x.NewChecker(r)
		for {
			if _, err := c.Next(); err != nil {
				break
			}
		}
	}
}

func BenchmarkCheckerDense(b *testing.B) {
	line := []byte("abcdé€😀 xyz Grüße \xFF 世界 \xE2\x82 line\n")
	p := bytes.Repeat(line, (4<<20)/len(line))
	b.Run("stream", func(b *testing.B) { benchChecker(b, p, false) })
	b.Run("reread", func(b *testing.B) { benchChecker(b, p, true) })
}

func BenchmarkCheckerSparse(b *testing.B) {
	p := append(bytes.Repeat([]byte("abcdé€😀 xyz Grüße 世界 line\n"), (8<<20)/32), "\xE9 end"...)
	b.Run("stream", func(b *testing.B) { benchChecker(b, p, false) })
	b.Run("reread", func(b *testing.B) { benchChecker(b, p, true) })
}
