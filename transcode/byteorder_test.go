package transcode

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// guessTexts are texts of the kinds a BOM-less UTF-16 or UTF-32 file holds.
var guessTexts = []struct{ name, text string }{
	{"English", "Hello, world!\r\nThe quick brown fox jumps over the lazy dog.\r\n"},
	{"Latin", "Ça va? Grüße aus Köln, señor. Ærøskøbing. naïve café"},
	{"one letter", "A"},
	{"Chinese", "中文字符測試，這是一個用於測試字節順序的句子。"},
	{"Japanese", "日本語のテキストです。ひらがなとカタカナ。"},
	{"Korean", "한국어 텍스트입니다. 바이트 순서를 시험합니다."},
	{"one ideograph", "中"},
	{"Russian", "Привет, мир! Съешь же ещё этих мягких французских булок."},
	{"Greek", "Καλημέρα κόσμε"},
	{"Arabic", "مرحبا بالعالم"},
	{"Hindi", "नमस्ते दुनिया"},
	{"emoji", "😀🎉👍🏽🚀"},
	{"one emoji", "😀"},
	{"mixed", "Price: 42 € — 中文 and 😀 ok"},
	{"CSV", "id,name,city\r\n1,Zoë,Zürich\r\n2,李雷,北京\r\n"},
}

// TestGuessByteOrder: UTF-16 and UTF-32 without a signature are read in the
// byte order their text shows, whole and cut at every offset.
func TestGuessByteOrder(t *testing.T) {
	for _, tt := range guessTexts {
		for _, c := range []struct {
			e     Encoding
			order byteOrder
			enc   func(string, byteOrder) []byte
		}{
			{UTF16, binary.LittleEndian, refUTF16}, {UTF16, binary.BigEndian, refUTF16},
			{UTF32, binary.LittleEndian, refUTF32}, {UTF32, binary.BigEndian, refUTF32},
		} {
			in := c.enc(tt.text, c.order)
			got, err := c.e.AppendDecode(nil, in)
			if err != nil || string(got) != tt.text {
				t.Errorf("%s, %s in %v without a signature: %q, %v", tt.name, c.e, c.order, got, err)
				continue
			}
			checkStreamCuts(t, NewConverter(c.e, UTF8, utf8x.Strict, utf8x.BOMKeep), in)
		}
	}
}

// TestGuessByteOrderFallback: input that reads as well either way is
// little-endian, as iconv, Python and WHATWG read it.
func TestGuessByteOrderFallback(t *testing.T) {
	tests := []struct {
		e        Encoding
		in, want string
	}{
		{UTF16, "", ""},
		{UTF16, "\x00\x00", "\x00"},
		{UTF16, "\x60\x4F", "你"},                    // U+4F60 or U+604F: both ideographs
		{UTF16, "\x01\x02\x03\x04", "\u0201\u0403"}, // Latin extended or Cyrillic
		{UTF32, "", ""},
		{UTF32, "\x00\x01\x10\x00", "\U00100100"}, // U+100100 or U+11000: neither is text
	}
	for _, tt := range tests {
		got, err := tt.e.AppendDecode(nil, []byte(tt.in))
		if err != nil || string(got) != tt.want {
			t.Errorf("%s % X: %+q, %v; want %+q (little-endian)", tt.e, tt.in, got, err, tt.want)
		}
		checkStreamCuts(t, NewConverter(tt.e, UTF8, utf8x.Replace, utf8x.BOMKeep), []byte(tt.in))
	}
}

// TestGuessByteOrderExplicit: UTF-16BE, UTF-16LE, UTF-32BE and UTF-32LE read
// the order they name, whatever the text looks like, and a signature beats
// the guess.
func TestGuessByteOrderExplicit(t *testing.T) {
	text := "Hello, world"
	le := refUTF16(text, binary.LittleEndian)
	var units []uint16
	for i := 0; i < len(le); i += 2 {
		units = append(units, binary.BigEndian.Uint16(le[i:]))
	}
	swapped := string(utf16.Decode(units))
	if got, err := UTF16BE.AppendDecode(nil, le); err != nil || string(got) != swapped {
		t.Errorf("UTF-16BE of little-endian text: %q, %v; want %q", got, err, swapped)
	}
	if got, err := UTF16LE.AppendDecode(nil, refUTF16(text, binary.BigEndian)); err != nil || string(got) != swapped {
		t.Errorf("UTF-16LE of big-endian text: %q, %v; want %q", got, err, swapped)
	}
	le32 := refUTF32("AB", binary.LittleEndian)
	if _, err := UTF32BE.AppendDecode(nil, le32); err == nil {
		t.Errorf("UTF-32BE of little-endian text decoded without error")
	}
	// A big-endian signature before text that looks little-endian.
	got, err := UTF16.AppendDecode(nil, append([]byte{0xFE, 0xFF}, le...))
	if err != nil || string(got) != swapped {
		t.Errorf("UTF-16 with FE FF before little-endian text: %q, %v; want %q", got, err, swapped)
	}
}

// TestGuessByteOrderPrefix: only the first guessLen bytes decide, so a stream
// decides as soon as it has them and every split agrees with the slice.
func TestGuessByteOrderPrefix(t *testing.T) {
	head := refUTF16(strings.Repeat("latin ", guessLen/12+1), binary.LittleEndian)[:guessLen]
	tail := refUTF16(strings.Repeat("big-endian text ", 4), binary.BigEndian)
	in := append(bytes.Clone(head), tail...)
	want, err := UTF16LE.AppendDecode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := UTF16.AppendDecode(nil, in)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("UTF-16 of %d little-endian bytes then big-endian text: %q, %v; want it all little-endian", guessLen, got, err)
	}
	checkStreamCuts(t, NewConverter(UTF16, UTF8, utf8x.Replace, utf8x.BOMStrip), in)
	// The same the other way round, and in UTF-32.
	head = refUTF16(strings.Repeat("latin ", guessLen/12+1), binary.BigEndian)[:guessLen]
	tail = refUTF16("little", binary.LittleEndian)
	in = append(bytes.Clone(head), tail...)
	want, _ = UTF16BE.AppendDecode(nil, in)
	if got, err := UTF16.AppendDecode(nil, in); err != nil || !bytes.Equal(got, want) {
		t.Errorf("UTF-16 of %d big-endian bytes then little-endian text: %q, %v", guessLen, got, err)
	}
	in = append(refUTF32(strings.Repeat("ab", guessLen/8), binary.BigEndian), refUTF32("x", binary.LittleEndian)...)
	checkStreamCuts(t, NewConverter(UTF32, UTF8, utf8x.Replace, utf8x.BOMKeep), in)
	if got, _ := UTF32.WithPolicy(utf8x.Replace).AppendDecode(nil, in); string(got) != strings.Repeat("ab", guessLen/8)+"\uFFFD" {
		t.Errorf("UTF-32 of big-endian text then a little-endian x: %q", got)
	}
}

// TestConverterSource: a Converter tells which byte order it chose.
func TestConverterSource(t *testing.T) {
	tests := []struct {
		e    Encoding
		in   []byte
		want Encoding
	}{
		{UTF16, refUTF16("text", binary.BigEndian), UTF16BE},
		{UTF16, refUTF16("text", binary.LittleEndian), UTF16LE},
		{UTF16, append([]byte{0xFE, 0xFF}, refUTF16("text", binary.LittleEndian)...), UTF16BE},
		{UTF32, refUTF32("text", binary.BigEndian), UTF32BE},
		{UTF32, nil, UTF32LE},
		{UTF8, []byte("text"), UTF8},
	}
	for _, tt := range tests {
		c := NewConverter(tt.e, UTF8, utf8x.Replace, utf8x.BOMKeep)
		if got := c.Source(); got.Name() != tt.e.Name() {
			t.Errorf("%s before any input: Source() = %s", tt.e, got)
		}
		if _, err := c.Append(nil, tt.in); err != nil {
			t.Fatal(err)
		}
		if got := c.Source(); got.Name() != tt.want.Name() || got.Policy() != utf8x.Replace {
			t.Errorf("%s on % X: Source() = %s (%s), want %s", tt.e, tt.in, got, got.Policy(), tt.want)
		}
	}
}

// TestGuessByteOrderCorpus reads windows of every corpus text, in every
// script, as BOM-less UTF-16 and UTF-32 in both byte orders. A line or more
// (16 and 256 characters) must always come back as the text; two characters
// (a CJK word) can read as well either way, so of those only most must.
func TestGuessByteOrderCorpus(t *testing.T) {
	dir := corpusDir(t)
	texts := corpusTexts(dir)
	if len(texts) == 0 {
		t.Skip("corpus has no *.utf8.txt files")
	}
	step := 4096
	if testing.Short() {
		step = 32768
	}
	var words, wordsRight int
	for _, text := range texts {
		for at := 0; at < len(text); at += step {
			start := at
			for start < len(text) && !utf8.RuneStart(text[start]) {
				start++
			}
			window := []rune(string(text[start:min(len(text), start+guessLen)]))
			if len(window) > 0 && window[0] == 0xFEFF {
				window = window[1:] // it would read as a signature
			}
			for _, n := range []int{2, 16, 256} {
				if n > len(window) {
					continue
				}
				s := string(window[:n])
				for _, c := range []struct {
					e     Encoding
					order byteOrder
					enc   func(string, byteOrder) []byte
				}{
					{UTF16, binary.LittleEndian, refUTF16}, {UTF16, binary.BigEndian, refUTF16},
					{UTF32, binary.LittleEndian, refUTF32}, {UTF32, binary.BigEndian, refUTF32},
				} {
					got, err := c.e.AppendDecode(nil, c.enc(s, c.order))
					right := err == nil && string(got) == s
					if n == 2 {
						words++
						if right {
							wordsRight++
						}
					} else if !right {
						t.Errorf("%s in %v without a signature: %+q comes back as %+q, %v", c.e, c.order, s, got, err)
					}
				}
			}
		}
	}
	t.Logf("two-character windows read right: %d of %d", wordsRight, words)
	if wordsRight < words*9/10 {
		t.Errorf("two-character windows read right: only %d of %d", wordsRight, words)
	}
}
