package detect

import (
	"bytes"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"

	"github.com/utf8x/utf8x"
)

func benchInput(b *testing.B, s string, enc func([]byte) []byte) []byte {
	b.Helper()
	unit := enc([]byte(s))
	return bytes.Repeat(unit, (1<<20)/len(unit)+1)[:1<<20]
}

// BenchmarkDetect measures detection of 1 MiB inputs: by default only the
// first DefaultLimit bytes are examined, so the throughput is per MiB of
// input. "all" examines everything (Limit -1). BenchmarkValid is the UTF-8
// validator on the same bytes, the yardstick for the UTF-8 verdict.
func BenchmarkDetect(b *testing.B) {
	utf8Text := benchInput(b, "Grüße aus Köln, привет, 世界. ", func(p []byte) []byte { return p })
	cp1251 := benchInput(b, "Вчера вечером мы долго гуляли по набережной и разговаривали. ", func(p []byte) []byte {
		out, _ := charmap.Windows1251.NewEncoder().Bytes(p)
		return out
	})
	cp1252 := benchInput(b, "Le garçon a mangé une crème brûlée près de la fenêtre. ", func(p []byte) []byte {
		out, _ := charmap.Windows1252.NewEncoder().Bytes(p)
		return out
	})
	sjis := benchInput(b, "今日は天気がとても良いので、公園で散歩しました。", func(p []byte) []byte {
		out, _ := japanese.ShiftJIS.NewEncoder().Bytes(p)
		return out
	})
	cases := []struct {
		name string
		in   []byte
		o    *Options
	}{
		{"utf8-1MiB", utf8Text, nil},
		{"utf8-1MiB-all", utf8Text, &Options{Limit: -1}},
		{"windows-1251-1MiB", cp1251, nil},
		{"windows-1252-1MiB", cp1252, nil},
		{"shift_jis-1MiB", sjis, nil},
		{"windows-1251-4KiB", cp1251[:4096], nil},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.in)))
			for i := 0; i < b.N; i++ {
				Detect(c.in, c.o)
			}
		})
	}
	b.Run("valid-utf8-1MiB", func(b *testing.B) {
		b.SetBytes(int64(len(utf8Text)))
		for i := 0; i < b.N; i++ {
			utf8x.Valid(utf8Text)
		}
	})
}
