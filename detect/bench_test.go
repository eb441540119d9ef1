package detect

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

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
	utf8Text := whole(benchInput(b, "Grüße aus Köln, привет, 世界. ", same), 1<<20)
	w1251 := benchInput(b, "Вчера вечером мы долго гуляли по набережной и разговаривали. ", cp1251)
	w1252 := benchInput(b, "Le garçon a mangé une crème brûlée près de la fenêtre. ", cp1252)
	sj := benchInput(b, "今日は天気がとても良いので、公園で散歩しました。", sjis)
	u16 := benchInput(b, "Grüße aus Köln, привет, 世界. ", func(p []byte) []byte { return utf16Bytes(string(p), false) })
	u32 := benchInput(b, "Grüße aus Köln, привет, 世界. ", func(p []byte) []byte { return utf32Bytes(string(p), true) })
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
		{"utf16le-1MiB", u16, nil},
		{"utf16le-1MiB-all", u16, &Options{Limit: -1}},
		{"utf32be-1MiB", u32, nil},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) { median(b, len(c.in), func() { Detect(c.in, c.o) }) })
	}
	b.Run("valid-utf8-1MiB", func(b *testing.B) {
		b.SetBytes(int64(len(utf8Text)))
		for i := 0; i < b.N; i++ {
			utf8x.Valid(utf8Text)
		}
	})
}

// feed writes in to a new Detector in chunks of n bytes.
func feed(in []byte, n int, o *Options) Result {
	return feedTo(New(o), in, n)
}

// feedTo writes in to d in chunks of n bytes.
func feedTo(d *Detector, in []byte, n int) Result {
	for len(in) > 0 {
		k := min(n, len(in))
		d.Write(in[:k])
		in = in[k:]
	}
	return d.Result()
}

// yardstick is a function f is timed beside (see paired), and the name of
// the metric its ratio is reported as.
type yardstick struct {
	metric string
	f      func()
}

// paired times base and f, once each per iteration, and reports the
// median over iterations of base's time over f's ("x-Valid" when base is
// the validator: f's throughput as a fraction of base's), and f's median
// throughput. On a loaded machine the two calls of one iteration share
// whatever the load is, so the ratio holds where single timings do not.
// ns/op and MB/s count all the calls.
func paired(b *testing.B, n int, base, f func()) {
	pairedWith(b, n, f, yardstick{"x-Valid", base})
}

// pairedWith is paired with several yardsticks, each timed in every
// iteration beside f and reported as its own metric. The order of the
// calls rotates from one iteration to the next: the later ones find the
// input warmer in the caches.
func pairedWith(b *testing.B, n int, f func(), bases ...yardstick) {
	b.SetBytes(int64(n))
	b.ReportAllocs()
	fs := append([]func(){f}, make([]func(), len(bases))...)
	for j, y := range bases {
		fs[j+1] = y.f
	}
	ratios := make([][]float64, len(bases))
	for j := range ratios {
		ratios[j] = make([]float64, 0, b.N)
	}
	times := make([]float64, 0, b.N)
	took := make([]float64, len(fs))
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		for k := range fs {
			j := (i + k) % len(fs)
			fs[j]()
			t1 := time.Now()
			took[j] = float64(t1.Sub(t0))
			t0 = t1
		}
		for j := range bases {
			ratios[j] = append(ratios[j], took[j+1]/took[0])
		}
		times = append(times, took[0])
	}
	for j, y := range bases {
		slices.Sort(ratios[j])
		b.ReportMetric(ratios[j][len(ratios[j])/2], y.metric)
	}
	slices.Sort(times)
	b.ReportMetric(float64(n)/times[len(times)/2]*1e3, "MB/s-median")
}

// validChunks validates p as it would arrive in writes of n bytes, the
// yardstick "x-ValidChunks" of the stream cases: Valid on the whole
// characters of each chunk (from the first that starts in it to the last
// that ends in it). It pays the per-call costs a validator fed by the same
// writes pays, and none of its work on the characters the writes cut: it
// is if anything faster than a real streaming validator. (Valid on the
// chunks as they are would be no yardstick: a chunk that starts inside a
// character is invalid from its first byte on, and Valid stops there.)
func validChunks(p []byte, n int) func() {
	var chunks [][]byte
	for at := 0; at < len(p); at += n {
		chunks = append(chunks, wholeChars(p[at:min(at+n, len(p))]))
	}
	return func() {
		for _, q := range chunks {
			utf8x.Valid(q)
		}
	}
}

// validChunksKept is validChunks that also copies the first DefaultLimit
// bytes aside, as any detector fed by writes must (an io.Writer may not
// keep the caller's bytes, and the statistics need the prefix if a later
// byte proves the input is not UTF-8): the yardstick "x-ValidChunksKept",
// the least work a streaming detector can do. Where the whole stream is
// prefix and Valid runs faster than a copy (ASCII), the copy is most of it.
func validChunksKept(p []byte, n int) func() {
	valid := validChunks(p, n)
	kept := make([]byte, DefaultLimit)
	return func() {
		for at := 0; at < min(len(p), DefaultLimit); at += n {
			copy(kept[at:], p[at:min(at+n, len(p))])
		}
		valid()
	}
}

// wholeChars is q without the bytes of characters that begin before it or
// end after it (q comes from valid UTF-8).
func wholeChars(q []byte) []byte {
	from := 0
	for from < len(q) && from < 3 && q[from]&0xC0 == 0x80 {
		from++
	}
	return q[from:max(from, completeLen(q))]
}

// BenchmarkUTF8Verdict sets the UTF-8 verdict beside utf8x.Valid on the same
// bytes (see paired; the goal is at least 0.9). Inputs: 1 MiB of valid UTF-8
// text (mixed scripts, and mostly ASCII with one accented letter, where
// counting the non-ASCII characters cannot stop early), through the slice
// API, the chunked Detector (4 KiB and 64 KiB chunks, a new Detector each
// time or one Detector Reset) and DetectReader, each with Limit -1 ("all")
// and with the default limit ("default": 64 KiB examined, compared with
// Valid on all 1 MiB; "mostly-ascii", whose first 64 KiB are ASCII, is
// read on to its accented letter and examined from there, see Detect). The
// "64KiB" cases compare the default limit per byte examined: a 64 KiB
// input beside Valid on the same 64 KiB. "mostly-ascii" 64KiB is all ASCII
// (its one accented letter is further on).
//
// The yardsticks: "x-Valid" is Valid on the whole input, the figure to read
// for the slice cases. The reader cases compare with Valid on the same bytes
// read from a bytes.Reader, each read cut to its whole characters. The stream
// cases are set beside three: Valid on the whole input; Valid on the same
// chunks ("x-ValidChunks"), which pays the same per-call costs (on mostly
// ASCII text, 4 KiB is validated in about 30 ns); and that plus copying the
// first DefaultLimit bytes aside ("x-ValidChunksKept"). A detector fed by
// writes cannot avoid that copy, so x-ValidChunksKept is the like-for-like
// yardstick of the stream cases.
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
		valid := func() { utf8x.Valid(p) }
		scratch := make([]byte, DefaultLimit)
		// The reader cases are set beside validation read through the same
		// kind of reader: both copy every byte out of it. Each read is
		// validated on its whole characters (see validChunks: Valid on a
		// read that starts inside a character would stop at its first byte).
		validRead := func(p []byte) func() {
			return func() {
				r := bytes.NewReader(p)
				for {
					n, err := r.Read(scratch)
					utf8x.Valid(wholeChars(scratch[:n]))
					if err != nil {
						return
					}
				}
			}
		}
		d := New(nil) // reset for each input by the "reset" cases
		validSmall := func() { utf8x.Valid(small) }
		cases := []struct {
			name  string
			n     int
			base  func()
			f     func()
			chunk int // for the stream cases: also beside Valid on chunks of this size
		}{
			{"valid-itself-1MiB", len(p), valid, valid, 0}, // the method's own bias: 1.0
			{"slice-all-1MiB", len(p), valid, func() { Detect(p, all) }, 0},
			{"slice-default-1MiB", len(p), valid, func() { Detect(p, nil) }, 0},
			{"stream4KiB-all-1MiB", len(p), valid, func() { feed(p, 4<<10, all) }, 4 << 10},
			{"stream4KiB-reset-all-1MiB", len(p), valid, func() { d.Reset(all); feedTo(d, p, 4<<10) }, 4 << 10},
			{"stream64KiB-all-1MiB", len(p), valid, func() { feed(p, 64<<10, all) }, 64 << 10},
			{"stream64KiB-reset-all-1MiB", len(p), valid, func() { d.Reset(all); feedTo(d, p, 64<<10) }, 64 << 10},
			{"reader-all-1MiB", len(p), validRead(p), func() { DetectReader(bytes.NewReader(p), all) }, 0},
			{"slice-64KiB", len(small), validSmall, func() { Detect(small, nil) }, 0},
			{"stream4KiB-64KiB", len(small), validSmall, func() { feed(small, 4<<10, nil) }, 4 << 10},
			{"stream4KiB-reset-64KiB", len(small), validSmall, func() { d.Reset(nil); feedTo(d, small, 4<<10) }, 4 << 10},
			{"reader-64KiB", len(small), validRead(small), func() { DetectReader(bytes.NewReader(small), nil) }, 0},
		}
		for _, c := range cases {
			b.Run(in.name+"/"+c.name, func(b *testing.B) {
				if c.chunk == 0 {
					paired(b, c.n, c.base, c.f)
					return
				}
				src := p
				if c.n == len(small) {
					src = small
				}
				pairedWith(b, c.n, c.f, yardstick{"x-Valid", c.base}, yardstick{"x-ValidChunks", validChunks(src, c.chunk)},
					yardstick{"x-ValidChunksKept", validChunksKept(src, c.chunk)})
			})
		}
	}
	// A byte order mark in front: the verdict is then BOM, not structure.
	bom := append([]byte("\uFEFF"), mixed[:len(mixed)-3]...)
	bomSmall := whole(bom, DefaultLimit)
	if best, _ := Detect(bom, all).Best(); best.Evidence != BOM {
		b.Fatalf("bom: detected as %+v", best)
	}
	b.Run("bom/slice-all-1MiB", func(b *testing.B) {
		paired(b, len(bom), func() { utf8x.Valid(bom) }, func() { Detect(bom, all) })
	})
	b.Run("bom/slice-64KiB", func(b *testing.B) {
		paired(b, len(bomSmall), func() { utf8x.Valid(bomSmall) }, func() { Detect(bomSmall, nil) })
	})
}

// median runs f b.N times and reports its median throughput besides the
// mean that ns/op gives: a few iterations stalled by other processes move
// the mean, not the median.
func median(b *testing.B, n int, f func()) {
	b.SetBytes(int64(n))
	b.ReportAllocs()
	times := make([]float64, 0, b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		f()
		times = append(times, float64(time.Since(t0)))
	}
	slices.Sort(times)
	b.ReportMetric(float64(n)/times[len(times)/2]*1e3, "MB/s-median")
}

// BenchmarkLegacy measures the whole detection of 1 MiB legacy texts read
// in full (Limit -1): structure checks over every byte, the byte histogram
// the statistics need, and the statistics on their bounded window. The goal
// is at least 1 GB/s. "stats-4KiB" is a 4 KiB input, nearly all of it the
// fixed cost of the statistics; "histogram-1MiB" the byte counting alone.
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
		b.Run(c.name+"/slice-all-1MiB", func(b *testing.B) { median(b, len(p), func() { Detect(p, all) }) })
		b.Run(c.name+"/stream64KiB-all-1MiB", func(b *testing.B) { median(b, len(p), func() { feed(p, 64<<10, all) }) })
		b.Run(c.name+"/reader-all-1MiB", func(b *testing.B) {
			median(b, len(p), func() { DetectReader(bytes.NewReader(p), all) })
		})
		b.Run(c.name+"/stats-4KiB", func(b *testing.B) { median(b, 4096, func() { Detect(p[:4096], nil) }) })
	}
	p := benchInput(b, "Вчера вечером мы долго гуляли по набережной и разговаривали. ", cp1251)
	b.Run("histogram-1MiB", func(b *testing.B) {
		var h [256]int
		median(b, len(p), func() { addHist(&h, p) })
	})
}

// BenchmarkLegacyMarkup measures the whole detection (Limit -1) of 1 MiB
// of mostly-ASCII text with legacy-encoded prose in it, in each family of
// encodings: an HTML page (about 80% of the bytes markup) and a manual page
// in roff (about 60% requests and font escapes). The goal is at least
// 1 GB/s on mostly-ASCII text, in every encoding.
func BenchmarkLegacyMarkup(b *testing.B) {
	all := &Options{Limit: -1}
	enc := func(e encoding.Encoding) func([]byte) []byte {
		return func(p []byte) []byte {
			out, err := e.NewEncoder().Bytes(p)
			if err != nil {
				b.Fatal(err)
			}
			return out
		}
	}
	for _, c := range []struct {
		name, text string
		enc        func([]byte) []byte
	}{
		{"windows-1252", "Le garçon a mangé une crème brûlée près de la fenêtre.", cp1252},
		{"windows-1251", "Вчера вечером мы долго гуляли по набережной.", cp1251},
		{"windows-1253", "Χθες το βράδυ περπατήσαμε για πολύ στην προκυμαία.", enc(charmap.Windows1253)},
		{"windows-1255", "אתמול בערב טיילנו הרבה זמן לאורך הטיילת.", enc(charmap.Windows1255)},
		{"shift_jis", "今日は天気がとても良いので、公園で散歩しました。", sjis},
		{"euc-jp", "今日は天気がとても良いので、公園で散歩しました。", enc(japanese.EUCJP)},
		{"gbk", "今天天气很好，我们在公园里散步了很长时间。", enc(simplifiedchinese.GBK)},
		{"big5", "今天天氣很好，我們在公園裡散步了很長時間。", enc(traditionalchinese.Big5)},
		{"euc-kr", "오늘은 날씨가 아주 좋아서 공원에서 오래 산책했습니다.", enc(korean.EUCKR)},
	} {
		html := append(append([]byte(`<tr class="row"><td><a href="/wiki/Page_name?action=view&amp;id=12345" title="`),
			c.enc([]byte(c.text))...), []byte(`">link</a></td><td class="num">12,345</td><td><span style="color:#333">see also</span></td></tr>`+"\n")...)
		roff := append(append([]byte(".TP\n.BR \\-o \", \" \\-\\-output =\\fIfile\\fR\n"),
			c.enc([]byte(c.text))...), []byte("\n.IP \\(bu 2\n\\fBoption\\fP value\n")...)
		for _, in := range []struct {
			kind string
			unit []byte
		}{{"html", html}, {"man", roff}} {
			p := bytes.Repeat(in.unit, (1<<20)/len(in.unit)+1)[:1<<20]
			b.Run(c.name+"/"+in.kind+"-all-1MiB", func(b *testing.B) { median(b, len(p), func() { Detect(p, all) }) })
		}
	}
}
