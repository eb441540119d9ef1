package detect

import (
	"fmt"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// Lookup returns the decoding to UTF-8 of the encoding called name, in any
// case: every name and iconv label a detection gives (Candidate.Encoding,
// Candidate.Iconv, Candidate.Equivalent), whether a UTF form or a legacy
// encoding, and the labels of the transcode package and of the WHATWG
// Encoding Standard.
//
// The decoders replace what they cannot decode with U+FFFD, as those of
// golang.org/x/text do, and a decoder of a UTF form drops a byte order mark
// at the start of its input: the mark is a signature, not text. "us-ascii"
// (and "ascii") is read as UTF-8: a detection that found only ASCII in the
// bytes it examined says nothing about the bytes after them, and ASCII text
// is UTF-8 anyway, so the rest of the input is not refused for holding UTF-8.
// The UTF forms and the encodings the transcode package has are read by it;
// the other legacy encodings by golang.org/x/text (see LegacyEncoding). Labels only
// the Encoding Standard knows ("x-mac-cyrillic", "iso-8859-16", "gbk") are
// read as it says, except those it maps to its replacement encoding, which
// decodes nothing and which Lookup refuses.
//
// The error for a name it does not know reads `detect: unknown encoding
// "name"` and wraps a *transcode.UnknownEncodingError.
func Lookup(name string) (encoding.Encoding, error) {
	l := strings.ToLower(strings.TrimSpace(name))
	if e, err := transcode.Lookup(l); err == nil {
		if e.Name() == transcode.ASCII.Name() {
			e = transcode.UTF8
		}
		return e.WithPolicy(utf8x.Replace).WithBOM(utf8x.BOMStrip), nil
	}
	if e := LegacyEncoding(l); e != nil {
		return e, nil
	}
	return nil, fmt.Errorf("detect: %w", &transcode.UnknownEncodingError{Label: name})
}
