package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// misreadAs returns p's bytes each read as cm's character, in UTF-8 (the
// bytes cm leaves unassigned become C1 controls): p as mojibake.
func misreadAs(p []byte, cm *charmap.Charmap) []byte {
	var out []byte
	for _, b := range p {
		r := rune(b)
		if b >= 0x80 {
			if d := cm.DecodeByte(b); d != utf8.RuneError {
				r = d
			}
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}

// TestFixMojibakeRangesSameAsStream: fix --mojibake on a file split into
// ranges (cut after line breaks, the lines across cuts streamed) writes
// what the stream writes, with the same messages and status, for range
// sizes that cut everywhere, with lines longer than a range, byte order
// marks, ill-formed bytes inside misread lines, CRLF, and no final LF.
func TestFixMojibakeRangesSameAsStream(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "..", "mojibake", "testdata", "training-sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text = text[:min(len(text), 24<<10)]
	w1252 := misreadAs(text, charmap.Windows1252)
	long := misreadAs(bytes.Repeat([]byte("Größe über München, déjà vu — “quoted” "), 300), charmap.Windows1252) // one line of 30 KB
	inputs := map[string][]byte{
		"clean":      text,
		"1252":       w1252,
		"1251":       misreadAs(text, charmap.Windows1251),
		"twice":      misreadAs(w1252, charmap.Windows1252),
		"bom":        append([]byte("\xEF\xBB\xBF"), w1252[:4000]...),
		"longline":   append(append(append([]byte{}, w1252[:3000]...), long...), w1252[3000:6000]...),
		"nolf":       long[:20000],
		"nofinallf":  bytes.TrimRight(w1252[:5000], "\n"),
		"crlf":       bytes.ReplaceAll(w1252[:6000], []byte("\n"), []byte("\r\n")),
		"invalid":    bytes.ReplaceAll(w1252[:8000], []byte("Ã"), []byte("Ã\xFF\xE2\x82")),
		"onlylf":     bytes.Repeat([]byte("\n"), 300),
		"empty":      nil,
		"bomnolf":    append([]byte("\xEF\xBB\xBF"), long[:5000]...),
		"lfsaround":  append(append([]byte("\n\n"), long[:7000]...), "\n\n"...),
		"shortlines": bytes.Repeat([]byte("cafÃ©\nâ€™\n\nÐŸÑ€Ð¸Ð²ÐµÑ‚\n"), 200),
	}
	dir := t.TempDir()
	variants := [][]string{
		{"--mojibake"},
		{"--mojibake", "--bom", "strip"},
		{"--mojibake", "--bom", "add"},
		{"--mojibake", "--invalid", "skip"},
		{"--mojibake", "--no-lossy", "--mojibake-chains", "windows-1252,latin-1"},
	}
	sizes := []string{"1", "3", "64", "301", "4096", "0"}
	if testing.Short() {
		sizes = []string{"3", "301", "4096"}
	}
	changed := 0
	for name, p := range inputs {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, p, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, v := range variants {
			args := append(append([]string{"fix"}, v...), path)
			code, out, errOut := runTool(append([]string{"fix", "-j", "1", "--range-size", "-1"}, args[1:]...)...)
			if code != 0 {
				t.Fatalf("%v: status %d: %s", args, code, errOut)
			}
			if strings.Contains(errOut, "undid mojibake") {
				changed++
			}
			for _, size := range sizes {
				for _, jobs := range []string{"1", "2", "3"} {
					c, o, e := runTool(append([]string{"fix", "-j", jobs, "--range-size", size}, args[1:]...)...)
					if c != code || o != out || e != errOut {
						i := 0
						for i < min(len(o), len(out)) && o[i] == out[i] {
							i++
						}
						t.Fatalf("%v, range size %s, -j %s: status %d (stream %d), output of %d bytes differs from the stream's %d at byte %d\nmessages %q\nstream's  %q",
							args, size, jobs, c, code, len(o), len(out), i, e, errOut)
					}
				}
			}
		}
	}
	// The inputs must hold mojibake that is undone, or the test shows nothing.
	if changed < 20 {
		t.Fatalf("only %d runs undid mojibake", changed)
	}
}

// TestFixMojibakeRangesAgainstRangeInputs runs fix --mojibake in ranges on
// the inputs of the other range tests (faults at every distance from the
// cuts, UTF-16, NULs, no LF).
func TestFixMojibakeRangesAgainstRangeInputs(t *testing.T) {
	compareRanges(t, [][]string{
		{"fix", "--mojibake"},
		{"fix", "--mojibake", "--bom", "add"},
	})
}
