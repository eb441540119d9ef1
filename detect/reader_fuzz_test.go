package detect

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// FuzzNewReader: no input panics NewReader or Declared, NewReader refuses
// nothing but binary data, the text read is valid UTF-8, one-byte reads give what whole reads give, and a strict
// Reader stops only with an *InvalidError whose offset lies in the input;
// where the detection decides, it is DetectReader's. Under the default
// limit (flags&4 unset), flags&8 puts up to 1 KiB less than DefaultLimit
// bytes of ASCII before the input, so that the Reader may read on past
// them.
func FuzzNewReader(f *testing.F) {
	for _, s := range []string{
		"", "plain", "\xef\xbb\xbfbom", "\xff\xfeh\x00i\x00", "\xfe\xff\x00h", "\xff\xfe\x00\x00h\x00\x00\x00",
		"<meta charset=koi8-r>\xc1\xc2", "<!--><meta http-equiv=content-type content='charset=\"shift_jis\"'>\x81\x20",
		"<?xml version='1.0' encoding='iso-2022-jp'?>\x1b$B\x46\x7c", "<\x00?\x00x\x00m\x00l\x00 \x00?\x00>\x00",
		"<meta charset=gb18030>\x84\x31\xa4\x37\x81", "<meta charset=utf-16>\xd8\x00",
	} {
		f.Add([]byte(s), uint8(3), "")
	}
	f.Add([]byte("abc"), uint8(0), "text/html; charset=iso-2022-jp")
	f.Add([]byte("line\nLe gar\xe7on \xe9tait tr\xe8s content.\n"), uint8(8|2), "")
	f.Add([]byte("\xd0\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0?"), uint8(8|1<<4), "")
	f.Add([]byte("\xc3"), uint8(8|2), "")
	lines := bytes.Repeat([]byte("plain ASCII line\n"), DefaultLimit/17+1)
	f.Fuzz(func(t *testing.T, in []byte, flags uint8, contentType string) {
		if len(in) > 1<<16 || len(contentType) > 256 {
			return
		}
		if flags&(4|8) == 8 {
			in = append(bytes.Clone(lines[:DefaultLimit-int(flags>>4)*64]), in...)
		}
		Declared(in, contentType)
		o := &ReaderOptions{Declared: flags&1 != 0, Strict: flags&2 != 0, ContentType: contentType}
		if flags&4 != 0 {
			o.Limit = int64(flags>>3) + 1 // heads of 1 to 32 bytes
		}
		r, err := NewReader(bytes.NewReader(in), o)
		var binary *BinaryError
		if errors.As(err, &binary) && binary.What != "" {
			return // no text: refused
		}
		if err != nil {
			t.Fatalf("NewReader: %v", err)
		}
		if d := r.Decision(); len(d.Result.Candidates) > 0 {
			want, err := DetectReader(bytes.NewReader(in), &o.Options)
			if err != nil || d.Result.Examined != want.Examined || d.Result.Truncated != want.Truncated || d.Result.Candidates[0].Encoding != want.Candidates[0].Encoding || d.Result.Candidates[0].Confidence != want.Candidates[0].Confidence {
				t.Fatalf("NewReader decided on %+v, DetectReader gives %+v", d.Result, want)
			}
		}
		got, err := io.ReadAll(r)
		if !utf8.Valid(got) {
			t.Fatalf("%s (%v) gives invalid UTF-8 %q", r.Decision().Encoding, r.Decision().By, got)
		}
		if err != nil {
			var ie *InvalidError
			if !o.Strict || !errors.As(err, &ie) || ie.Offset < 0 || ie.Offset >= int64(len(in)) || len(ie.Bytes) == 0 {
				t.Fatalf("read error %v (strict %v)", err, o.Strict)
			}
		}
		r2, _ := NewReader(iotest.OneByteReader(bytes.NewReader(in)), o)
		got2, err2 := io.ReadAll(iotest.OneByteReader(r2))
		if !bytes.Equal(got, got2) || (err == nil) != (err2 == nil) || r2.Decision().Encoding != r.Decision().Encoding {
			t.Fatalf("one-byte reads: %q, %v; whole reads: %q, %v", got2, err2, got, err)
		}
	})
}
