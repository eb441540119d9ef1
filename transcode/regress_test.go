package transcode

import (
	"errors"
	"testing"

	"github.com/utf8x/utf8x"
)

// A 4-byte sequence cut after 3 bytes decodes with width 3, like a real U+FFFD;
// strict conversion must still reject it.
func TestStrictRejectsTruncatedFourByteAtEnd(t *testing.T) {
	for _, to := range []Encoding{UTF16LE, UTF16BE, UTF32LE, Latin1} {
		out, err := to.AppendEncode(nil, []byte("a\xF0\x90\x80"))
		var e *Error
		if !errors.As(err, &e) || e.Offset != 1 || e.Kind != utf8x.Truncated {
			t.Errorf("%v: AppendEncode = % X, %v; want truncated at byte 1", to, out, err)
		}
		if _, err := to.AppendEncode(nil, []byte("a\uFFFD")); err != nil && to != Latin1 {
			t.Errorf("%v: a real U+FFFD was rejected: %v", to, err)
		}
	}
}
