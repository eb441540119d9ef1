package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
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
