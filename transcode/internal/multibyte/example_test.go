package multibyte_test

import (
	"errors"
	"fmt"

	"github.com/utf8x/utf8x/transcode/internal/multibyte"
	"golang.org/x/text/transform"
)

func Example() {
	c := multibyte.Lookup("shift_jis")

	// Decoding, replacing bad input per the Encoding Standard.
	s, _, _ := transform.String(c.NewDecoder(multibyte.Replace), "\x93\xfa\x96\x7b\xf0\x40\x81")
	fmt.Printf("%+q\n", s)

	// Decoding, stopping at the first error.
	_, _, err := transform.String(c.NewDecoder(multibyte.Strict), "ok\n\x93\xfa\xa0")
	var e *multibyte.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Line, e.Column, e.Len, e.Kind)
	}

	// Encoding, with numeric character references for what Shift_JIS lacks.
	enc, _ := c.NewEncoder(multibyte.HTML, "")
	b, _, _ := transform.String(enc, "日本€")
	fmt.Printf("% x\n", b)
	// Output:
	// "\u65e5\u672c\ue000\ufffd"
	// 5 2 3 1 ill-formed
	// 93 fa 96 7b 26 23 38 33 36 34 3b
}
