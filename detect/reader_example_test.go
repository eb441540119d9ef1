package detect_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/utf8x/utf8x/detect"
)

// A page in Windows-1251 that says so in a <meta>: the Reader follows the
// declaration (it asked for them) and hands on the text as UTF-8.
func ExampleNewReader() {
	page := "<html><head><meta charset=\"windows-1251\"></head><body>\xcf\xf0\xe8\xe2\xe5\xf2</body></html>"
	r, err := detect.NewReader(strings.NewReader(page), &detect.ReaderOptions{Declared: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := io.ReadAll(r)
	d := r.Decision()
	fmt.Println(d.Encoding, d.By)
	fmt.Println(string(text))
	// Output:
	// windows-1251 declared
	// <html><head><meta charset="windows-1251"></head><body>Привет</body></html>
}

// UTF-16 with a byte order mark: the mark decides and is not passed on.
func ExampleNewReader_bom() {
	in := "\xff\xfeh\x00i\x00!\x00"
	r, _ := detect.NewReader(strings.NewReader(in), nil)
	text, _ := io.ReadAll(r)
	fmt.Printf("%s %v %q\n", r.Decision().Encoding, r.Decision().By, text)
	// Output: utf-16le bom "hi!"
}

// Detect, then decode: Lookup takes every name the detector answers with.
func ExampleLookup() {
	in := []byte("\xc2\xf7\xe5\xf0\xe0 \xe2\xe5\xf7\xe5\xf0\xee\xec \xec\xfb \xe4\xee\xeb\xe3\xee \xe3\xf3\xeb\xff\xeb\xe8 \xef\xee \xed\xe0\xe1\xe5\xf0\xe5\xe6\xed\xee\xe9.")
	best, _ := detect.Detect(in, nil).Best()
	enc, err := detect.Lookup(best.Encoding)
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := enc.NewDecoder().Bytes(in)
	fmt.Println(best.Encoding, string(text))
	// Output: windows-1251 Вчера вечером мы долго гуляли по набережной.
}
