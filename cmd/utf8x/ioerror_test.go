package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// An input that fails part way (a disk error, a dropped mount): fix and
// convert stop with one line naming the input and how far it got, exit 2,
// and -o writes nothing.
func TestFaultReadErrorMidInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	for _, args := range [][]string{
		{"fix"},
		{"fix", "--invalid", "strict"},
		{"fix", "-o", out},
		{"convert", "-f", "utf-8", "-t", "utf-16"},
		{"convert", "-f", "latin1", "-t", "utf-8", "-o", out},
		{"convert", "-f", "utf-16le", "-t", "utf-8", "--invalid", "replace", "-o", out},
	} {
		if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		name := strings.Join(args, " ")
		in := &failingReader{data: bytes.Repeat([]byte("text\n"), 30000), err: syscall.EIO}
		var stdout, errOut bytes.Buffer
		if code := run(args, in, &stdout, &errOut); code != 2 {
			t.Errorf("%s: exit %d, want 2", name, code)
		}
		want := "utf8x: <stdin>: read error after 150000 bytes: input/output error"
		if !strings.HasPrefix(errOut.String(), want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%s: stderr %q, want one line starting %q", name, errOut.String(), want)
		}
		if got, _ := os.ReadFile(out); string(got) != "old\n" {
			t.Errorf("%s: the old output changed", name)
		}
		if left := tempLeftovers(t, dir); len(left) > 0 {
			t.Errorf("%s: temporary files left: %v", name, left)
		}
	}
	// A file that fails part way through --in-place: simulated by a
	// directory (EISDIR on read), which must be refused with one line.
	var errOut bytes.Buffer
	if code := run([]string{"fix", "--in-place", dir}, nil, io.Discard, &errOut); code != 2 {
		t.Errorf("fix --in-place DIR: exit %d, want 2", code)
	}
	if left := tempLeftovers(t, filepath.Dir(dir)); len(left) > 0 {
		t.Errorf("fix --in-place DIR: temporary files left: %v", left)
	}
}
