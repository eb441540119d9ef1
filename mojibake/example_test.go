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
