package transcode

import (
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/utf8x/utf8x"
)

// Every byte and every code point up to U+FFFF, against x/text's tables
// (ISO-8859-15) and the definition (ASCII: 00-7F only). x/text leaves 80-9F
// undefined in ISO-8859-15; iconv, like utf8x's ISO-8859-1, reads them as
// the C1 controls U+0080..U+009F, and so does utf8x.
func TestSingleByteExhaustive(t *testing.T) {
	for b := range 256 {
		in := []byte{byte(b)}
		got, err := ISO8859_15.AppendDecode(nil, in)
		want := string(charmap.ISO8859_15.DecodeByte(byte(b)))
		if isC1(rune(b)) {
			want = string(rune(b))
		}
		if err != nil || string(got) != want {
			t.Errorf("ISO-8859-15 decode %02X = %q, %v; want %q", b, got, err, want)
		}
		got, err = ASCII.AppendDecode(nil, in)
		if b < 0x80 {
			if err != nil || string(got) != string(rune(b)) {
				t.Errorf("ASCII decode %02X = %q, %v", b, got, err)
			}
		} else {
			checkErr(t, err, 0, 1, utf8x.InvalidByte)
		}
	}
	for r := rune(0); r <= 0xFFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		in := utf8.AppendRune(nil, r)
		got, err := ISO8859_15.AppendEncode(nil, in)
		b, ok := charmap.ISO8859_15.EncodeRune(r)
		if isC1(r) {
			b, ok = byte(r), true
		}
		if ok {
			if err != nil || len(got) != 1 || got[0] != b {
				t.Errorf("ISO-8859-15 encode U+%04X = % X, %v; want %02X", r, got, err, b)
			}
		} else {
			checkErr(t, err, 0, len(in), utf8x.Unrepresentable)
		}
		got, err = ASCII.AppendEncode(nil, in)
		if r < 0x80 {
			if err != nil || len(got) != 1 || rune(got[0]) != r {
				t.Errorf("ASCII encode U+%04X = % X, %v", r, got, err)
			}
		} else {
			checkErr(t, err, 0, len(in), utf8x.Unrepresentable)
		}
	}
}

// The labels iconv users type reach the encodings with the same meaning.
func TestIconvLabels(t *testing.T) {
	for label, want := range map[string]string{
		"ASCII": "US-ASCII", "us-ascii": "US-ASCII", "ANSI_X3.4-1968": "US-ASCII", "646": "US-ASCII",
		"iso646-us": "US-ASCII", "csASCII": "US-ASCII",
		"ISO-8859-15": "ISO-8859-15", "iso8859-15": "ISO-8859-15", "latin9": "ISO-8859-15", "LATIN-9": "ISO-8859-15",
		"l9": "ISO-8859-15", "iso_8859-15": "ISO-8859-15",
		"UCS-4LE": "UTF-32LE", "UCS-4BE": "UTF-32BE", "ucs-4": "UTF-32BE",
		"UTF8": "UTF-8", "LATIN1": "ISO-8859-1", "ISO_8859-1": "ISO-8859-1", "L1": "ISO-8859-1",
		"WINDOWS-1252": "Windows-1252", "CP1252": "Windows-1252", "UTF-16LE": "UTF-16LE", "UTF-32": "UTF-32",
	} {
		e, err := Lookup(label)
		if err != nil || e.Name() != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", label, e, err, want)
		}
	}
	// UCS-2 cannot hold what UTF-16 holds beyond U+FFFF: iconv's names for
	// it are not aliases. WHATWG's label "ucs-2" is, as WHATWG says (UTF-16
	// with its byte order mark sniffed).
	if e, err := Lookup("ucs-2"); err != nil || e.Name() != "UTF-16" {
		t.Errorf(`Lookup("ucs-2") = %v, %v; want UTF-16 (a WHATWG label)`, e, err)
	}
	for _, bad := range []string{"ucs-2le", "unicodelittle"} {
		if _, err := Lookup(bad); err == nil {
			t.Errorf("Lookup(%q) succeeded", bad)
		}
	}
}

func isC1(r rune) bool { return r >= 0x80 && r <= 0x9F }
