package mojibake_test

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x/mojibake"
)

func ExampleFixString() {
	out, changes := mojibake.FixString("JosÃ© MÃ¼ller paid â‚¬5 in SÃ£o Paulo; NÃO is fine.")
	fmt.Println(out)
	for _, c := range changes {
		fmt.Printf("bytes %d-%d: %q -> %q (%s)\n", c.InStart, c.InEnd, c.Old, c.New, c.Chain)
	}
	// Output:
	// José Müller paid €5 in São Paulo; NÃO is fine.
	// bytes 3-40: "Ã© MÃ¼ller paid â‚¬5 in SÃ£" -> "é Müller paid €5 in Sã" (UTF-8 read as windows-1252)
}

func ExampleTransformer() {
	r := transform.NewReader(strings.NewReader("ÃƒÂ©tÃƒÂ©\nРџСЂРёРІРµС‚\n"), mojibake.NewTransformer())
	var b strings.Builder
	if _, err := io.Copy(&b, r); err != nil {
		panic(err)
	}
	fmt.Print(b.String())
	// Output:
	// été
	// Привет
}

// A text cut after a line break, each piece repaired on its own (on
// another core, or another machine): a Transformer primed with the text
// before its piece decides it as within the whole. Alone, the Ukrainian
// "і" misread ("Ñ–") between ASCII words is no evidence; the lines before
// it, misread the same way, vouch for it.
func ExampleTransformer_Prime() {
	text := "ÐŸÑ€Ð¾Ð³Ñ€Ð°Ð¼Ð° Ñ\u0081Ñ‚Ð¸Ñ\u0081ÐºÐ°Ñ” Ñ„Ð°Ð¹Ð»Ð¸.\nÐ’Ð¾Ð½Ð° Ñ‡Ð¸Ñ‚Ð°Ñ” Ð´Ð°Ð½Ñ–.\nxz Ñ– lzma\n"
	cut := strings.Index(text, "xz")
	alone, _, _ := transform.String(mojibake.NewTransformer(), text[cut:])
	t := mojibake.NewTransformer()
	t.Prime([]byte(text[:cut]), true)
	primed, _, _ := transform.String(t, text[cut:])
	fmt.Print(alone, primed)
	// Output:
	// xz Ñ– lzma
	// xz і lzma
}
