package detect

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// Sentences written for these tests (not taken from any corpus or training text).
var sentences = []struct {
	lang, text string
	encs       []encoding.Encoding
	names      []string
}{
	{"ru", "Вчера вечером мы долго гуляли по набережной и разговаривали о будущем.", []encoding.Encoding{charmap.Windows1251, charmap.KOI8R, charmap.CodePage866, charmap.ISO8859_5}, []string{"windows-1251", "koi8-r", "ibm866", "iso-8859-5"}},
	{"fr", "Le garçon a mangé une crème brûlée près de la fenêtre, très content.", []encoding.Encoding{charmap.Windows1252}, []string{"windows-1252"}},
	{"de", "Die Bürger müssen für die Straßenbahn größere Beträge zahlen.", []encoding.Encoding{charmap.Windows1252}, []string{"windows-1252"}},
	{"cs", "Příliš žluťoučký kůň úpěl ďábelské ódy, řekl včera učitel.", []encoding.Encoding{charmap.Windows1250, charmap.ISO8859_2}, []string{"windows-1250", "iso-8859-2"}},
	{"pl", "Zażółć gęślą jaźń, powiedziała pani w sklepie obok dworca.", []encoding.Encoding{charmap.Windows1250, charmap.ISO8859_2}, []string{"windows-1250", "iso-8859-2"}},
	{"el", "Η γλώσσα μας είναι πολύ παλιά και έχει μεγάλη ιστορία στην Ευρώπη.", []encoding.Encoding{charmap.Windows1253}, []string{"windows-1253"}},
	{"tr", "Bugün hava çok güzel, dışarıda yürüyüş yapmak istiyorum şimdi.", []encoding.Encoding{charmap.Windows1254}, []string{"windows-1254"}},
	{"he", "השפה העברית נכתבת מימין לשמאל ויש בה עשרים ושתיים אותיות.", []encoding.Encoding{charmap.Windows1255}, []string{"windows-1255"}},
	{"ar", "اللغة العربية من أكثر اللغات انتشارا في العالم ولها تاريخ طويل.", []encoding.Encoding{charmap.Windows1256}, []string{"windows-1256"}},
	{"ja", "今日は天気がとても良いので、公園で友達と散歩しました。", []encoding.Encoding{japanese.ShiftJIS, japanese.EUCJP}, []string{"shift_jis", "euc-jp"}},
	{"zh-hans", "我们今天在学校学习了很多新的知识，老师非常高兴。", []encoding.Encoding{simplifiedchinese.GBK}, []string{"gb18030"}},
	{"zh-hant", "我們今天在學校學習了很多新的知識，老師非常高興。", []encoding.Encoding{traditionalchinese.Big5}, []string{"big5"}},
	{"ko", "오늘은 날씨가 좋아서 친구들과 함께 공원에 산책을 갔습니다.", []encoding.Encoding{korean.EUCKR}, []string{"euc-kr"}},
}

func TestLegacySentences(t *testing.T) {
	for _, s := range sentences {
		for i, e := range s.encs {
			b, err := e.NewEncoder().Bytes([]byte(s.text))
			if err != nil {
				t.Fatalf("%s in %s: %v", s.lang, s.names[i], err)
			}
			r := Detect(b, nil)
			best, ok := r.Best()
			if !ok {
				t.Errorf("%s in %s: abstained", s.lang, s.names[i])
				continue
			}
			if best.Encoding != s.names[i] && !contains(best.Equivalent, s.names[i]) {
				t.Errorf("%s in %s: got %s (%s, %.2f)", s.lang, s.names[i], best.Encoding, best.Language, best.Confidence)
			}
			if best.Evidence != Statistics {
				t.Errorf("%s in %s: evidence %v", s.lang, s.names[i], best.Evidence)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func utf16Bytes(s string, big bool) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			b = binary.BigEndian.AppendUint16(b, u)
		} else {
			b = binary.LittleEndian.AppendUint16(b, u)
		}
	}
	return b
}

func utf32Bytes(s string, big bool) []byte {
	var b []byte
	for _, r := range s {
		if big {
			b = binary.BigEndian.AppendUint32(b, uint32(r))
		} else {
			b = binary.LittleEndian.AppendUint32(b, uint32(r))
		}
	}
	return b
}

func TestStructure(t *testing.T) {
	text := "Grüße, мир! 😀 ok"
	cases := []struct {
		name string
		in   []byte
		enc  string
		ev   Evidence
	}{
		{"utf-8", []byte(text), "utf-8", Structure},
		{"utf-8 bom", []byte("\uFEFF" + text), "utf-8", BOM},
		{"utf-16le bom", append([]byte{0xFF, 0xFE}, utf16Bytes(text, false)...), "utf-16le", BOM},
		{"utf-16be bom", append([]byte{0xFE, 0xFF}, utf16Bytes(text, true)...), "utf-16be", BOM},
		{"utf-32le bom", append([]byte{0xFF, 0xFE, 0, 0}, utf32Bytes(text, false)...), "utf-32le", BOM},
		{"utf-32be bom", append([]byte{0, 0, 0xFE, 0xFF}, utf32Bytes(text, true)...), "utf-32be", BOM},
		{"utf-16le", utf16Bytes(text, false), "utf-16le", Structure},
		{"utf-16be", utf16Bytes(text, true), "utf-16be", Structure},
		{"utf-32le", utf32Bytes(text, false), "utf-32le", Structure},
		{"utf-32be", utf32Bytes(text, true), "utf-32be", Structure},
		{"ascii", []byte("plain text\n"), "us-ascii", Structure},
		{"iso-2022-jp", []byte("\x1b$B$3$s$K$A$O\x1b(B"), "iso-2022-jp", Structure},
	}
	for _, c := range cases {
		r := Detect(c.in, nil)
		best, ok := r.Best()
		if !ok || best.Encoding != c.enc || best.Evidence != c.ev {
			t.Errorf("%s: got %+v (ok %v), want %s by %v", c.name, best, ok, c.enc, c.ev)
		}
	}
}

// Valid UTF-8 with non-ASCII characters is UTF-8 even when a legacy reading
// would look like words (the mojibake case).
func TestUTF8NeverLegacy(t *testing.T) {
	for _, s := range []string{"Ã©tÃ©", "Ð¿Ñ€Ð¸Ð²ÐµÑ‚", "é"} {
		best, _ := Detect([]byte(s), nil).Best()
		if best.Encoding != "utf-8" {
			t.Errorf("%q: got %s", s, best.Encoding)
		}
	}
}

func TestLatin1IsWindows1252(t *testing.T) {
	b, _ := charmap.ISO8859_1.NewEncoder().Bytes([]byte("Le café est très chaud ce matin, déjà."))
	best, _ := Detect(b, nil).Best()
	if best.Encoding != "windows-1252" || !contains(best.Equivalent, "iso-8859-1") {
		t.Errorf("got %s %v, want windows-1252 with iso-8859-1 equivalent", best.Encoding, best.Equivalent)
	}
	b = append(b, 0x80) // € in windows-1252, a C1 control in ISO-8859-1
	best, _ = Detect(b, nil).Best()
	if best.Encoding != "windows-1252" || contains(best.Equivalent, "iso-8859-1") {
		t.Errorf("with byte 80: got %s %v, want windows-1252 without iso-8859-1", best.Encoding, best.Equivalent)
	}
}

func TestInvalidUTF8Truncated(t *testing.T) {
	// Ends inside a sequence: not UTF-8 when that is the real end ...
	in := []byte("caf\xc3")
	if best, _ := Detect(in, nil).Best(); best.Encoding == "utf-8" {
		t.Errorf("%q: got utf-8", in)
	}
	// ... but UTF-8 when the limit cut it.
	in = []byte("caf\xc3\xa9 ol\xc3\xa9")
	if best, _ := Detect(in, &Options{Limit: 4 + 3 + 3}).Best(); best.Encoding != "utf-8" {
		t.Errorf("%q cut by the limit: got %s", in, best.Encoding)
	}
}

func TestAbstain(t *testing.T) {
	b := []byte{0xE9}
	r := Detect(b, &Options{MinConfidence: 0.999})
	if !r.Abstained {
		t.Errorf("one byte E9 at 0.999: did not abstain: %+v", r.Candidates[0])
	}
	if _, ok := r.Best(); ok {
		t.Error("Best reported an answer after abstaining")
	}
}

func TestLimit(t *testing.T) {
	in := bytes.Repeat([]byte("abc "), 100)
	in = append(in, 0xE9)
	r := Detect(in, &Options{Limit: 64})
	if !r.Truncated || r.Examined != 64 {
		t.Errorf("Limit 64: examined %d truncated %v", r.Examined, r.Truncated)
	}
	if best, _ := r.Best(); best.Encoding != "us-ascii" {
		t.Errorf("Limit 64: got %s", best.Encoding)
	}
	r = Detect(in, &Options{Limit: -1})
	if r.Truncated || r.Examined != int64(len(in)) {
		t.Errorf("Limit -1: examined %d truncated %v", r.Examined, r.Truncated)
	}
}

func splitInputs() [][]byte {
	var ins [][]byte
	for _, s := range sentences {
		b, _ := s.encs[0].NewEncoder().Bytes([]byte(s.text))
		ins = append(ins, b[:min(len(b), 40)])
	}
	ins = append(ins, []byte("Grüße 😀"), []byte("ab\xe0\x80cd"), []byte("\xef\xbb\xbfx"),
		utf16Bytes("héllo", false), []byte("x\xf0\x9f\x98"), []byte("\xc3"), nil)
	return ins
}

// Feeding in chunks gives the same result at every split, under the default
// limit and under a limit that cuts the input.
func TestSplitInvariance(t *testing.T) {
	for _, in := range splitInputs() {
		for _, limit := range []int64{0, 7, -1} {
			o := &Options{Limit: limit}
			want := Detect(in, o)
			for i := 0; i <= len(in); i++ {
				for j := i; j <= len(in); j++ {
					if len(in) > 12 && j != i && j != len(in) && (i%5 != 0 || j%5 != 0) {
						continue // every split in two, a sample of splits in three
					}
					d := New(o)
					d.Write(in[:i])
					d.Write(in[i:j])
					d.Write(in[j:])
					if got := d.Result(); !reflect.DeepEqual(got, want) {
						t.Fatalf("%q limit %d split at %d,%d:\n got %+v\nwant %+v", in, limit, i, j, got, want)
					}
				}
			}
		}
	}
}

func TestConfidencesAreProbabilities(t *testing.T) {
	for _, in := range splitInputs() {
		sum := 0.0
		for _, c := range Detect(in, nil).Candidates {
			if c.Confidence < 0 || c.Confidence > 1 {
				t.Errorf("%q: %s confidence %v", in, c.Encoding, c.Confidence)
			}
			sum += c.Confidence
		}
		if sum > 1+1e-9 {
			t.Errorf("%q: confidences sum to %v", in, sum)
		}
	}
}

func FuzzDetect(f *testing.F) {
	for _, in := range splitInputs() {
		f.Add(in, uint16(len(in)/2))
	}
	// After an ASCII prefix, which is looked past.
	f.Add([]byte("caf\xe9 cr\xe8me\n"), uint16(0x8000|100))
	f.Add([]byte("\xe9"), uint16(0xc000))
	f.Add([]byte("Gr\xc3\xbc\xc3\x9fe\n\x00\x1b$B"), uint16(0x8000|0x7ff))
	lines := bytes.Repeat([]byte("plain ASCII line\n"), DefaultLimit/17+200)
	f.Fuzz(func(t *testing.T, in []byte, at uint16) {
		if len(in) > 4096 {
			in = in[:4096]
		}
		if at&0x8000 != 0 {
			// DefaultLimit bytes of ASCII and up to 2 KiB more before in,
			// lines or (0x4000) one line.
			pre := bytes.Clone(lines[:DefaultLimit+int(at&0x7ff)])
			if at&0x4000 != 0 {
				pre = bytes.ReplaceAll(pre, []byte("\n"), []byte(" "))
			}
			in = append(pre, in...)
			if got, err := DetectReader(iotest.HalfReader(bytes.NewReader(in)), nil); err != nil || !reflect.DeepEqual(got, Detect(in, nil)) {
				t.Fatalf("after %d ASCII bytes: DetectReader differs from Detect", len(pre))
			}
		}
		want := Detect(in, nil)
		i := int(at) % (len(in) + 1)
		d := New(nil)
		d.Write(in[:i])
		d.Write(in[i:])
		if got := d.Result(); !reflect.DeepEqual(got, want) {
			t.Fatalf("split at %d changed the result", i)
		}
		sum := 0.0
		for _, c := range want.Candidates {
			sum += c.Confidence
		}
		if sum > 1+1e-9 {
			t.Fatalf("confidences sum to %v", sum)
		}
	})
}

func TestDamagedUTF8(t *testing.T) {
	in := []byte("Grüße aus Köln, schöne Straße \xff und \xc3 Größe.")
	best, _ := Detect(in, nil).Best()
	if best.Encoding != "utf-8" || best.Evidence != Structure {
		t.Errorf("damaged UTF-8: got %+v", best)
	}
	// One valid-looking pair among legacy bytes is not enough.
	in, _ = charmap.Windows1252.NewEncoder().Bytes([]byte("Ã© est très différent à Noël"))
	if best, _ := Detect(in, nil).Best(); best.Encoding == "utf-8" {
		t.Errorf("legacy text with one valid pair: got utf-8")
	}
}

func TestDetectReaderMatchesDetect(t *testing.T) {
	in, _ := charmap.Windows1250.NewEncoder().Bytes(bytes.Repeat([]byte("Příliš žluťoučký kůň. "), 4000))
	for _, o := range []*Options{nil, {Limit: 100}, {Limit: -1}} {
		want := Detect(in, o)
		got, err := DetectReader(bytes.NewReader(in), o)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("options %+v: reader %+v (%v), slice %+v", o, got.Candidates[0], err, want.Candidates[0])
		}
	}
}

func TestLegacyEncodingLabels(t *testing.T) {
	for _, label := range []string{"windows-1251", "WINDOWS-1251", "CP932", "shift_jis", "iso-2022-jp", "GB18030"} {
		if LegacyEncoding(label) == nil {
			t.Errorf("LegacyEncoding(%q) = nil", label)
		}
	}
	for _, label := range []string{"utf-8", "nonsense", ""} {
		if LegacyEncoding(label) != nil {
			t.Errorf("LegacyEncoding(%q) is not nil", label)
		}
	}
	// The deprecated name gives the same.
	for _, label := range []string{"windows-1251", "CP932", "utf-8", "nonsense"} {
		if Decoder(label) != LegacyEncoding(label) { //nolint:staticcheck // the alias under test
			t.Errorf("Decoder(%q) = %v, LegacyEncoding %v", label, Decoder(label), LegacyEncoding(label)) //nolint:staticcheck
		}
	}
}

// TestLimitAllPrefixCutsCharacter: with Limit -1 the structural checks of a
// byte order mark or of UTF-16 look at the first DefaultLimit bytes, and the
// input goes on beyond them, so a character cut by the prefix's end is not an
// error. Each input below is built so that byte DefaultLimit falls inside a
// character; the answer must be the same as for the whole input read at once
// and for its first DefaultLimit+64 bytes under that limit.
func TestLimitAllPrefixCutsCharacter(t *testing.T) {
	u16 := func(s string, bom bool) []byte {
		var b []byte
		if bom {
			b = append(b, 0xFF, 0xFE)
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b = binary.LittleEndian.AppendUint16(b, u)
		}
		return b
	}
	cases := []struct {
		name     string
		in       []byte
		want     string
		evidence Evidence
	}{
		// 3 + 2k: byte 65536 is the second byte of an é.
		{"utf8-bom", append([]byte("\xef\xbb\xbf"), strings.Repeat("é", 40000)...), "utf-8", BOM},
		// 2 + 4k: byte 65536 is inside a surrogate pair.
		{"utf16le-bom", u16(strings.Repeat("😀", 20000), true), "utf-16le", BOM},
		// 6k: byte 65536 is inside a surrogate pair.
		{"utf16le", u16(strings.Repeat("a😀", 15000), false), "utf-16le", Structure},
	}
	for _, c := range cases {
		if DefaultLimit >= len(c.in) {
			t.Fatalf("%s: input of %d bytes does not pass the prefix", c.name, len(c.in))
		}
		check := func(how string, r Result) {
			t.Helper()
			best, ok := r.Best()
			if !ok || best.Encoding != c.want || best.Evidence != c.evidence {
				t.Errorf("%s, %s: got %s (%v, %.3f), want %s by %v", c.name, how,
					best.Encoding, best.Evidence, best.Confidence, c.want, c.evidence)
			}
		}
		all := &Options{Limit: -1}
		check("Detect, Limit -1", Detect(c.in, all))
		check("Detect, Limit prefix+64", Detect(c.in, &Options{Limit: DefaultLimit + 64}))
		d := New(all)
		for p := c.in; len(p) > 0; p = p[min(len(p), 4096):] {
			d.Write(p[:min(len(p), 4096)])
		}
		check("Detector in 4 KiB writes, Limit -1", d.Result())
		r, err := DetectReader(bytes.NewReader(c.in), all)
		if err != nil {
			t.Fatalf("%s: DetectReader: %v", c.name, err)
		}
		check("DetectReader, Limit -1", r)
	}
}

// costNote writes what fmt writes.
func TestCostNoteIsSprintf(t *testing.T) {
	for _, v := range [][2]float64{{0, 0}, {7.94, 1655.55}, {-0.04, math.Copysign(0, -1)}, {1e9, 0.05}, {math.Inf(1), math.NaN()}, {3.25, 12.75}} {
		want := fmt.Sprintf("%.1f bits per byte as %s, %.1f bits more than the best", v[0], "Russian", v[1])
		if got := costNote(v[0], "Russian", v[1]); got != want {
			t.Errorf("costNote(%v, %v) = %q, want %q", v[0], v[1], got, want)
		}
	}
}
