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

// The ASCII prefix is copied before the kernels run; error offsets must still
// count from the start of the input, and the output must hold what came before.
func TestLatin1ErrorOffsetsAfterASCIIPrefix(t *testing.T) {
	tests := []struct {
		in   string
		off  int
		kind utf8x.ErrorKind
	}{
		{"abc€", 3, utf8x.Unrepresentable},
		{"ab\xC0\xAF", 2, utf8x.Overlong},
		{"héllo €", 7, utf8x.Unrepresentable},
	}
	for _, tt := range tests {
		out, err := AppendUTF8ToLatin1([]byte("x"), []byte(tt.in))
		var e *Error
		if !errors.As(err, &e) || e.Offset != tt.off || e.Kind != tt.kind {
			t.Errorf("AppendUTF8ToLatin1(%q) error %v; want %v at byte %d", tt.in, err, tt.kind, tt.off)
			continue
		}
		want := "x" + string(latin1Bytes(tt.in[:tt.off]))
		if string(out) != want {
			t.Errorf("AppendUTF8ToLatin1(%q) output %q, want %q", tt.in, out, want)
		}
	}
	if got := AppendLatin1ToUTF8([]byte("x"), []byte("plain\xE9")); string(got) != "xplainé" {
		t.Errorf("AppendLatin1ToUTF8 = %q", got)
	}
}

// latin1Bytes is the test's own ISO-8859-1 encoder for text it knows fits.
func latin1Bytes(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r))
	}
	return b
}
