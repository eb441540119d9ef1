package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMappedFileCutShort reads a mapped window after its file was truncated:
// the fault must come back as a read error naming the file, not crash.
func TestMappedFileCutShort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte(strings.Repeat("x", 1<<16)), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, unmap, err := mapRange(f, 100, 1<<15)
	if err != nil {
		t.Skip("cannot map:", err)
	}
	defer unmap()
	if data[0] != 'x' || len(data) != 1<<15 {
		t.Fatalf("mapped %d bytes starting %q", len(data), data[0])
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	read := func() (sum int, err error) {
		defer catchFault(&err, path, 100)()
		for _, b := range data[1<<14:] {
			sum += int(b)
		}
		return sum, nil
	}
	_, err = read()
	if err == nil || !strings.Contains(err.Error(), "cut short") || !strings.Contains(err.Error(), path) {
		t.Fatalf("reading a truncated mapping: %v", err)
	}
}
