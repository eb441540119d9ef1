package detect

import (
	"bytes"
	"strings"
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

func same(p []byte) []byte { return p }

// whole cuts valid UTF-8 p at the last character boundary within n bytes
// and pads it with spaces to n, so that no sequence is cut by the end.
func whole(p []byte, n int) []byte {
	q := append([]byte(nil), utf8x.Truncate(p, n)...)
	return append(q, bytes.Repeat([]byte(" "), n-len(q))...)
}

func cp1251(p []byte) []byte {
	out, _ := charmap.Windows1251.NewEncoder().Bytes(p)
	return out
}

func cp1252(p []byte) []byte {
	out, _ := charmap.Windows1252.NewEncoder().Bytes(p)
	return out
}

func sjis(p []byte) []byte {
	out, _ := japanese.ShiftJIS.NewEncoder().Bytes(p)
	return out
}

// BenchmarkDetect measures detection of 1 MiB inputs: by default only the
// first DefaultLimit bytes are examined, so the throughput is per MiB of
// input. "all" examines everything (Limit -1). BenchmarkValid is the UTF-8
// validator on the same bytes, the yardstick for the UTF-8 verdict.
func BenchmarkDetect(b *testing.B) {
	utf8Text := benchInput(b, "Grüße aus Köln, привет, 世界. ", same)
	w1251 := benchInput(b, "Вчера вечером мы долго гуляли по набережной и разговаривали. ", cp1251)
	w1252 := benchInput(b, "Le garçon a mangé une crème brûlée près de la fenêtre. ", cp1252)
	sj := benchInput(b, "今日は天気がとても良いので、公園で散歩しました。", sjis)
	cases := []struct {
		name string
		in   []byte
		o    *Options
	}{
		{"utf8-1MiB", utf8Text, nil},
		{"utf8-1MiB-all", utf8Text, &Options{Limit: -1}},
		{"windows-1251-1MiB", w1251, nil},
		{"windows-1252-1MiB", w1252, nil},
		{"shift_jis-1MiB", sj, nil},
		{"windows-1251-4KiB", w1251[:4096], nil},
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

// feed writes in to a Detector in chunks of n bytes.
func feed(in []byte, n int, o *Options) Result {
	d := New(o)
	for len(in) > 0 {
		k := min(n, len(in))
		d.Write(in[:k])
		in = in[k:]
	}
	return d.Result()
}

// BenchmarkUTF8Verdict sets the UTF-8 verdict beside utf8x.Valid on the same
// bytes, in one run, so that their ratio is the figure to read (the goal is
// at least 0.9 of Valid's throughput). Inputs: 1 MiB of valid UTF-8 text
// (mixed scripts, and mostly ASCII with a rare accented letter, where
// counting the non-ASCII characters cannot stop early), through the slice
// API, the chunked Detector (4 KiB and 64 KiB chunks) and DetectReader,
// each with the default limit ("default": 64 KiB examined, throughput per
// byte of input) and with Limit -1 ("all"). "64KiB" inputs compare the
// default limit per byte examined: Detect of 64 KiB beside Valid of 64 KiB.
func BenchmarkUTF8Verdict(b *testing.B) {
	mixed := whole(benchInput(b, "Grüße aus Köln, привет, 世界. ", same), 1<<20)
	mostly := bytes.Repeat([]byte("The quick brown fox jumps over the lazy dog. "), (1<<20)/45+1)[:1<<20]
	copy(mostly[len(mostly)/2:], "é") // one non-ASCII character, in the middle
	all := &Options{Limit: -1}
	for _, in := range []struct {
		name string
		p    []byte
	}{{"mixed", mixed}, {"mostly-ascii", mostly}} {
		if best, _ := Detect(in.p, all).Best(); best.Encoding != "utf-8" || best.Evidence != Structure || !strings.HasPrefix(best.Note, "valid") {
			b.Fatalf("%s: detected as %+v", in.name, best)
		}
		p, small := in.p, whole(in.p, DefaultLimit)
		cases := []struct {
			name string
			n    int
			f    func()
		}{
			{"valid-1MiB", len(p), func() { utf8x.Valid(p) }},
			{"slice-all-1MiB", len(p), func() { Detect(p, all) }},
			{"slice-default-1MiB", len(p), func() { Detect(p, nil) }},
			{"stream4KiB-all-1MiB", len(p), func() { feed(p, 4<<10, all) }},
			{"stream64KiB-all-1MiB", len(p), func() { feed(p, 64<<10, all) }},
			{"reader-all-1MiB", len(p), func() { DetectReader(bytes.NewReader(p), all) }},
			{"valid-64KiB", len(small), func() { utf8x.Valid(small) }},
			{"slice-64KiB", len(small), func() { Detect(small, nil) }},
			{"stream4KiB-64KiB", len(small), func() { feed(small, 4<<10, nil) }},
		}
		for _, c := range cases {
			b.Run(in.name+"/"+c.name, func(b *testing.B) {
				b.SetBytes(int64(c.n))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					c.f()
				}
			})
		}
	}
}

// BenchmarkLegacy measures the whole detection of 1 MiB legacy texts read
// in full (Limit -1): structure checks over every byte, the byte histogram
// the statistics need, and the statistics on their bounded window. The goal
// is at least 1 GB/s. "4KiB" is the fixed cost of the statistics alone.
func BenchmarkLegacy(b *testing.B) {
	all := &Options{Limit: -1}
	for _, c := range []struct {
		name, text string
		enc        func([]byte) []byte
	}{
		{"windows-1251", "Вчера вечером мы долго гуляли по набережной и разговаривали. ", cp1251},
		{"windows-1252", "Le garçon a mangé une crème brûlée près de la fenêtre. ", cp1252},
		{"shift_jis", "今日は天気がとても良いので、公園で散歩しました。", sjis},
	} {
		p := benchInput(b, c.text, c.enc)
		b.Run(c.name+"/slice-all-1MiB", func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Detect(p, all)
			}
		})
		b.Run(c.name+"/stream64KiB-all-1MiB", func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			for i := 0; i < b.N; i++ {
				feed(p, 64<<10, all)
			}
		})
		b.Run(c.name+"/slice-4KiB", func(b *testing.B) {
			b.SetBytes(4096)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Detect(p[:4096], nil)
			}
		})
	}
}
