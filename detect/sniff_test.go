package detect

import (
	"bytes"
	"compress/gzip"
	"github.com/utf8x/utf8x/internal/sniff"
	"github.com/utf8x/utf8x/transcode"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// The structural cases of issue 23, each with the answer the issue asks
// for: valid UTF-8 is UTF-8 whatever controls it holds; NULs alone are no
// UTF-32; binary formats are binary; BOM-less UTF-16 and UTF-32 text is
// still recognised.
func TestSniffNamedCases(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat([]byte("some text to compress, line after line\n"), 200))
	zw.Close()
	rng := rand.New(rand.NewPCG(23, 1))
	noise := make([]byte, 3000)
	for i := range noise {
		noise[i] = byte(rng.IntN(256))
	}
	u16 := func(s string, big bool) []byte {
		e := xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)
		if big {
			e = xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM)
		}
		b, _ := e.NewEncoder().Bytes([]byte(s))
		return b
	}
	u32, _ := utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM).NewEncoder().Bytes([]byte(strings.Repeat("Grüße aus Köln\n", 20)))
	cyr := strings.Repeat("Привет, мир! Как дела? Всё хорошо, спасибо.\n", 10)
	for _, tc := range []struct {
		name string
		in   []byte
		want string
	}{
		{"hello NUL world", []byte("hello\x00world\n"), "us-ascii"},
		{"UTF-8 with NULs and controls", []byte("Grüße\x00 aus\x01 Köln\x00\n"), "utf-8"},
		{"64 KiB of NULs", make([]byte, 64<<10), "us-ascii"},
		{"NUL-separated ASCII records", bytes.Repeat([]byte("name=value\x00"), 100), "us-ascii"},
		{"gzip", gz.Bytes(), BinaryName},
		{"PNG", append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), noise...), BinaryName},
		{"GIF", append([]byte("GIF89a"), noise...), BinaryName},
		{"random bytes", noise, BinaryName},
		{"UTF-16LE Cyrillic", u16(cyr, false), "utf-16le"},
		{"UTF-16BE Cyrillic", u16(cyr, true), "utf-16be"},
		{"UTF-16LE Latin", u16(strings.Repeat("hello world, this is a test\n", 10), false), "utf-16le"},
		{"UTF-32LE", u32, "utf-32le"},
	} {
		r := Detect(tc.in, nil)
		if len(r.Candidates) == 0 || r.Candidates[0].Encoding != tc.want {
			got := "nothing"
			if len(r.Candidates) > 0 {
				got = r.Candidates[0].Encoding + " (" + r.Candidates[0].Note + ")"
			}
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
		// Sniff is the same judgement the tool's check hint uses.
		s := Sniff(tc.in, false)
		switch tc.want {
		case BinaryName:
			if s.Kind != Binary {
				t.Errorf("%s: Sniff %v (%s), want Binary", tc.name, s.Kind, s.What)
			}
		case "us-ascii", "utf-8":
			if s.Kind != Text {
				t.Errorf("%s: Sniff %v (%s), want Text", tc.name, s.Kind, s.What)
			}
		default:
			if s.Kind != Wide || s.Encoding != tc.want {
				t.Errorf("%s: Sniff %v %s, want Wide %s", tc.name, s.Kind, s.Encoding, tc.want)
			}
		}
	}
}

// Valid UTF-8 with NUL bytes and controls sprinkled in stays UTF-8, whatever
// the text and wherever they fall, as long as they are fewer than a tenth of
// the bytes (beyond that, UTF-16 text of one alphabet reads so).
func TestValidUTF8WithNULsStaysUTF8(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2))
	texts := []string{"plain ASCII text with words", "Grüße aus Köln und Zürich", "Привет, мир", "日本語のテキスト", "emoji 😀 here"}
	for i := 0; i < 2000; i++ {
		var b []byte
		n := 20 + rng.IntN(400)
		for len(b) < n {
			b = append(b, texts[rng.IntN(len(texts))]...)
			b = append(b, ' ')
			if rng.IntN(20) == 0 {
				b = append(b, byte(rng.IntN(32)))
			}
		}
		if sniff.Controls(b)+bytes.Count(b, []byte{0}) == 0 {
			b = append(b, 0)
		}
		if (sniff.Controls(b)+bytes.Count(b, []byte{0}))*10 >= len(b) {
			continue
		}
		r := Detect(b, nil)
		if c := r.Candidates[0].Encoding; c != "utf-8" && c != "us-ascii" {
			t.Fatalf("%q: %s (%s), want UTF-8", b, c, r.Candidates[0].Note)
		}
	}
}

// Long documents: legacy text with many lines of ASCII markup between the
// lines that carry the answer is answered the same at every prefix from
// 1 KiB to 256 KiB, whole-input detection included (issue 23: the answer
// turned into UTF-16, Big5 or GB18030 past about 10 KiB).
func TestLongMarkupDocumentsKeepTheirAnswer(t *testing.T) {
	markup := []string{
		`<div class="entry"><a href="https://example.org/path/to/page.html">link</a></div>`,
		`.TP` + "\n" + `.BR \-\-option " value"`,
		`<td align="right">1234</td><td>5678</td>`,
		`"id","name","value","2024-01-01"`,
	}
	for _, s := range sentences {
		for i, e := range s.encs {
			var doc []byte
			for k := 0; len(doc) < 256<<10; k++ {
				for j := 0; j < 6; j++ {
					doc = append(doc, markup[(k+j)%len(markup)]...)
					doc = append(doc, '\n')
				}
				line, err := e.NewEncoder().Bytes([]byte(s.text))
				if err != nil {
					t.Fatal(err)
				}
				doc = append(append(doc, line...), '\n')
			}
			for _, n := range []int{1 << 10, 4 << 10, 10423, 16 << 10, 64 << 10, 256 << 10} {
				p := doc[:n]
				if j := bytes.LastIndexByte(p, '\n'); j > 0 {
					p = p[:j+1]
				}
				for _, o := range []*Options{nil, {Limit: -1}} {
					best, ok := Detect(p, o).Best()
					if !ok || !sameDecoding(best.Encoding, s.names[i], p) {
						t.Errorf("%s in %s, %d bytes (limit %v): %s %.2f (%s)", s.lang, s.names[i], len(p), o != nil, best.Encoding, best.Confidence, best.Note)
					}
				}
			}
		}
	}
}

// sameDecoding reports whether the encodings a and b read p alike.
func sameDecoding(a, b string, p []byte) bool {
	if a == b {
		return true
	}
	da, db := LegacyEncoding(a), LegacyEncoding(b)
	if da == nil || db == nil {
		return false
	}
	x, err1 := da.NewDecoder().Bytes(p)
	y, err2 := db.NewDecoder().Bytes(p)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// Encodings that read an input alike are one answer named by the most used
// of them (issue 23: curly quotes were windows-1258, a Windows-1252
// sentence with “quotes”, € and – windows-1250), and the others are listed
// as equivalent.
func TestEquivalentNamedMostUsed(t *testing.T) {
	for _, in := range []string{
		"\x93quoted\x94",
		"He said \x93hello\x94 \x96 it costs \x80 5, that\x92s all.\n",
	} {
		r := Detect([]byte(in), nil)
		c := r.Candidates[0]
		if c.Encoding != "windows-1252" {
			t.Errorf("%q: named %s (equivalent %v), want windows-1252", in, c.Encoding, c.Equivalent)
		}
		if len(c.Equivalent) == 0 {
			t.Errorf("%q: no equivalents listed", in)
		}
	}
	// Language evidence still names its own encoding: Czech whose bytes
	// read differently in Windows-1252.
	cz, _ := charmap.Windows1250.NewEncoder().Bytes([]byte("Příliš žluťoučký kůň úpěl ďábelské ódy, řekl včera učitel.\n"))
	if c := Detect(cz, nil).Candidates[0]; c.Encoding != "windows-1250" {
		t.Errorf("Czech: %s, want windows-1250", c.Encoding)
	}
}

// The encodings issue 23 names that the statistics had no candidate for
// are detected: each paragraph, encoded into them, is read back as it was
// (the answer, or an encoding that decodes the bytes to the same text).
func TestEncodingsPeersName(t *testing.T) {
	ru := "Вчера вечером мы долго гуляли по набережной и разговаривали о будущем. Погода была тёплой, а над рекой медленно садилось солнце. Потом мы зашли в маленькое кафе, где пили чай с вареньем и слушали старую музыку."
	pl := "Wczoraj wieczorem długo spacerowaliśmy nad rzeką i rozmawialiśmy o przyszłości. Pogoda była ciepła, a słońce powoli zachodziło nad miastem. Potem poszliśmy do małej kawiarni, gdzie piliśmy herbatę."
	ro := "Ieri seară ne-am plimbat mult pe malul râului și am vorbit despre viitor. Vremea era caldă, iar soarele apunea încet deasupra orașului. Apoi am intrat într-o cafenea mică, unde am băut ceai și am ascultat muzică."
	lt := "Vakar vakare ilgai vaikščiojome upės krantine ir kalbėjomės apie ateitį. Oras buvo šiltas, o saulė lėtai leidosi virš miesto. Paskui užėjome į mažą kavinę, kur gėrėme arbatą ir klausėmės senos muzikos."
	ko := "어제 저녁 우리는 강변을 따라 오래 걸으며 미래에 대해 이야기했다. 날씨는 따뜻했고 해는 도시 위로 천천히 지고 있었다. 그 다음 우리는 작은 카페에 들어가 차를 마시며 오래된 음악을 들었다."
	vi := "Tối hôm qua chúng tôi đi dạo rất lâu dọc bờ sông và nói chuyện về tương lai. Thời tiết ấm áp, mặt trời lặn chậm trên thành phố. Sau đó chúng tôi vào một quán cà phê nhỏ, uống trà và nghe nhạc cũ."
	zhHant := "昨天晚上我們沿著河岸散步了很久，談論著未來。天氣很溫暖，太陽慢慢地落在城市的上空。後來我們走進一家小咖啡館，喝著茶，聽著古老的音樂。"
	eo := "Hieraŭ vespere ni longe promenis laŭ la rivero kaj parolis pri la estonteco. La vetero estis varma, kaj la suno malrapide subiris super la urbo. Poste ni eniris malgrandan kafejon, kie ni trinkis teon kaj aŭskultis ĉarman malnovan muzikon. Ĉiu ĝojis."
	is := "Í gærkvöldi gengum við lengi meðfram ánni og töluðum um framtíðina. Veðrið var hlýtt og sólin settist hægt yfir borginni. Síðan fórum við inn á lítið kaffihús þar sem við drukkum te og hlustuðum á gamla tónlist. Það var gott kvöld."
	ar := "مشينا مساء أمس طويلا على ضفة النهر وتحدثنا عن المستقبل. كان الطقس دافئا والشمس تغرب ببطء فوق المدينة. ثم دخلنا مقهى صغيرا حيث شربنا الشاي واستمعنا إلى موسيقى قديمة."
	for _, tc := range []struct {
		name string
		enc  encoding.Encoding
		text string
	}{
		{"x-mac-cyrillic", charmap.MacintoshCyrillic, ru},
		{"ibm855", charmap.CodePage855, ru},
		{"ibm852", charmap.CodePage852, pl},
		{"iso-8859-4", charmap.ISO8859_4, lt},
		{"iso-8859-6", charmap.ISO8859_6, ar},
		{"mac-centraleurope", lookupEnc(t, "mac-centraleurope"), pl},
		{"mac-centraleurope", lookupEnc(t, "mac-centraleurope"), lt},
		{"johab", lookupEnc(t, "johab"), ko},
		{"viscii", lookupEnc(t, "viscii"), vi},
		{"euc-tw", lookupEnc(t, "euc-tw"), zhHant},
		{"iso-8859-3", charmap.ISO8859_3, eo},
		{"windows-1252", charmap.Windows1252, is},
		{"iso-8859-10", charmap.ISO8859_10, is},
	} {
		b, err := tc.enc.NewEncoder().Bytes([]byte(tc.text))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		c := Detect(b, nil).Candidates[0]
		if d := LegacyEncoding(c.Encoding); d == nil || !decodesTo(d, b, tc.text) {
			t.Errorf("%s: %s (%s %.2f, %s)", tc.name, c.Encoding, c.Language, c.Confidence, c.Note)
		}
		// The languages ISO-8859-3 and the Nordic encodings were the only
		// carriers of are named, and confidently.
		for lang, text := range map[string]string{"eo": eo, "is": is} {
			if tc.text == text && (c.Language != lang || c.Confidence < 0.9) {
				t.Errorf("%s: %s in %s %.2f, want %s at 0.9 or more", tc.name, c.Encoding, c.Language, c.Confidence, lang)
			}
		}
	}
	// Romanian's ș and ț: ISO-8859-16 holds them on the bytes where
	// Windows-1250 and ISO-8859-2 hold ş and ţ, and no byte tells which was
	// meant: the answer names ISO-8859-16 (today's orthography, issue 23:
	// they silently became ş and ţ) and lists the others as equivalent.
	b, _ := charmap.ISO8859_16.NewEncoder().Bytes([]byte(ro))
	c := Detect(b, nil).Candidates[0]
	if d := LegacyEncoding(c.Encoding); c.Encoding != "iso-8859-16" || !decodesTo(d, b, ro) {
		t.Errorf("Romanian in ISO-8859-16: %s %.2f (equivalent %v)", c.Encoding, c.Confidence, c.Equivalent)
	}
	if !slices.Contains(c.Equivalent, "windows-1250") {
		t.Errorf("Romanian in ISO-8859-16: windows-1250 not listed as equivalent (%v)", c.Equivalent)
	}
}

// Escape-sequence encodings are named by structure: ISO-2022-KR by its
// designation and shifts, HZ-GB-2312 by "~{" and "~}" around GB2312 pairs;
// a tilde in plain ASCII is not HZ.
func TestEscapeEncodings(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"\x1b$)C\x0e\x47\x51\x31\x39\x0f and some ASCII\n", "iso-2022-kr"},
		{"~{UbJGR;8v2bJT#,NRCG=qLlQ'O0!#~}\nHello ~~ world\n", "hz-gb-2312"},
		{"a ~ b ~{ not hz\n", "us-ascii"},
		{"path ~/x and ~{}\n", "us-ascii"},
	} {
		if c := Detect([]byte(tc.in), nil).Candidates[0]; c.Encoding != tc.want {
			t.Errorf("%q: %s (%s), want %s", tc.in, c.Encoding, c.Note, tc.want)
		}
	}
	// ISO-2022-CN: the GB 2312 designation names simplified Chinese, the
	// CNS 11643 one traditional; what detect names decodes the text back.
	for _, tc := range []struct{ text, lang string }{
		{"这是一个测试，我们今天学习。\nSecond line in ASCII.\n", "zh-hans"},
		{"這是一個測試，我們今天學習。\n", "zh-hant"},
	} {
		b, err := lookupEnc(t, "iso-2022-cn").NewEncoder().Bytes([]byte(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		c := Detect(b, nil).Candidates[0]
		d, err := Lookup(c.Encoding)
		if c.Encoding != "iso-2022-cn" || c.Language != tc.lang || err != nil || !decodesTo(d, b, tc.text) {
			t.Errorf("ISO-2022-CN %q: %s %s (%s)", tc.text, c.Encoding, c.Language, c.Note)
		}
	}
	hz := "~{UbJGR;8v2bJT#,NRCG=qLlQ'O0!#~}"
	d := LegacyEncoding("hz-gb-2312")
	if d == nil || !decodesTo(d, []byte(hz), "这是一个测试，我们今天学习。") {
		t.Errorf("hz-gb-2312 does not decode")
	}
}

func decodesTo(d encoding.Encoding, b []byte, want string) bool {
	got, err := d.NewDecoder().Bytes(b)
	return err == nil && string(got) == want
}

// lookupEnc is transcode's encoding called name, for the encodings x/text
// lacks.
func lookupEnc(t *testing.T, name string) encoding.Encoding {
	t.Helper()
	e, err := transcode.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
