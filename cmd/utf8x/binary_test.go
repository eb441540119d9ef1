package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// utf8xBinary returns the tool as a program of its own, for tests that signal
// it, give it a terminal or run it as another user: a copy of this test
// binary named utf8x, which TestMain (testscript.Main) runs as the tool when
// it is called by that name. The copy sits in a directory every user may
// enter, so that it can also run as an unprivileged user.
func utf8xBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the tool as a process on tens of MB; skipped with -short")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("cannot find the test binary:", err)
	}
	dir := t.TempDir()
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "utf8x")
	src, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(bin, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return bin
}
