package detect_test

import (
	"fmt"

	"golang.org/x/text/encoding/charmap"

	"github.com/utf8x/utf8x/detect"
)

func ExampleDetect() {
	text, _ := charmap.Windows1251.NewEncoder().Bytes([]byte("Вчера вечером мы долго гуляли по набережной."))
	r := detect.Detect(text, &detect.Options{MinConfidence: 0.9})
	if best, ok := r.Best(); ok {
		fmt.Println(best.Encoding, best.Iconv, best.Evidence, best.Confidence > 0.9)
	}
	// Output: windows-1251 WINDOWS-1251 statistics true
}

func ExampleDetector() {
	d := detect.New(nil)
	d.Write([]byte("caf\xc3")) // a chunk may end inside a character
	d.Write([]byte("\xa9 cr\xc3\xa8me"))
	best, _ := d.Result().Best()
	fmt.Println(best.Encoding, best.Evidence)
	// Output: utf-8 structure
}

func ExampleDetector_Reset() {
	d := detect.New(nil)
	for _, chunks := range [][]string{
		{"plain ", "text\n"},
		{"Gr\xc3", "\xbc\xc3\x9fe\n"},
		{"\xff\xfeh\x00", "i\x00"},
	} {
		d.Reset(nil) // one buffer for every input
		for _, c := range chunks {
			d.Write([]byte(c))
		}
		best, _ := d.Result().Best()
		fmt.Println(best.Encoding, best.Evidence)
	}
	// Output:
	// us-ascii structure
	// utf-8 structure
	// utf-16le bom
}
