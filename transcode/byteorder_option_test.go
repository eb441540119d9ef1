package transcode

import (
	"bytes"
	"testing"

	"github.com/utf8x/utf8x"
)

// Without a mark, UTF-16 and UTF-32 read the byte order asked for, and a
// mark still decides when there is one.
func TestWithByteOrder(t *testing.T) {
	for _, c := range []struct {
		e     Encoding
		order ByteOrder
		in    string
		want  string
	}{
		{UTF16, BigEndian, "\x00a\x00b", "ab"},
		{UTF16, LittleEndian, "a\x00b\x00", "ab"},
		{UTF16, BigEndian, "a\x00b\x00", "愀戀"},
		{UTF16, LittleEndian, "\x00a\x00b", "愀戀"},
		{UTF16, BigEndian, "\xff\xfea\x00", "a"}, // the mark wins
		{UTF16, LittleEndian, "\xfe\xff\x00a", "a"},
		{UTF32, BigEndian, "\x00\x00\x00a", "a"},
		{UTF32, LittleEndian, "a\x00\x00\x00", "a"},
		{UTF16, GuessOrder, "\x00a\x00b", "ab"},
		{UTF16, GuessOrder, "a\x00b\x00", "ab"},
	} {
		e := c.e.WithByteOrder(c.order)
		got, err := e.AppendDecode(nil, []byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%s %s AppendDecode(% X) = %q, %v; want %q", c.e, c.order, c.in, got, err, c.want)
		}
		// The same through a stream decoder and a Converter.
		got, err = e.NewDecoder().Bytes([]byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%s %s NewDecoder(% X) = %q, %v; want %q", c.e, c.order, c.in, got, err, c.want)
		}
		got, err = NewConverter(e, UTF8, utf8x.Strict, utf8x.BOMKeep).Append(nil, []byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%s %s Converter(% X) = %q, %v; want %q", c.e, c.order, c.in, got, err, c.want)
		}
	}
}

// A text that starts with U+FEFF, converted to UTF-16 or UTF-32 with
// BOMAdd, gets one mark: the signature those schemes write.
func TestBOMAddOneMark(t *testing.T) {
	for _, c := range []struct {
		to   Encoding
		want string
	}{
		{UTF16, "\xff\xfex\x00"},
		{UTF32, "\xff\xfe\x00\x00x\x00\x00\x00"},
		{UTF16LE, "\xff\xfex\x00"},
		{UTF8, "\xef\xbb\xbfx"},
	} {
		for _, in := range []string{"\xef\xbb\xbfx", "x"} {
			got, err := NewConverter(UTF8, c.to, utf8x.Strict, utf8x.BOMAdd).Append(nil, []byte(in))
			if err != nil || !bytes.Equal(got, []byte(c.want)) {
				t.Errorf("%q to %s with BOMAdd = % X, %v; want % X", in, c.to, got, err, c.want)
			}
		}
	}
}
