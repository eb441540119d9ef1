package utf8x_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/utf8x/utf8x"
)

func ExampleCheckReaderAt() {
	// Any io.ReaderAt works: an *os.File, a *bytes.Reader, ...
	text := "first line\nsecond: caf\xE9\nthird \xE2\x82 and \xFF\n"
	r := strings.NewReader(text)
	rep, err := utf8x.CheckReaderAt(context.Background(), r, int64(len(text)),
		&utf8x.ParallelOptions{Parts: 4, BlockSize: 8, MaxErrors: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Invalid, "errors,", rep.Lines, "lines")
	for _, e := range rep.Errors {
		fmt.Printf("offset %d, line %d, column %d: %v\n", e.Offset, e.Line+1, e.Column+1, e.AsError())
	}
	// Output:
	// 3 errors, 3 lines
	// offset 22, line 2, column 12: invalid UTF-8 at byte 22: truncated (E9)
	// offset 30, line 3, column 7: invalid UTF-8 at byte 30: truncated (E2 82)
}

func ExampleCountReaderAt() {
	text := "héllo\nwörld 😀\n"
	c, err := utf8x.CountReaderAt(context.Background(), strings.NewReader(text), int64(len(text)), nil)
	fmt.Println(c.Bytes, c.Runes, c.Lines, c.UTF16, err)
	// Output: 19 14 2 15 <nil>
}
