package transcode_test

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf16"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

func ExampleLookup() {
	for _, label := range []string{"utf8", " Latin1 ", "UTF-16", "windows-1252"} {
		e, err := transcode.Lookup(label)
		if err != nil {
			panic(err)
		}
		fmt.Println(e.Name())
	}
	_, err := transcode.Lookup("ebcdic")
	fmt.Println(err != nil)
	// Output:
	// UTF-8
	// ISO-8859-1
	// UTF-16
	// Windows-1252
	// true
}

func ExampleNewConverter() {
	// UTF-16 with a little-endian signature, holding a lone high surrogate.
	src := "\xFF\xFEh\x00i\x00\x00\xD8!\x00"
	c := transcode.NewConverter(transcode.UTF16, transcode.UTF8, utf8x.Replace, utf8x.BOMStrip)
	s, _, err := transform.String(c, src)
	fmt.Printf("%+q %v\n", s, err)
	fmt.Println(c.Source().Name(), c.Fixed(), c.Offset())
	// Output:
	// "hi\ufffd!" <nil>
	// UTF-16LE 1 10
}

func ExampleAppendUTF8ToUTF16LE() {
	b, err := transcode.AppendUTF8ToUTF16LE(nil, []byte("a€😀"))
	fmt.Printf("% X %v\n", b, err)
	_, err = transcode.AppendUTF8ToUTF16LE(nil, []byte("a\xC0"))
	fmt.Println(err)
	// Output:
	// 61 00 AC 20 3D D8 00 DE <nil>
	// invalid UTF-8 at byte 1: overlong (C0)
}

func ExampleWTF8() {
	// A Windows file name may hold a lone surrogate, which UTF-8 cannot carry
	// and WTF-8 can.
	name := []uint16{'a', 0xD800, 'b'}
	w := transcode.AppendUTF16ToWTF8(nil, name)
	fmt.Printf("% X\n", w)
	back, err := transcode.AppendWTF8ToUTF16(nil, w)
	fmt.Printf("%X %v\n", back, err)
	_, err = transcode.NewConverter(transcode.WTF8, transcode.UTF8, utf8x.Strict, utf8x.BOMKeep).Append(nil, w)
	fmt.Println(err)
	u, _ := transcode.NewConverter(transcode.WTF8, transcode.UTF8, utf8x.Replace, utf8x.BOMKeep).Append(nil, w)
	fmt.Printf("%+q\n", u)
	// Output:
	// 61 ED A0 80 62
	// [61 D800 62] <nil>
	// U+D800 at byte 1 cannot be represented in UTF-8
	// "a\ufffdb"
}

// The legacy encodings go both ways; what the target lacks goes by the
// policy, here as HTML character references.
func ExampleLookup_legacy() {
	e, err := transcode.Lookup("cp1251")
	if err != nil {
		panic(err)
	}
	out, err := e.AppendEncode(nil, []byte("Привет"))
	fmt.Printf("% X %v\n", out, err)
	_, err = e.AppendEncode(nil, []byte("Привет, café"))
	fmt.Println(err)
	out, _ = e.WithPolicy(utf8x.HTML).AppendEncode(nil, []byte("café"))
	fmt.Printf("%s\n", out)
	_, err = transcode.Lookup("cp1215")
	fmt.Println(err)
	// Output:
	// CF F0 E8 E2 E5 F2 <nil>
	// U+00E9 at byte 17 cannot be represented in Windows-1251
	// caf&#233;
	// unknown encoding "cp1215" (did you mean cp1125, cp1251, cp1255?)
}

// Unmarked UTF-16 read as the standards say (big-endian) or as WHATWG says
// (little-endian); a byte order mark decides whatever the option.
func ExampleEncoding_WithByteOrder() {
	in := []byte{0x00, 'h', 0x00, 'i'}
	be, _ := transcode.UTF16.WithByteOrder(transcode.BigEndian).AppendDecode(nil, in)
	le, _ := transcode.UTF16.WithByteOrder(transcode.LittleEndian).AppendDecode(nil, in)
	fmt.Printf("%q %q\n", be, le)
	// Output:
	// "hi" "栀椀"
}

// The policy decides what happens to input that is not valid in the source
// and to characters the target cannot hold: Strict (the default) stops with
// an error, the others repair and go on.
func ExampleEncoding_WithPolicy() {
	in := []byte("5 \xE2\x82\xAC caf\xC3\xA9\xFF") // UTF-8: € has no Latin-1 byte, FF is ill-formed
	_, err := transcode.Latin1.AppendEncode(nil, in)
	fmt.Println(err)
	// Replace writes "?" where the target has no U+FFFD.
	for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.ReplaceWith("*"), utf8x.Skip, utf8x.HTML} {
		out, err := transcode.Latin1.WithPolicy(p).AppendEncode(nil, in)
		fmt.Printf("%-9v % X %v\n", p, out, err)
	}
	// Decoding: a lone surrogate in UTF-16LE.
	s, err := transcode.UTF16LE.WithPolicy(utf8x.Replace).AppendDecode(nil, []byte{'o', 0, 'k', 0, 0x00, 0xD8})
	fmt.Printf("%+q %v\n", s, err)
	// Output:
	// U+20AC at byte 2 cannot be represented in ISO-8859-1
	// replace   35 20 3F 20 63 61 66 E9 3F <nil>
	// replace=* 35 20 2A 20 63 61 66 E9 2A <nil>
	// skip      35 20 20 63 61 66 E9 <nil>
	// html      35 20 26 23 38 33 36 34 3B 20 63 61 66 E9 3F <nil>
	// "ok\ufffd" <nil>
}

// The byte order mark policy: BOMAdd writes a mark (in the target's byte
// order) when the input has none, BOMStrip removes one, BOMKeep, the default,
// converts it as the character U+FEFF it is.
func ExampleEncoding_WithBOM() {
	out, _ := transcode.UTF16LE.WithBOM(utf8x.BOMAdd).AppendEncode(nil, []byte("hi"))
	fmt.Printf("% X\n", out)
	marked := []byte("\xEF\xBB\xBFhi")
	kept, _ := transcode.UTF8.AppendDecode(nil, marked)
	stripped, _ := transcode.UTF8.WithBOM(utf8x.BOMStrip).AppendDecode(nil, marked)
	fmt.Printf("%+q %+q\n", kept, stripped)
	// UTF-16 with a mark: the mark says the order, and BOMStrip drops it.
	s, _ := transcode.UTF16.WithBOM(utf8x.BOMStrip).AppendDecode(nil, []byte{0xFE, 0xFF, 0, 'h', 0, 'i'})
	fmt.Printf("%q\n", s)
	// Output:
	// FF FE 68 00 69 00
	// "\ufeffhi" "hi"
	// "hi"
}

// Sorting UTF-16 in code point order, the order UTF-8's bytes sort in.
func ExampleCompareUTF16() {
	private := utf16.Encode([]rune("\uE000")) // a private-use character, E000
	emoji := utf16.Encode([]rune("😀"))        // U+1F600, D83D DE00
	fmt.Println(slices.Compare(private, emoji), transcode.CompareUTF16(private, emoji))
	fmt.Println(strings.Compare("\uE000", "😀")) // UTF-8's bytes
	// Output:
	// 1 -1
	// -1
}
