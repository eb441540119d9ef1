package transcode_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// TestErrorModel: the errors of every kind of conversion are one type,
// *transcode.Error being *utf8x.Error, found by errors.As under either name
// (also wrapped); errors.Is matches utf8x.ErrInvalid for ill-formed input,
// utf8x.ErrUnrepresentable for a character the target lacks, and x/text's
// encoding.ErrInvalidUTF8 for ill-formed UTF-8 input only; and the message,
// offset, kind, encoding and bytes are those of the unit.
func TestErrorModel(t *testing.T) {
	sjis, err := transcode.Lookup("shift_jis")
	if err != nil {
		t.Fatal(err)
	}
	type conv struct {
		name string
		run  func() error
	}
	convert := func(from, to transcode.Encoding, in string) []conv {
		return []conv{
			{"Converter", func() error {
				_, err := transcode.NewConverter(from, to, utf8x.Strict, utf8x.BOMKeep).Append(nil, []byte(in))
				return err
			}},
			{"NewDecoder/NewEncoder", func() error {
				p, err := from.NewDecoder().Bytes([]byte(in))
				if err != nil {
					return err
				}
				_, err = to.NewEncoder().Bytes(p)
				return err
			}},
		}
	}
	cases := []struct {
		convs    []conv
		off, n   int
		kind     utf8x.ErrorKind
		encoding string
		r        rune
		bytes    string
		msg      string
	}{
		{convert(transcode.UTF8, transcode.UTF16LE, "a\xe2\x82b"), 1, 2, utf8x.Truncated, "UTF-8", 0, "\xe2\x82",
			"invalid UTF-8 at byte 1: truncated (E2 82)"},
		{append(convert(transcode.UTF8, sjis, "ab\xffc"), conv{"AppendUTF8ToLatin1", func() error {
			_, err := transcode.AppendUTF8ToLatin1(nil, []byte("ab\xffc"))
			return err
		}}), 2, 1, utf8x.InvalidByte, "UTF-8", 0, "\xff", "invalid UTF-8 at byte 2: invalid-byte (FF)"},
		{convert(transcode.UTF16LE, transcode.UTF8, "a\x00\x00\xd8b\x00"), 2, 2, utf8x.LoneSurrogate, "UTF-16LE", 0, "\x00\xd8",
			"invalid UTF-16LE at byte 2: lone-surrogate (00 D8)"},
		{convert(transcode.CESU8, transcode.UTF8, "a\xf0\x9f\x98\x80"), 1, 4, utf8x.FourByte, "CESU-8", 0, "\xf0\x9f\x98\x80",
			"invalid CESU-8 at byte 1: four-byte (F0 9F 98 80)"},
		{convert(sjis, transcode.UTF8, "ab\x81\x20"), 2, 1, utf8x.Unmapped, "Shift_JIS", 0, "\x81",
			"invalid Shift_JIS at byte 2: unmapped (81)"},
		{append(convert(transcode.UTF8, transcode.Latin1, "a€"), conv{"AppendUTF8ToLatin1", func() error {
			_, err := transcode.AppendUTF8ToLatin1(nil, []byte("a€"))
			return err
		}}), 1, 3, utf8x.Unrepresentable, "ISO-8859-1", '€', "€", "U+20AC at byte 1 cannot be represented in ISO-8859-1"},
		{convert(transcode.UTF8, sjis, "a😀"), 1, 4, utf8x.Unrepresentable, "Shift_JIS", '😀', "😀",
			"U+1F600 at byte 1 cannot be represented in Shift_JIS"},
		{[]conv{{"AppendUTF16ToUTF8", func() error {
			_, err := transcode.AppendUTF16ToUTF8(nil, []uint16{'a', 'b', 0xDC00, 'c'})
			return err
		}}}, 2, 1, utf8x.LoneSurrogate, "UTF-16", 0, "", "invalid UTF-16 at code unit 2: lone-surrogate"},
	}
	for _, c := range cases {
		for _, cv := range c.convs {
			err := cv.run()
			for _, e := range []error{err, fmt.Errorf("wrapped: %w", err)} {
				var te *transcode.Error
				var ue *utf8x.Error
				if !errors.As(e, &te) || !errors.As(e, &ue) || te != ue {
					t.Fatalf("%s (%s): %v (%T): As *transcode.Error %p, *utf8x.Error %p", cv.name, c.msg, e, err, te, ue)
				}
				if ue.Offset != c.off || ue.Len != c.n || ue.Kind != c.kind || ue.Encoding != c.encoding || ue.Rune != c.r ||
					!bytes.Equal(ue.Bytes(), []byte(c.bytes)) || ue.Error() != c.msg {
					t.Errorf("%s: %+v %q (bytes % X), want %q", cv.name, ue, ue, ue.Bytes(), c.msg)
				}
				unrep := c.kind == utf8x.Unrepresentable
				utf8In := c.encoding == "UTF-8"
				if errors.Is(e, utf8x.ErrInvalid) != !unrep || errors.Is(e, utf8x.ErrUnrepresentable) != unrep ||
					errors.Is(e, encoding.ErrInvalidUTF8) != utf8In {
					t.Errorf("%s: %v: Is ErrInvalid %v, ErrUnrepresentable %v, ErrInvalidUTF8 %v; want %v, %v, %v", cv.name, e,
						errors.Is(e, utf8x.ErrInvalid), errors.Is(e, utf8x.ErrUnrepresentable), errors.Is(e, encoding.ErrInvalidUTF8),
						!unrep, unrep, utf8In)
				}
			}
		}
	}
	// Lookup's error is about the call, not the input.
	_, err = transcode.Lookup("no-such-encoding")
	var le *transcode.UnknownEncodingError
	if !errors.As(err, &le) || errors.Is(err, utf8x.ErrInvalid) || errors.Is(err, utf8x.ErrUnrepresentable) {
		t.Errorf("Lookup: %v (%T)", err, err)
	}
}
