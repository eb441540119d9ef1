package main

import (
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// The judge of every detector: a label is right when it decodes the sample
// back to its text, whatever spelling of the label a peer uses.
func TestRight(t *testing.T) {
	text := "Привет, мир"
	b, _ := charmap.Windows1251.NewEncoder().Bytes([]byte(text))
	s := sample{bytes: b, text: text}
	for _, label := range []string{"windows-1251", "WINDOWS-1251", "cp1251", "CP1251"} {
		if !right(label, s) {
			t.Errorf("%s: judged wrong", label)
		}
	}
	for _, label := range []string{"koi8-r", "ascii", "", "utf-8", "nonsense"} {
		if right(label, s) {
			t.Errorf("%s: judged right", label)
		}
	}
	// ISO-8859-1 reads 80 as a C1 control, not as €.
	euro := sample{bytes: []byte{0x80}, text: "€"}
	if right("iso-8859-1", euro) || !right("windows-1252", euro) {
		t.Error("ISO-8859-1 and Windows-1252 are not told apart on byte 80")
	}
}

func TestTo1258(t *testing.T) {
	got := to1258("Việt")
	b, err := charmap.Windows1258.NewEncoder().Bytes([]byte(got))
	if err != nil {
		t.Fatalf("to1258 gave %q, which Windows-1258 cannot hold: %v", got, err)
	}
	if !right("windows-1258", sample{bytes: b, text: "Việt"}) {
		t.Errorf("%q does not decode back to Việt", b)
	}
}
