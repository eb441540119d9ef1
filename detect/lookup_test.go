package detect

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/detect/internal/model"
	"github.com/utf8x/utf8x/transcode"
)

// TestLookup: every name and iconv label the detector can answer with
// decodes text in that encoding back to the text. The legacy bytes come from
// the encoders of golang.org/x/text, the UTF ones from unicode/utf16 and
// by hand; a byte order mark at the start is dropped.
func TestLookup(t *testing.T) {
	samples := map[string]string{
		"ja": "日本語のテキスト", "zh-hans": "简体中文文本", "zh-hant": "繁體中文", "ko": "한국어 텍스트",
		"ru": "Привет, мир", "el": "Καλημέρα", "he": "שלום", "ar": "مرحبا", "fa": "سلام",
		"th": "สวัสดี", "vi": "Viêt Nam đ", "tr": "Türkçe ğış", "cs": "Příliš žluťoučký",
		"lt": "Ačiū", "fr": "Voilà l'été",
	}
	encs := append(append([]*model.Encoding(nil), model.Encodings...), model.ISO2022JP)
	for _, e := range encs {
		text := "plain ascii"
		for _, l := range e.Langs {
			if s, ok := samples[l]; ok {
				text = s
				break
			}
		}
		src, err := e.Enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatalf("%s cannot encode its own sample %q: %v", e.Name, text, err)
		}
		for _, name := range []string{e.Name, e.Iconv} {
			enc, err := Lookup(name)
			if err != nil {
				t.Errorf("Lookup(%q): %v", name, err)
				continue
			}
			got, err := enc.NewDecoder().Bytes(src)
			if err != nil || string(got) != text {
				t.Errorf("Lookup(%q) decodes %q to %q, %v", name, text, got, err)
			}
		}
	}
	text := "Grüße, мир, 😀"
	utf := []struct {
		names []string
		in    []byte
	}{
		{[]string{"utf-8", "UTF-8"}, []byte(text)},
		{[]string{"utf-8"}, append([]byte("\xef\xbb\xbf"), text...)},
		{[]string{"utf-16le", "UTF-16LE", "UTF-16"}, readerUTF16(text, false)},
		{[]string{"utf-16le", "UTF-16"}, append([]byte("\xff\xfe"), readerUTF16(text, false)...)},
		{[]string{"utf-16be", "UTF-16BE"}, readerUTF16(text, true)},
		{[]string{"utf-16be", "UTF-16"}, append([]byte("\xfe\xff"), readerUTF16(text, true)...)},
		{[]string{"utf-32le", "UTF-32LE"}, readerUTF32(text, false)},
		{[]string{"utf-32le", "UTF-32"}, append([]byte("\xff\xfe\x00\x00"), readerUTF32(text, false)...)},
		{[]string{"utf-32be", "UTF-32BE"}, readerUTF32(text, true)},
		{[]string{"utf-32be", "UTF-32"}, append([]byte("\x00\x00\xfe\xff"), readerUTF32(text, true)...)},
		// us-ascii is read as UTF-8, never refused beyond ASCII.
		{[]string{"us-ascii", "US-ASCII", "ascii"}, []byte(text)},
	}
	for _, u := range utf {
		for _, name := range u.names {
			enc, err := Lookup(name)
			if err != nil {
				t.Errorf("Lookup(%q): %v", name, err)
				continue
			}
			got, err := enc.NewDecoder().Bytes(u.in)
			if err != nil || string(got) != text {
				t.Errorf("Lookup(%q) decodes % X to %q, %v; want %q", name, u.in[:8], got, err, text)
			}
		}
	}
	// What cannot be decoded becomes U+FFFD.
	for name, in := range map[string]string{"utf-8": "a\xffb", "us-ascii": "a\xffb", "utf-16le": "a\x00\x00\xd8b\x00", "shift_jis": "a\x81\x20b"} {
		enc, _ := Lookup(name)
		got, err := enc.NewDecoder().Bytes([]byte(in))
		if err != nil || !bytes.Contains(got, []byte("\uFFFD")) || got[0] != 'a' || got[len(got)-1] != 'b' {
			t.Errorf("Lookup(%q) decodes %q to %q, %v; want U+FFFD between a and b", name, in, got, err)
		}
	}
	// Labels of the Encoding Standard that the detector does not name.
	for _, name := range []string{"x-mac-cyrillic", "iso-8859-16", "gbk", "latin2"} {
		if _, err := Lookup(name); err != nil {
			t.Errorf("Lookup(%q): %v", name, err)
		}
	}
	// hz-gb-2312 is the replacement encoding to the Encoding Standard, but
	// detect names it (by its escapes) and reads it (x/text's decoder).
	if _, err := Lookup("hz-gb-2312"); err != nil {
		t.Errorf("Lookup(hz-gb-2312): %v", err)
	}
	// iso-2022-kr too: transcode reads it (the Encoding Standard's
	// replacement label resolves to the real encoding, as in iconv).
	if _, err := Lookup("iso-2022-kr"); err != nil {
		t.Errorf("Lookup(iso-2022-kr): %v", err)
	}
	for _, name := range []string{"", "nonsense", "replacement"} {
		e, err := Lookup(name)
		var ue *transcode.UnknownEncodingError
		switch {
		case err == nil:
			t.Errorf("Lookup(%q) = %v, want an error", name, e)
		case !errors.As(err, &ue) || ue.Label != name:
			t.Errorf("Lookup(%q): %v, want a *transcode.UnknownEncodingError for the name", name, err)
		case err.Error() != "detect: unknown encoding "+strconv.Quote(name):
			t.Errorf("Lookup(%q): message %q", name, err)
		case errors.Is(err, utf8x.ErrInvalid):
			t.Errorf("Lookup(%q): %v is utf8x.ErrInvalid", name, err)
		}
	}
}

// TestWHATWGTable compares the generated label table that whatwgName reads
// with golang.org/x/text/encoding/htmlindex, which the package no longer
// imports: every label names the encoding htmlindex names, the labels are
// sorted (whatwgName searches them), and Lookup knows the labels it knew
// when it fell back on htmlindex.
func TestWHATWGTable(t *testing.T) {
	if len(whatwgLabels) < 200 {
		t.Fatalf("%d WHATWG labels, want the standard's 200 and more", len(whatwgLabels))
	}
	for i, row := range whatwgLabels {
		if i > 0 && whatwgLabels[i-1].label >= row.label {
			t.Errorf("labels out of order: %q then %q", whatwgLabels[i-1].label, row.label)
		}
		e, err := htmlindex.Get(row.label)
		if err != nil {
			t.Errorf("%q: htmlindex does not know it: %v", row.label, err)
			continue
		}
		if name, err := htmlindex.Name(e); err != nil || name != row.name {
			t.Errorf("%q: table says %q, htmlindex %q (%v)", row.label, row.name, name, err)
		}
		for _, l := range []string{row.label, strings.ToUpper(row.label), " \t" + row.label + "\n"} {
			if name, ok := whatwgName(l); !ok || name != row.name {
				t.Errorf("whatwgName(%q) = %q, %v; want %q", l, name, ok, row.name)
			}
		}
		// What Lookup read before: transcode's, then x/text's legacy
		// encodings, then htmlindex's unless its replacement encoding.
		_, terr := transcode.Lookup(row.label)
		known := terr == nil || LegacyEncoding(row.label) != nil || e != encoding.Replacement
		if _, err := Lookup(row.label); (err == nil) != known {
			t.Errorf("Lookup(%q): %v; want it known: %v", row.label, err, known)
		}
	}
	for _, l := range []string{"", "utf8x", "cp1251x", "ibm852", "latin 1", "utf-8\x00"} {
		_, err := htmlindex.Get(l)
		if name, ok := whatwgName(l); ok != (err == nil) {
			t.Errorf("whatwgName(%q) = %q, %v; htmlindex says %v", l, name, ok, err)
		}
	}
}
