package main

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/utf8x/utf8x"
)

// The exit statuses the issue promises, which testscript can only tell apart
// as zero or not.
func TestFixExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	clean := write("clean.txt", "fine\n")
	bad := write("bad.txt", "caf\xE9\n")
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"fix", clean}, 0},
		{[]string{"fix", bad}, 0},
		{[]string{"fix", "--invalid", "escape", bad}, 0},
		{[]string{"fix", "--invalid", "strict", clean}, 0},
		{[]string{"fix", "--invalid", "strict", bad}, 1},
		{[]string{"fix", "--invalid", "strict", bad, clean}, 1},
		{[]string{"fix", "--invalid", "nope", bad}, 2},
		{[]string{"fix", "--replacement", "\xFF", bad}, 2},
		{[]string{"fix", "--bom", "maybe", bad}, 2},
		{[]string{"fix", filepath.Join(dir, "missing.txt")}, 2},
		{[]string{"fix", "-o", filepath.Join(dir, "no", "such", "dir", "x"), bad}, 2},
		// A missing file next to a strict failure: the I/O error wins.
		{[]string{"fix", "--invalid", "strict", "--in-place", bad, filepath.Join(dir, "missing.txt")}, 2},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := run(tt.args, strings.NewReader(""), &out, &errOut); code != tt.code {
			t.Errorf("utf8x %q: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errOut.String())
		}
	}
}

// failingWriter fails every write with err.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

func TestFixOutputErrors(t *testing.T) {
	in := strings.NewReader("text\n")
	var errOut bytes.Buffer
	if code := run([]string{"fix"}, in, failingWriter{syscall.ENOSPC}, &errOut); code != 2 {
		t.Errorf("full disk: exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), "cannot write to standard output: no space left on device") {
		t.Errorf("full disk: stderr %q", errOut.String())
	}
	// The reader went away (utf8x fix ... | head): end quietly.
	errOut.Reset()
	in = strings.NewReader("text\n")
	if code := run([]string{"fix"}, in, failingWriter{syscall.EPIPE}, &errOut); code != 0 || errOut.Len() != 0 {
		t.Errorf("broken pipe: exit %d, stderr %q; want 0 and nothing", code, errOut.String())
	}
}

// tempLeftovers lists files in dir that look like createAtomic's.
func tempLeftovers(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		if strings.Contains(e.Name(), ".utf8x-") {
			left = append(left, e.Name())
		}
	}
	return left
}

func TestFixInPlaceKeepsModeAndLeavesNoTemp(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix permission bits")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(p, []byte("na\xEFve\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []os.FileMode{0o640, 0o755, 0o604} {
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		var errOut bytes.Buffer
		if code := run([]string{"fix", "--invalid", "cp1252", "--in-place", p}, nil, &bytes.Buffer{}, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != mode {
			t.Errorf("mode after --in-place = %v, want %v", fi.Mode().Perm(), mode)
		}
		if got, _ := os.ReadFile(p); string(got) != "naïve\n" {
			t.Errorf("content = %q", got)
		}
	}
	// A strict failure leaves the file, and no temporary file beside it.
	if err := os.WriteFile(p, []byte("bad \xFF\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	run([]string{"fix", "--invalid", "strict", "--in-place", p}, nil, &bytes.Buffer{}, &bytes.Buffer{})
	if got, _ := os.ReadFile(p); string(got) != "bad \xFF\n" {
		t.Errorf("strict failure changed the file: %q", got)
	}
	if left := tempLeftovers(t, dir); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// A symbolic link stays a link; the file it points to gets the fixed text.
func TestFixInPlaceThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.txt")
	link := filepath.Join(dir, "link.txt")
	if err := os.WriteFile(target, []byte("x\x80y"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.txt", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if code := run([]string{"fix", "--in-place", link}, nil, &bytes.Buffer{}, &bytes.Buffer{}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link.txt is no longer a symbolic link: %v", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "x\uFFFDy" {
		t.Errorf("target = %q", got)
	}
}

func TestAtomicFileAbortAndInterrupt(t *testing.T) {
	dir := t.TempDir()
	dest := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(dest, []byte("original"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := createAtomic(dest, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	a.WriteString("half")
	a.abort()
	b, err := createAtomic(dest, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	b.WriteString("half")
	live.removeAll() // what an interrupt does before exiting
	if got, _ := os.ReadFile(dest); string(got) != "original" {
		t.Errorf("destination = %q after abort and interrupt", got)
	}
	if left := tempLeftovers(t, dir); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	c, err := createAtomic(dest, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	c.WriteString("new")
	if err := c.commit(); err != nil {
		t.Fatal(err)
	}
	c.abort() // harmless after commit
	if got, _ := os.ReadFile(dest); string(got) != "new" {
		t.Errorf("destination = %q after commit", got)
	}
	if _, err := createAtomic(dir, io.Discard); err == nil {
		t.Error("createAtomic accepted a directory as its destination")
	}
}

// pump with buffers of a few bytes gives what the library gives on the whole
// input, and places a strict error at the same line and column.
func TestPumpTinyBuffers(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pieces := []string{"a", "\n", "é", "€", "😀", "\xEF\xBB\xBF", "\xE2\x82", "\xFF", "\x80", "\xF0\x9F\x98", "\xED\xA0\x80", "line\n"}
	for range 300 {
		var in []byte
		for range 1 + r.IntN(30) {
			in = append(in, pieces[r.IntN(len(pieces))]...)
		}
		for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Escape, utf8x.CP1252, utf8x.ReplaceWith(strings.Repeat("<long replacement>", 10))} {
			want, _, _ := utf8x.AppendValid(nil, utf8x.TrimBOM(in), p)
			for size := 1; size <= 8; size++ {
				var out bytes.Buffer
				err := pump(&out, "", bytes.NewReader(in), "in", utf8x.NewTransformer(p, utf8x.BOMStrip), nil, size)
				if err != nil || !bytes.Equal(out.Bytes(), want) {
					t.Fatalf("pump(%q, %s, size %d) = %q, %v; want %q", in, p, size, out.Bytes(), err, want)
				}
			}
		}
		var ref utf8x.PositionCounter
		for i, size := range []int{1, 2, 3, 5, 1 << 16} {
			var pos utf8x.PositionCounter
			err := pump(&bytes.Buffer{}, "", bytes.NewReader(in), "in", utf8x.NewTransformer(utf8x.Strict, utf8x.BOMKeep), func(b []byte) { pos.Write(b) }, size)
			var e *utf8x.Error
			if errors.As(err, &e) {
				// The reference: count lines and characters up to the offset.
				before := in[:e.Offset]
				wantLine := 1 + bytes.Count(before, []byte("\n"))
				wantCol := 1 + utf8x.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])
				if line, col := pos.Pos(); line+1 != wantLine || col+1 != wantCol {
					t.Fatalf("strict error in %q at %d:%d, want %d:%d", in, line+1, col+1, wantLine, wantCol)
				}
			}
			if i > 0 && pos != ref {
				t.Fatalf("position depends on buffer size: %v vs %v", pos, ref)
			}
			ref = pos
		}
	}
}
