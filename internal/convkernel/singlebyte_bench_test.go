package convkernel_test

import (
	"github.com/utf8x/utf8x/internal/testsample"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/utf8x/utf8x/internal/convkernel"
)

// sbBenchText returns the corpus file's text in the encoding, the characters
// it lacks dropped, or built-in text when ../shared/corpus is absent.
func sbBenchText(b *testing.B, file, fallback string, cm *charmap.Charmap) (legacy, utf8 []byte) {
	text := strings.Repeat(fallback, 400_000/len(fallback))
	if data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "corpus", "wikipedia_mars", file)); err == nil {
		text = string(data)
	} else {
		b.Logf("../shared/corpus absent: benchmarking built-in text")
	}
	for _, r := range text {
		if c, ok := cm.EncodeRune(r); ok {
			legacy = append(legacy, c)
			utf8 = append(utf8, string(r)...)
		}
	}
	return legacy, utf8
}

// BenchmarkSingleByte converts Russian text in Windows-1251 and French text
// in Windows-1252 both ways with every kernel set and with x/text's charmap
// decoder and encoder. MB/s counts the input: legacy bytes to decode, UTF-8
// to encode. On a shared machine compare cpu-MB/s, the input over the
// thread's CPU time, rather than MB/s over the wall time.
func BenchmarkSingleByte(b *testing.B) {
	for _, tc := range []struct {
		name, file, fallback string
		cm                   *charmap.Charmap
	}{
		{"cp1251-ru", "russian.utf8.txt", "Съешь же ещё этих мягких французских булок, да выпей чаю. ", charmap.Windows1251},
		{"cp1252-fr", "french.utf8.txt", "Ça été déjà l'été, où l'on a vu « Mars » à l'œil nu. ", charmap.Windows1252},
	} {
		legacy, text := sbBenchText(b, tc.file, tc.fallback, tc.cm)
		var high [128]rune
		for i := range high {
			high[i] = tc.cm.DecodeByte(byte(0x80 + i))
		}
		conv, err := convkernel.NewSingleByte(&high)
		if err != nil {
			b.Fatal(err)
		}
		dst := make([]byte, 3*len(legacy)+len(text))
		for _, dir := range []string{"decode", "encode"} {
			src := legacy
			if dir == "encode" {
				src = text
			}
			b.Run(dir+"/"+tc.name+"/x-text", func(b *testing.B) {
				var t interface {
					Transform(dst, src []byte, atEOF bool) (int, int, error)
					Reset()
				}
				if dir == "decode" {
					t = tc.cm.NewDecoder()
				} else {
					t = tc.cm.NewEncoder()
				}
				b.SetBytes(int64(len(src)))
				cpuLoop(b, len(src), func() {
					t.Reset()
					if _, n, err := t.Transform(dst, src, true); err != nil || n != len(src) {
						b.Fatal(n, err)
					}
				})
			})
			for _, name := range convkernel.Kernels() {
				b.Run(dir+"/"+tc.name+"/"+name, func(b *testing.B) {
					testsample.Transcoding.Force(b, name)
					b.SetBytes(int64(len(src)))
					cpuLoop(b, len(src), func() {
						var n int
						if dir == "decode" {
							_, n = conv.Decode(dst, src)
						} else {
							_, n = conv.Encode(dst, src)
						}
						if n != len(src) {
							b.Fatal(n)
						}
					})
				})
			}
		}
	}
}

// cpuLoop runs f b.N times and reports, beside the wall time, the input
// bytes per microsecond of the thread's CPU time (cpu-MB/s): on a shared
// machine a thread waits for a core for much of its wall time. The thread
// is locked so that its clock counts f only.
func cpuLoop(b *testing.B, bytes int, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadTime()
	for b.Loop() {
		f()
	}
	if cpu := threadTime() - start; cpu > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/float64(cpu)*1e3, "cpu-MB/s")
	}
}
