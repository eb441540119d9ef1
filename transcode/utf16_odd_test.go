package transcode

import (
	"bytes"
	"errors"
	"testing"

	"github.com/utf8x/utf8x"
)

// swap16 turns UTF-16LE test input into UTF-16BE, a last odd byte staying put.
func swap16(le []byte) []byte {
	be := bytes.Clone(le)
	for i := 0; i+1 < len(be); i += 2 {
		be[i], be[i+1] = be[i+1], be[i]
	}
	return be
}

// TestUTF16OddLength: a high surrogate followed only by a last odd byte is one
// ill-formed unit (one U+FFFD), as the WHATWG decoder (Node's TextDecoder),
// Python and ICU read it; a low surrogate then an odd byte stays two.
func TestUTF16OddLength(t *testing.T) {
	tests := []struct {
		le      string // UTF-16LE input; the same code units are tried big-endian
		replace string // the Replace output
		off, n  int    // the strict error
		kind    utf8x.ErrorKind
	}{
		{"\x00\xD8\x41", "\uFFFD", 0, 3, utf8x.Truncated},
		{"A\x00\x00\xD8\x41", "A\uFFFD", 2, 3, utf8x.Truncated},
		{"\x00\xDB\x00", "\uFFFD", 0, 3, utf8x.Truncated},
		{"\x00\xD8", "\uFFFD", 0, 2, utf8x.LoneSurrogate},
		{"\x00\xDC\x41", "\uFFFD\uFFFD", 0, 2, utf8x.LoneSurrogate},
		{"\x00\xD8\x00\xD8\x41", "\uFFFD\uFFFD", 0, 2, utf8x.LoneSurrogate},
		{"\x00\xD8\x41\x00", "\uFFFDA", 0, 2, utf8x.LoneSurrogate},
		{"\x3D\xD8\x00\xDE\x41", "\U0001F600\uFFFD", 4, 1, utf8x.Truncated},
		{"\x41", "\uFFFD", 0, 1, utf8x.Truncated},
	}
	for _, tt := range tests {
		for _, e := range []Encoding{UTF16LE, UTF16BE} {
			in := []byte(tt.le)
			if e == UTF16BE {
				in = swap16(in)
			}
			got, err := e.WithPolicy(utf8x.Replace).AppendDecode(nil, in)
			if err != nil || string(got) != tt.replace {
				t.Errorf("%s % X: Replace gives %+q, %v; want %+q", e, in, got, err, tt.replace)
			}
			_, err = e.AppendDecode(nil, in)
			var te *Error
			if !errors.As(err, &te) || te.Offset != tt.off || te.Len != tt.n || te.Kind != tt.kind {
				t.Errorf("%s % X: strict error %v; want %v at %d, %d bytes", e, in, err, tt.kind, tt.off, tt.n)
			}
			if off, n, kind := e.FirstInvalid(in, true); off != tt.off || n != tt.n || kind != tt.kind {
				t.Errorf("%s % X: FirstInvalid = %d %d %v", e, in, off, n, kind)
			}
			length := UTF8LenFromUTF16LE(in)
			if e == UTF16BE {
				length = UTF8LenFromUTF16BE(in)
			}
			if length != len(tt.replace) {
				t.Errorf("%s % X: UTF-8 length %d, the Replace output has %d", e, in, length, len(tt.replace))
			}
			checkStreamCuts(t, NewConverter(e, UTF8, utf8x.Replace, utf8x.BOMKeep), in)
		}
	}
	// To WTF-8 the high surrogate is a whole code unit and goes over as
	// itself; only the odd byte is ill-formed.
	got, err := NewConverter(UTF16LE, WTF8, utf8x.Replace, utf8x.BOMKeep).Append(nil, []byte("\x00\xD8\x41"))
	if err != nil || string(got) != "\xED\xA0\x80\uFFFD" {
		t.Errorf("UTF-16LE 00 D8 41 to WTF-8: % X, %v", got, err)
	}
	// Only UTF-16 input: a 3-byte truncated unit of WTF-8 stays one unit.
	_, err = NewConverter(WTF8, WTF8, utf8x.Strict, utf8x.BOMKeep).Append(nil, []byte("\xF4\x80\xBF"))
	checkErr(t, err, 0, 3, utf8x.Truncated)
}
