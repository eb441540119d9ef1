package transcode_test

import (
	"fmt"

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
