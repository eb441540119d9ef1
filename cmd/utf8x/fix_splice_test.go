package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
)

// runToPipe runs the tool in-process with its standard output a pipe, as
// fix's splice path needs, and returns its status, output and messages.
func runToPipe(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	done := make(chan error)
	go func() {
		_, err := io.Copy(&out, r)
		r.Close()
		done <- err
	}()
	var errOut bytes.Buffer
	code := run(args, strings.NewReader(""), w, &errOut)
	w.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// fix into a pipe splices the valid runs of a regular file: the output must
// be what the stream makes (pump, into a buffer), for every policy and byte
// order mark policy, with valid runs long enough to be spliced between
// faults of every kind, at the start and at the end.
func TestFixSpliceSameAsStream(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 8))
	long := func(n int) []byte {
		pieces := []string{"plain ascii ", "café ", "€uro ", "日本語 ", "😀 ", "\n"}
		var b []byte
		for len(b) < n {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		return b
	}
	faults := []string{"\xC0\xAF", "\xED\xA0\x80", "\xF0\x9F\x98", "\xE2\x82", "\x80", "\xFF", "\xF4\x90\x80\x80", "\x93q\x94"}
	inputs := map[string][]byte{
		"valid":     long(3 * spliceMin),
		"bomvalid":  append([]byte(utf8x.BOM), long(2*spliceMin)...),
		"edges":     append(append([]byte("\xFF"), long(spliceMin+5)...), "\xE2\x82"...),
		"short":     []byte("a\xFFb"),
		"empty":     nil,
		"onlybom":   []byte(utf8x.BOM),
		"dense":     bytes.Repeat([]byte("ab\xFF\n\xE2\x82c"), 5000),
		"bomfaults": append([]byte(utf8x.BOM), bytes.Repeat([]byte("\x80x"), 100)...),
	}
	var mixed []byte
	for i := range 40 {
		mixed = append(mixed, long(rng.IntN(3*spliceMin))...)
		mixed = append(mixed, faults[i%len(faults)]...)
	}
	inputs["mixed"] = mixed
	for name, p := range inputs {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, p, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, policy := range []string{"replace", "skip", "escape", "cp1252", "latin1"} {
			for _, bom := range []string{"keep", "strip", "add"} {
				args := []string{"fix", "--invalid", policy, "--bom", bom, path}
				code, out, errOut := runTool(append([]string{"fix", "--range-size", "-1"}, args[1:]...)...)
				for _, jobs := range []string{"1", "0"} {
					c, o, e := runToPipe(t, append([]string{"fix", "-j", jobs}, args[1:]...)...)
					if c != code || o != out || e != errOut {
						t.Fatalf("%s, %v, -j %s into a pipe: status %d, %d bytes, %q\nstream: status %d, %d bytes, %q",
							name, args, jobs, c, len(o), e, code, len(out), errOut)
					}
				}
			}
		}
	}
}

// Into a pipe the default -j is 1; a -j given is kept, and other outputs
// keep one job per CPU.
func TestRangeOptionsToPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, c := range []struct {
		o    rangeOptions
		w    io.Writer
		want int
	}{
		{rangeOptions{}, w, 1},
		{rangeOptions{jobs: 2}, w, 2},
		{rangeOptions{size: 64}, w, 0},
		{rangeOptions{}, file, 0},
		{rangeOptions{}, &bytes.Buffer{}, 0},
	} {
		if got := c.o.toPipe(c.w).jobs; got != c.want {
			t.Errorf("%+v to %T: jobs %d, want %d", c.o, c.w, got, c.want)
		}
	}
}

// convert into a pipe with the default -j (one stream) writes what it
// writes split into ranges.
func TestConvertToPipeSameAsRanges(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in")
	p := bytes.Repeat([]byte("héllo wörld € 😀\n\xFFx\xE2\x82"), 20000)
	if err := os.WriteFile(path, p, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"utf-16le", "utf-32be", "latin1"} {
		args := []string{"convert", "-f", "utf-8", "-t", to, "--invalid", "replace", path}
		code, out, errOut := runTool(append(args, "-j", "2", "--range-size", "4096")...)
		c, o, e := runToPipe(t, args...)
		if c != code || o != out || e != errOut {
			t.Fatalf("%v into a pipe: status %d, %d bytes, %q\nin ranges: status %d, %d bytes, %q", args, c, len(o), e, code, len(out), errOut)
		}
	}
}
