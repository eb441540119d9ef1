package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/encoding/charmap"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"300MB": 300e6, "1GiB": 1 << 30, "4096": 4096, "1.5KiB": 1536, "10B": 10} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	if _, err := parseSize("lots"); err == nil {
		t.Error("parseSize(\"lots\") gave no error")
	}
}

// TestWriteFiles checks the two files: the requested size, the first valid
// UTF-8, the second with the bad pieces it reports.
func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	base := bytes.Repeat([]byte("héllo wörld 日本語 😀\n"), 8000) // about 200 KB, 3 pieces a block
	valid, bad := filepath.Join(dir, "v"), filepath.Join(dir, "e")
	const size = 1<<20 + 7
	n, err := writeFiles(valid, bad, base, size)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := os.ReadFile(valid)
	e, _ := os.ReadFile(bad)
	if len(v) != size || len(e) != size {
		t.Fatalf("sizes %d and %d, want %d", len(v), len(e), size)
	}
	if !utf8.Valid(v) {
		t.Error("the valid file is not valid UTF-8")
	}
	// Each piece is 1 to 4 ill-formed maximal subparts (F4 90 80 80 is 4).
	count := 0
	for c := range utf8x.Chunks(e) {
		if len(c.Invalid) > 0 {
			count++
		}
	}
	if n < 10 || count < n || count > 4*n {
		t.Errorf("writeFiles reports %d bad pieces, the file holds %d ill-formed subparts", n, count)
	}
}

// TestFloors runs each floor mode on a small file: the reads end without
// error, widen writes exactly the bytes asked for, splice writes the file
// as it is, and utf16Size agrees with the file converted whole.
func TestFloors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in")
	text := bytes.Repeat([]byte("héllo wörld 日本語 😀\n"), 70000) // about 2 MB: blocks cut characters
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	u16, err := utf16Size(file)
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 * len(utf16.Encode([]rune(string(text)))); u16 != int64(want) {
		t.Errorf("utf16Size = %d, want %d", u16, want)
	}
	for _, c := range []struct {
		mode string
		args []string
		want int // bytes out; -1: the file
	}{
		{"read", nil, 0}, {"read+valid", nil, 0}, {"read2", nil, 0}, {"read2+valid", nil, 0},
		{"widen", []string{"3000001"}, 3000001}, {"splice", nil, -1}, {"read+valid+splice", nil, -1},
	} {
		out, err := floorOut(t, c.mode, append([]string{file}, c.args...))
		if err != nil {
			t.Fatalf("%s: %v", c.mode, err)
		}
		switch {
		case c.want == -1 && !bytes.Equal(out, text):
			t.Errorf("%s wrote %d bytes, not the file's %d", c.mode, len(out), len(text))
		case c.want >= 0 && len(out) != c.want:
			t.Errorf("%s wrote %d bytes, want %d", c.mode, len(out), c.want)
		}
	}
	// With errors whose subparts are single bytes (so that no block's end
	// cuts one), read+valid+splice+repair writes what fix --invalid replace
	// writes.
	bad := bytes.Repeat([]byte("plain text \xFF then \xC0\xAF\x80 and more\n"+strings.Repeat("x", 5000)+"\n"), 500)
	badFile := filepath.Join(dir, "bad")
	if err := os.WriteFile(badFile, append(bad, '\xFE'), 0o644); err != nil {
		t.Fatal(err)
	}
	want, _, _ := utf8x.ToValidString(string(bad)+"\xFE", utf8x.Replace)
	if out, err := floorOut(t, "read+valid+splice+repair", []string{badFile}); err != nil || string(out) != want {
		t.Errorf("read+valid+splice+repair: %v; wrote %d bytes, want %d (equal: %v)", err, len(out), len(want), string(out) == want)
	}
	if cs, err := measureConvertSplit(file, 1); err != nil || cs.read <= 0 || cs.convert <= 0 || cs.write <= 0 {
		t.Errorf("measureConvertSplit: %+v, %v", cs, err)
	}
	before := validSink
	validateAll([]byte("ok \xFF then \xE2\x82 and \xC0\xAF end"))
	if got := validSink - before; got != 4 { // C0 and AF are one subpart each
		t.Errorf("validateAll counted %d ill-formed subparts, want 4", got)
	}
	if err := floorRun("nothing", []string{file}, nil); err == nil {
		t.Error("an unknown mode gave no error")
	}
}

// floorOut runs the floor mode with args into a pipe and returns what it
// wrote.
func floorOut(t *testing.T, mode string, args []string) ([]byte, error) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		r.Close()
		got <- b
	}()
	err = floorRun(mode, args, w)
	w.Close()
	return <-got, err
}

// TestWriteMangled checks the mojibake file against the text it was made
// from: it has the size asked for, is valid UTF-8, and each of its
// characters, taken back to its Windows-1252 byte (the C1 controls to
// their own value), gives base repeated, cut after a line break and filled
// with line breaks.
func TestWriteMangled(t *testing.T) {
	dir := t.TempDir()
	base := []byte("café “quoted” – €5\nПривет, мир\n日本語 😀 \x81\n")
	const size = 10007
	path := filepath.Join(dir, "m")
	if err := writeMangled(path, base, size); err != nil {
		t.Fatal(err)
	}
	m, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != size || !utf8.Valid(m) {
		t.Fatalf("%d bytes (want %d), valid UTF-8: %v", len(m), size, utf8.Valid(m))
	}
	var back []byte
	enc := charmap.Windows1252
	for _, r := range string(m) {
		if r < 0x80 || r >= 0x80 && r < 0xA0 {
			if r >= 0x80 {
				if _, ok := enc.EncodeRune(r); ok {
					t.Fatalf("C1 control U+%04X that Windows-1252 has a byte for", r)
				}
			}
			back = append(back, byte(r))
			continue
		}
		b, ok := enc.EncodeRune(r)
		if !ok {
			t.Fatalf("U+%04X is not a Windows-1252 character", r)
		}
		back = append(back, b)
	}
	var want []byte
	for len(want) < len(back) {
		want = append(want, base...)
	}
	// back is want up to a line break, then line breaks, fewer than one
	// mangled copy of base holds.
	k := 0
	for k < len(back) && back[k] == want[k] {
		k++
	}
	if k < len(back) && (k == 0 || want[k-1] != '\n') {
		t.Fatalf("undone file leaves base repeated at byte %d, not after a line break", k)
	}
	if strings.Trim(string(back[k:]), "\n") != "" || len(back)-k > 2*len(base) {
		t.Fatalf("after byte %d: %q, want fewer than %d line breaks", k, back[k:min(len(back), k+40)], 2*len(base))
	}
	if len(back) < 4*len(base) {
		t.Fatalf("only %d bytes undone", len(back))
	}
}
