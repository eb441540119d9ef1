package multibyte

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

// benchText is mixed text of each script with some ASCII, about 64 KB once
// encoded; it is made by the x/text encoder so both sides read the same bytes.
func benchText(script string) string {
	var samples = map[string]string{
		"ja": "日本語の文章は、漢字と平仮名と片仮名を混ぜて書きます。東京都 2024年 ",
		"zh": "中文文本包含汉字和一些标点符号，例如这样的句子。北京市 2024年 ",
		"tw": "繁體中文的文本包含漢字與標點符號，例如這樣的句子。臺北市 2024年 ",
		"ko": "한국어 문장은 한글과 약간의 한자를 섞어서 씁니다. 서울특별시 2024년 ",
	}
	return strings.Repeat(samples[script], 640)
}

var benchCases = []struct {
	c      *Codec
	xt     encoding.Encoding
	script string
}{
	{ShiftJIS, japanese.ShiftJIS, "ja"},
	{EUCJP, japanese.EUCJP, "ja"},
	{ISO2022JP, japanese.ISO2022JP, "ja"},
	{GB18030, simplifiedchinese.GB18030, "zh"},
	{GBK, simplifiedchinese.GBK, "zh"},
	{Big5, traditionalchinese.Big5, "tw"},
	{EUCKR, korean.EUCKR, "ko"},
}

func benchTransform(b *testing.B, tr transform.Transformer, in []byte) {
	dst := make([]byte, 4*len(in)+64)
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tr.Reset()
		if _, _, err := tr.Transform(dst, in, true); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode compares each decoder with x/text's on the same bytes
// (SetBytes counts input bytes).
func BenchmarkDecode(b *testing.B) {
	for _, bc := range benchCases {
		text := benchText(bc.script)
		in, _, err := transform.String(bc.xt.NewEncoder(), text)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.c.Name+"/utf8x", func(b *testing.B) { benchTransform(b, bc.c.NewDecoder(Replace), []byte(in)) })
		b.Run(bc.c.Name+"/xtext", func(b *testing.B) { benchTransform(b, bc.xt.NewDecoder(), []byte(in)) })
	}
}

// BenchmarkEncode compares each encoder with x/text's (SetBytes counts UTF-8
// input bytes).
func BenchmarkEncode(b *testing.B) {
	for _, bc := range benchCases {
		in := []byte(benchText(bc.script))
		e, _ := bc.c.NewEncoder(Strict, "")
		b.Run(bc.c.Name+"/utf8x", func(b *testing.B) { benchTransform(b, e, in) })
		b.Run(bc.c.Name+"/xtext", func(b *testing.B) { benchTransform(b, bc.xt.NewEncoder(), in) })
	}
}
