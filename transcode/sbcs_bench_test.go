package transcode

import (
	"bytes"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

// benchRussian is Russian prose with ASCII spaces and punctuation, in
// UTF-8 and in windows-1251.
var benchRussian = func() (pair [2][]byte) {
	text := []byte("Марс — четвёртая по удалённости от Солнца и седьмая по размерам планета Солнечной системы; масса планеты составляет 10,7 % массы Земли. Названа в честь Марса — древнеримского бога войны.\n")
	pair[0] = bytes.Repeat(text, 1<<20/len(text))
	pair[1], _ = charmap.Windows1251.NewEncoder().Bytes(pair[0])
	return pair
}()

func BenchmarkSingleByte(b *testing.B) {
	e, _ := Lookup("windows-1251")
	utf, cp := benchRussian[0], benchRussian[1]
	dst := make([]byte, 0, 2*len(utf))
	b.Run("decode/transcode", func(b *testing.B) {
		b.SetBytes(int64(len(cp)))
		for i := 0; i < b.N; i++ {
			e.AppendDecode(dst[:0], cp)
		}
	})
	b.Run("decode/x-text", func(b *testing.B) {
		b.SetBytes(int64(len(cp)))
		for i := 0; i < b.N; i++ {
			transform.Append(charmap.Windows1251.NewDecoder(), dst[:0], cp)
		}
	})
	b.Run("encode/transcode", func(b *testing.B) {
		b.SetBytes(int64(len(utf)))
		for i := 0; i < b.N; i++ {
			e.AppendEncode(dst[:0], utf)
		}
	})
	b.Run("encode/x-text", func(b *testing.B) {
		b.SetBytes(int64(len(utf)))
		for i := 0; i < b.N; i++ {
			transform.Append(charmap.Windows1251.NewEncoder(), dst[:0], utf)
		}
	})
}
