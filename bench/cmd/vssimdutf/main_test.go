package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/utf8x/utf8x/transcode"
)

func TestParse(t *testing.T) {
	in := "dir/a.txt valid 1.5 u8to16 2\n\n/x/b.html valid 3.25 u8to16 0.5\n"
	r, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if r["a.txt"]["valid"] != 1.5 || r["a.txt"]["u8to16"] != 2 || r["b.html"]["valid"] != 3.25 || r["b.html"]["u8to16"] != 0.5 {
		t.Errorf("parse = %v", r)
	}
	if _, err := parse(strings.NewReader("a valid\n")); err == nil {
		t.Error("parse accepted a line with an operation but no figure")
	}
	o := results{"a.txt": {"valid": 1}}
	o.merge(r)
	if o["a.txt"]["valid"] != 1.5 || o["b.html"]["u8to16"] != 0.5 {
		t.Errorf("merge kept %v", o)
	}
}

// The inputs prepared for the timed functions are the text in each form.
func TestInputs(t *testing.T) {
	p := []byte("aé€😀z")
	u8, err := transcode.AppendUTF16LEToUTF8(nil, toUTF16LE(p))
	if err != nil || !bytes.Equal(u8, p) {
		t.Errorf("UTF-16LE form reads back as %q, %v", u8, err)
	}
	u8, err = transcode.AppendUTF32LEToUTF8(nil, toUTF32LE(p))
	if err != nil || !bytes.Equal(u8, p) {
		t.Errorf("UTF-32LE form reads back as %q, %v", u8, err)
	}
	if len(toUTF16LE(p)) != 2*6 || len(toUTF32LE(p)) != 4*5 {
		t.Errorf("sizes %d, %d", len(toUTF16LE(p)), len(toUTF32LE(p)))
	}
}

func TestTable(t *testing.T) {
	var b bytes.Buffer
	ours := results{"Russian-Lipsum.utf8.txt": {"valid": 2, "u8to16": 1}, "x.html": {"valid": 8, "u8to16": 4}}
	theirs := results{"Russian-Lipsum.utf8.txt": {"valid": 1, "u8to16": 2}, "x.html": {"valid": 2, "u8to16": 4}}
	printTable(&b, allSets[0], "o", "t", []string{"d/Russian-Lipsum.utf8.txt", "d/x.html"}, ours, theirs)
	out := b.String()
	for _, want := range []string{"| Russian | 2.00 | 0.50 |", "| x.html | 4.00 | 1.00 |", "| geomean | **2.83** | **0.71** |", "| worst (< 1) |  | Russian 0.50 |"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}
