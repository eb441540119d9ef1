package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/utf8x/utf8x"
)

// TestCheckReportsLive writes a bad line into a pipe and expects its error
// before the pipe is closed, as tail -f log | utf8x check needs, in both
// outputs.
func TestCheckReportsLive(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"check"}, "<stdin>:1:5: invalid-byte at byte 4 (FF)"},
		{[]string{"check", "--json"}, `{"type":"error","file":"<stdin>","offset":4,"length":1,"kind":"invalid-byte","line":1,"column":5,"hex":"FF"}`},
		{[]string{"check", "-j", "2", "-", "/dev/null"}, "<stdin>:1:5: invalid-byte at byte 4 (FF)"},
	} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan int, 1)
		go func() {
			done <- run(tc.args, inR, outW, io.Discard)
			outW.Close()
		}()
		lines := make(chan string, 1)
		go func() {
			s := bufio.NewScanner(outR)
			for s.Scan() {
				lines <- s.Text()
			}
			close(lines)
		}()
		go inW.Write([]byte("bad \xFF line\n"))
		select {
		case got := <-lines:
			if got != tc.want {
				t.Errorf("%v: first line %q, want %q", tc.args, got, tc.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%v: no report 10s after the bad line while the input stays open", tc.args)
		}
		inW.Close()
		for range lines {
		}
		if code := <-done; code != exitInvalid {
			t.Errorf("%v: exit %d", tc.args, code)
		}
	}
}

// TestCheckQuietStopsAtFirstInvalid: -q reads no further than the first
// error of the first invalid input, which a reader that fails after it shows.
func TestCheckQuietStopsAtFirstInvalid(t *testing.T) {
	r := io.MultiReader(strings.NewReader("ok \xFF and then"), &failingReader{err: syscall.EIO})
	var out, errOut bytes.Buffer
	if code := run([]string{"check", "-q"}, r, &out, &errOut); code != exitInvalid || out.Len()+errOut.Len() != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestCheckJSONFileNameNotUTF8: a file name that is not valid UTF-8 comes
// whole in "file_base64", from which the file can be reopened.
func TestCheckJSONFileNameNotUTF8(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "caf\xE9 \xFF.txt")
	if err := os.WriteFile(name, []byte("x\x80\n"), 0o600); err != nil {
		t.Skipf("this file system refuses names that are not UTF-8: %v", err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"check", "--json", name, filepath.Join(dir, "missing\xE9")}, strings.NewReader(""), &out, &errOut); code != exitUsage {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want an error and two file lines, got %q", out.String())
	}
	for i, want := range []string{name, name, filepath.Join(dir, "missing\xE9")} {
		var m map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &m); err != nil {
			t.Fatalf("line %d %q: %v", i, lines[i], err)
		}
		b64, _ := m["file_base64"].(string)
		got, err := base64.StdEncoding.DecodeString(b64)
		if err != nil || string(got) != want {
			t.Errorf("line %d: file_base64 %q decodes to %q, %v; want %q", i, b64, got, err, want)
		}
	}
	var rec checkFileRecord
	if err := json.Unmarshal([]byte(lines[2]), &rec); err != nil || rec.Error == "" || rec.Valid {
		t.Errorf("the missing file's line %q has no error", lines[2])
	}
	// A valid name has no file_base64.
	out.Reset()
	ok := filepath.Join(dir, "ok.txt")
	os.WriteFile(ok, []byte("fine"), 0o600)
	run([]string{"check", "--json", ok}, strings.NewReader(""), &out, &errOut)
	if strings.Contains(out.String(), "file_base64") {
		t.Errorf("valid name: %q", out.String())
	}
}

// TestCheckParallelOrderAndEarlyStop: with several workers the reports come
// in the order given, byte for byte as with one; a reader that goes away
// part way ends the run quietly, without waiting on the workers.
func TestCheckParallelOrderAndEarlyStop(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(15, 16))
	args := []string{"check", "--max-errors", "0"}
	for i := range 40 {
		name := filepath.Join(dir, fmt.Sprintf("f%02d", i))
		if err := os.WriteFile(name, interesting(rng, rng.IntN(20000)), 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
	}
	var want bytes.Buffer
	run(append(args, "-j", "1"), strings.NewReader(""), &want, io.Discard)
	for _, jobs := range []string{"2", "4", "16"} {
		var got bytes.Buffer
		run(append(args, "-j", jobs), strings.NewReader(""), &got, io.Discard)
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("-j %s: output differs from -j 1 (%d bytes, want %d)", jobs, got.Len(), want.Len())
		}
	}
	done := make(chan int)
	go func() { done <- run(append(args, "-j", "4"), strings.NewReader(""), &pipeAfter{n: 5000}, io.Discard) }()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("a closed pipe: exit %d", code)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a closed pipe: the run did not end")
	}
}

// pipeAfter takes n bytes, then fails as a pipe whose reader has gone.
type pipeAfter struct{ n int }

func (p *pipeAfter) Write(b []byte) (int, error) {
	if p.n <= 0 {
		return 0, syscall.EPIPE
	}
	p.n -= len(b)
	return len(b), nil
}

// TestCheckBinaryHint: random bytes, whose first NUL comes after many
// errors, get one line saying they are binary data, from a file or from a
// pipe that brings them in one piece.
func TestCheckBinaryHint(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	p := make([]byte, 100000)
	for i := range p {
		p[i] = byte(rng.Uint32())
	}
	first := bytes.IndexByte(p, 0)
	if _, n, _ := utf8x.FirstInvalid(p); first < 0 || n == 0 {
		t.Fatal("the input has no NUL or no error")
	}
	if errs := bytes.Count(p[:first], []byte{0xFF}); errs == 0 {
		t.Fatalf("the first NUL, at %d, comes before any error", first)
	}
	f := filepath.Join(t.TempDir(), "random.bin")
	if err := os.WriteFile(f, p, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args  []string
		stdin io.Reader
		want  string
	}{
		{[]string{"check", f}, nil, f + ": not UTF-8 text: binary data (it holds NUL bytes that no UTF-16 or UTF-32 text explains)\n"},
		{[]string{"check"}, bytes.NewReader(p), "<stdin>: not UTF-8 text: binary data (it holds NUL bytes that no UTF-16 or UTF-32 text explains)\n"},
	} {
		var out bytes.Buffer
		if code := run(tc.args, tc.stdin, &out, io.Discard); code != exitInvalid || out.String() != tc.want {
			t.Errorf("%v: exit %d, output %.200q", tc.args, code, out.String())
		}
	}
}
