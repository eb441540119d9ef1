package utf8x_test

import (
	"errors"
	"fmt"

	"github.com/utf8x/utf8x"
)

func ExampleValidate() {
	err := utf8x.Validate([]byte("price: 10\xE2\x82"))
	var e *utf8x.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Len, e.Kind)
		fmt.Println(err)
	}
	// Output:
	// 9 2 truncated
	// invalid UTF-8 at byte 9: truncated (E2 82)
}

func ExampleDecodeRune() {
	// unicode/utf8 reports width 1 here; utf8x reports the maximal subpart.
	r, size := utf8x.DecodeRune([]byte("\xE2\x82A"))
	fmt.Printf("%U %d\n", r, size)
	// Output: U+FFFD 2
}

func ExampleChunks() {
	for c := range utf8x.Chunks("ok\xC0\xAFdone") {
		fmt.Printf("%q %q %v\n", c.Valid, c.Invalid, c.Kind)
	}
	// Output:
	// "ok" "\xc0" overlong
	// "" "\xaf" unexpected-continuation
	// "done" "" none
}

func ExampleTruncateString() {
	fmt.Println(utf8x.TruncateString("naïve café", 3))
	// Output: na
}

func ExampleRunes() {
	for off, r := range utf8x.Runes("a€\xF0\x9F\x98!") {
		fmt.Printf("%d:%U ", off, r)
	}
	fmt.Println()
	// Output: 0:U+0061 1:U+20AC 4:U+FFFD 7:U+0021
}
