package transcode

import (
	"strings"
	"testing"
)

// variantBenchTexts are 64 KiB of UTF-8 each: mostly ASCII with accented
// letters, CJK (3-byte characters), and text with a supplementary character
// (an emoji, 4 bytes) every 20 bytes or so, which CESU-8 and modified UTF-8
// write as a surrogate pair.
func variantBenchTexts() []struct{ name, text string } {
	fill := func(unit string) string {
		s := strings.Repeat(unit, 64<<10/len(unit)+1)
		for n := 64 << 10; ; n-- { // cut on a character boundary
			if s[n]&0xC0 != 0x80 {
				return s[:n]
			}
		}
	}
	return []struct{ name, text string }{
		{"latin", fill("Ce texte français a quelques lettres accentuées, à peu près une par mot. ")},
		{"cjk", fill("日本語の文章はほとんど三バイトの文字で書かれている。")},
		{"emoji", fill("ok 😀 then ü and 🚀 go ")},
	}
}

// BenchmarkVariants times the conversions between UTF-8 and the variant
// forms that differ from it beyond U+FFFF (CESU-8, modified UTF-8), and
// their validation, on valid text.
func BenchmarkVariants(b *testing.B) {
	for _, e := range []Encoding{CESU8, MUTF8, WTF8} {
		for _, in := range variantBenchTexts() {
			text := []byte(in.text)
			enc, err := e.AppendEncode(nil, text)
			if err != nil {
				b.Fatal(err)
			}
			dst := make([]byte, 0, 2*len(enc))
			b.Run(e.String()+"/encode/"+in.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					dst, _ = e.AppendEncode(dst[:0], text)
				}
			})
			b.Run(e.String()+"/decode/"+in.name, func(b *testing.B) {
				b.SetBytes(int64(len(enc)))
				for b.Loop() {
					dst, _ = e.AppendDecode(dst[:0], enc)
				}
			})
			b.Run(e.String()+"/valid/"+in.name, func(b *testing.B) {
				b.SetBytes(int64(len(enc)))
				for b.Loop() {
					if !e.Valid(enc) {
						b.Fatal("not valid")
					}
				}
			})
		}
	}
}
