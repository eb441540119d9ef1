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

func ExampleValid() {
	fmt.Println(utf8x.Valid([]byte("Hello, 世界")))
	fmt.Println(utf8x.Valid([]byte("\xED\xA0\x80"))) // an encoded surrogate
	fmt.Println(utf8x.ValidString("\xC0\xAF"))       // an overlong '/'
	// Output:
	// true
	// false
	// false
}

func ExampleFirstInvalid() {
	p := []byte("naïve \xF4\x90\x80\x80 end")
	off, n, kind := utf8x.FirstInvalid(p)
	fmt.Println(off, n, kind)
	fmt.Printf("%q is the longest valid prefix\n", p[:off])
	// Output:
	// 7 1 too-large
	// "naïve " is the longest valid prefix
}

func ExampleRuneCount() {
	// E2 82 is one truncated character, so one RuneError: unicode/utf8 counts
	// each of its bytes and says 4.
	fmt.Println(utf8x.RuneCount([]byte("a\xE2\x82b")))
	// Output: 3
}

func ExampleReplaceWith() {
	out, n, _ := utf8x.AppendValid(nil, []byte("a\xFFb\xE2\x82"), utf8x.ReplaceWith("?"))
	fmt.Println(string(out), n)
	// Output: a?b? 2
}

func ExampleParsePolicy() {
	p, err := utf8x.ParsePolicy("Escape") // from a command-line flag, say
	if err != nil {
		panic(err)
	}
	s, _, _ := utf8x.ToValidString("caf\xE9", p)
	fmt.Println(p, s)
	// Output: escape caf\xe9
}

func ExampleTruncate() {
	p := []byte("naïve")
	fmt.Printf("%q %q\n", utf8x.Truncate(p, 3), utf8x.Truncate(p, 4))
	// An ill-formed subpart is not split either.
	fmt.Printf("%q\n", utf8x.Truncate([]byte("ab\xE2\x82"), 3))
	// Output:
	// "na" "naï"
	// "ab"
}

func ExampleStartOfRune() {
	p := []byte("a€b")
	for i := range p {
		fmt.Print(utf8x.StartOfRune(p, i), " ")
	}
	fmt.Println()
	// Output: 0 1 1 1 4
}

func ExampleTruncateUTF16String() {
	// A limit of 5 UTF-16 code units, as JavaScript's s.length counts: the
	// emoji takes 2, so the second one does not fit.
	s := "hi 😀😀"
	fmt.Println(utf8x.TruncateUTF16String(s, 5), utf8x.UTF16LenString(s))
	// Output: hi 😀 7
}
