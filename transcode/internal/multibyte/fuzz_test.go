package multibyte

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"
)

// FuzzDecode: no decoder panics; any cut gives the whole-input output; what
// decodes without error re-encodes to bytes that decode to the same text.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "\x81\xff", "\x1b$B$\"\x1b(B", "~{VP~}", "\x8f\xa1\xa1", "\x84\x31\xa4\x39", "\x88\x62", "\x1b$)C\x0e0!\x0f"} {
		f.Add(uint8(0), s, uint16(1))
	}
	// EUC-TW (four-byte codes, plane 2 in Unicode plane 2) and ISO-2022-CN
	// (designations per line, SS2).
	for _, s := range []string{"\xc4\xe3\x8e\xa2\xa1\xa1\x8e\xa5\xa1\xa5a", "\x8e\xa1\xa4\xa1\x8e\xb0\xa1", "\x8e\xa2A\xa1"} {
		f.Add(uint8(codecIndex(EUCTW)), s, uint16(3))
	}
	for _, s := range []string{"\x1b$)A\x0e0!\x1b$)GD!\x0f\n\x0e0!", "\x1b$*H\x1bN!!\x1bN\x7e", "\x1b$)A\x0e0!\n0!\x1b$+I"} {
		f.Add(uint8(codecIndex(ISO2022CN)), s, uint16(5))
	}
	f.Fuzz(func(t *testing.T, which uint8, in string, cut uint16) {
		if len(in) > 4096 {
			return
		}
		c := Codecs[int(which)%len(Codecs)]
		for _, mode := range []Mode{Strict, Replace} {
			dec := c.NewDecoder(mode)
			whole, werr := run(dec, []byte(in))
			k := int(cut) % (len(in) + 1)
			got, err := chunked(dec, []byte(in), []int{k}, 1+int(cut)%7)
			if !bytes.Equal(got, whole) || fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Fatalf("%s mode %d cut %d: %q %v, whole %q %v", c.Name, mode, k, got, err, whole, werr)
			}
			if mode == Strict && werr == nil {
				back, err := run(mustEncoder(t, c, Strict, ""), whole)
				var e *Error
				if err != nil && (!errors.As(err, &e) || e.Kind != Unrepresentable) {
					t.Fatalf("%s: re-encode %q: %v", c.Name, whole, err)
				}
				if err == nil {
					again, err := run(dec, back)
					if err != nil || !bytes.Equal(again, whole) {
						t.Fatalf("%s: %q -> % x -> %q %v", c.Name, whole, back, again, err)
					}
				}
			}
		}
	})
}

// FuzzEncode: no encoder panics, in any mode; any cut gives the whole-input
// output; a Replace encoder never fails.
func FuzzEncode(f *testing.F) {
	for _, s := range []string{"", "日本語", "\ue5e5\U0001F600", "か゚", "~{", "\xff\xe3\x81"} {
		f.Add(uint8(0), s, uint16(1))
	}
	for _, s := range []string{"中文們乂亍\n碁𠀀 a\x0e", "乂乂啊們\r\n們", "\U00020000\U0002A6D6 繁體"} {
		f.Add(uint8(codecIndex(EUCTW)), s, uint16(2))
		f.Add(uint8(codecIndex(ISO2022CN)), s, uint16(4))
	}
	f.Fuzz(func(t *testing.T, which uint8, in string, cut uint16) {
		if len(in) > 4096 {
			return
		}
		c := Codecs[int(which)%len(Codecs)]
		for _, mode := range []Mode{Strict, Replace, HTML, Skip} {
			enc := mustEncoder(t, c, mode, "")
			whole, werr := run(enc, []byte(in))
			if mode != Strict && werr != nil {
				t.Fatalf("%s mode %d: %v", c.Name, mode, werr)
			}
			k := int(cut) % (len(in) + 1)
			got, err := chunked(enc, []byte(in), []int{k}, 1+int(cut)%9)
			if !bytes.Equal(got, whole) || fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Fatalf("%s mode %d cut %d: % x %v, whole % x %v", c.Name, mode, k, got, err, whole, werr)
			}
		}
	})
}

// FuzzDecodeVsReference holds the Encoding Standard's decoders to the
// literal transcription of its algorithms on arbitrary input, in Strict and
// Replace mode.
func FuzzDecodeVsReference(f *testing.F) {
	for _, s := range []string{"\x81\x30\x81\x41", "\x1b$B\x1b(B", "\x8f\xa1A", "\x88\x62\x88", "\xf0\x40\x81"} {
		f.Add(uint8(0), s)
	}
	r := loadRef(f)
	f.Fuzz(func(t *testing.T, which uint8, in string) {
		if len(in) > 1024 {
			return
		}
		c := whatwgCodecs[int(which)%len(whatwgCodecs)]
		checkDecode(t, c, r.decoderFor(c), []byte(in))
	})
}

// FuzzEncodeVsReference holds the stateless encoders of the Encoding
// Standard to its encoder algorithm, character by character, in Strict and
// HTML mode (where the standard defines the output of an error exactly).
func FuzzEncodeVsReference(f *testing.F) {
	for _, s := range []string{"日本語", "\ue5e5€\U0001F600", "\u00a5\u203e\u2212ｶ", "\u2550\u5341", "\ue78d\ufe10"} {
		f.Add(uint8(0), s)
	}
	r := loadRef(f)
	stateless := []*Codec{ShiftJIS, EUCJP, GB18030, GBK, Big5, EUCKR}
	f.Fuzz(func(t *testing.T, which uint8, in string) {
		if len(in) > 1024 || !utf8.ValidString(in) {
			return
		}
		c := stateless[int(which)%len(stateless)]
		var want, html []byte
		firstErr := -1
		for i, cp := range in {
			b := r.encodeOne(c, int(cp))
			if b == nil {
				if firstErr < 0 {
					firstErr = i
				}
				html = append(html, fmt.Sprintf("&#%d;", cp)...)
				continue
			}
			if firstErr < 0 {
				want = append(want, b...)
			}
			html = append(html, b...)
		}
		got, err := run(mustEncoder(t, c, Strict, ""), []byte(in))
		var e *Error
		if firstErr < 0 && (err != nil || !bytes.Equal(got, want)) ||
			firstErr >= 0 && (!errors.As(err, &e) || e.Offset != int64(firstErr) || !bytes.Equal(got, want)) {
			t.Fatalf("%s strict encode %+q: % x %v; reference % x, first error at %d", c.Name, in, got, err, want, firstErr)
		}
		got, err = run(mustEncoder(t, c, HTML, ""), []byte(in))
		if err != nil || !bytes.Equal(got, html) {
			t.Fatalf("%s HTML encode %+q: % x %v; reference % x", c.Name, in, got, err, html)
		}
	})
}

// FuzzISO2022JPEncodeVsReference holds the ISO-2022-JP encoder, with its
// shift states, to the standard's algorithm in Strict and HTML mode.
func FuzzISO2022JPEncodeVsReference(f *testing.F) {
	for _, s := range []string{"日本語 abc ｶﾀｶﾅ", "\u00a5\\~\u203e", "日é\x1b日", "\u2212\x0e"} {
		f.Add(s)
	}
	r := loadRef(f)
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 1024 || !utf8.ValidString(in) {
			return
		}
		checkISO2022JPEncode(t, r, in)
	})
}

func checkISO2022JPEncode(t *testing.T, r *refTable, in string) {
	t.Helper()
	runes := []rune(in)
	want, firstErr := r.iso2022JPEncode(runes, false)
	got, err := run(mustEncoder(t, ISO2022JP, Strict, ""), []byte(in))
	var e *Error
	if firstErr < 0 && (err != nil || !bytes.Equal(got, want)) {
		t.Fatalf("strict encode %+q: % x %v; reference % x", in, got, err, want)
	}
	if firstErr >= 0 {
		// The output up to the error; the reference stops at the same
		// point, after any return to ASCII the standard writes first.
		if !errors.As(err, &e) || e.Offset != int64(len(string(runes[:firstErr]))) || !bytes.Equal(got, want) {
			t.Fatalf("strict encode %+q: % x %v; reference % x, first error at rune %d", in, got, err, want, firstErr)
		}
	}
	html, _ := r.iso2022JPEncode(runes, true)
	got, err = run(mustEncoder(t, ISO2022JP, HTML, ""), []byte(in))
	if err != nil || !bytes.Equal(got, html) {
		t.Fatalf("HTML encode %+q: % x %v; reference % x", in, got, err, html)
	}
}

// codecIndex is c's index in Codecs, for the fuzz targets' seeds.
func codecIndex(c *Codec) int {
	for i, x := range Codecs {
		if x == c {
			return i
		}
	}
	panic("codec not listed: " + c.Name)
}
