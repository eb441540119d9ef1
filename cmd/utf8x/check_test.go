package main

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"

	"github.com/utf8x/utf8x"
)

// checkReport is everything check finds in one input.
type checkReport struct {
	checkResult
	Errors []checkError
}

// collectCheck runs checkStream and keeps every error listed.
func collectCheck(r io.Reader, path string, opts checkOptions) (checkReport, error) {
	rep := checkReport{Errors: []checkError{}}
	res, err := checkStream(r, path, opts, func(e *checkError) error {
		rep.Errors = append(rep.Errors, *e)
		return nil
	}, nil)
	rep.checkResult = res
	return rep, err
}

// checkWhole is the reference: check with one block holding all of p.
func checkWhole(t *testing.T, p []byte, maxErrors int) checkReport {
	t.Helper()
	rep, err := collectCheck(bytes.NewReader(p), "in", checkOptions{maxErrors: maxErrors, blockSize: len(p) + 4})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// interesting builds inputs dense in multi-byte characters, LFs and every kind
// of fault, so that block boundaries fall inside all of them.
func interesting(rng *rand.Rand, n int) []byte {
	pieces := []string{
		"a", "\n", "é", "€", "😀", "\xC0\xAF", "\xED\xA0\x80", "\xF0\x9F\x98", "\xE2\x82",
		"\xE9", "\x93", "\xF4\x90\x80\x80", "\xF8", "\xFF", "\xE0\x80", "\xF0\x80", "\r\n",
	}
	var b []byte
	for len(b) < n {
		b = append(b, pieces[rng.IntN(len(pieces))]...)
	}
	return b
}

func TestCheckStreamIndependentOfBlockSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		p := interesting(rng, 1+rng.IntN(200))
		for _, maxErrors := range []int{0, 1, 3, 1000} {
			want := checkWhole(t, p, maxErrors)
			for _, size := range []int{1, 4, 5, 7, 64} {
				// OneByteReader also makes every Read short, as pipes do.
				for _, r := range []io.Reader{bytes.NewReader(p), iotest.OneByteReader(bytes.NewReader(p))} {
					got, err := collectCheck(r, "in", checkOptions{maxErrors: maxErrors, blockSize: size})
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("trial %d, block size %d, max %d, input %q:\n got %+v\nwant %+v", trial, size, maxErrors, p, got, want)
					}
				}
			}
		}
	}
}

func TestCheckStreamPositions(t *testing.T) {
	// "é" is 2 bytes but one column; a fault counts as one column; CR is a
	// character like any other, only LF starts a line.
	p := []byte("ab\né\xFFx\r\n\xE2\x82")
	rep := checkWhole(t, p, 100)
	want := []checkError{
		{Offset: 5, Length: 1, Kind: "invalid-byte", Line: 2, Column: 2, hex: "FF"},
		{Offset: 9, Length: 2, Kind: "truncated", Line: 3, Column: 1, hex: "E2 82"},
	}
	if !reflect.DeepEqual(rep.Errors, want) || rep.Bytes != int64(len(p)) || rep.ErrorCount != 2 {
		t.Fatalf("got %+v", rep)
	}
}

// failingReader returns data and then err.
type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestCheckStreamReadErrorMidStream(t *testing.T) {
	r := &failingReader{data: bytes.Repeat([]byte("x"), 10), err: syscall.EIO}
	_, err := collectCheck(r, "disk.txt", checkOptions{maxErrors: 100, blockSize: 4})
	if !errors.Is(err, syscall.EIO) {
		t.Fatalf("err = %v, want EIO", err)
	}
	if want := "disk.txt: read error after 10 bytes: input/output error; nothing after that was checked"; !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("message %q does not start with %q", err, want)
	}

	// Through the command: exit 2, the message names the file, no report.
	var out, errOut bytes.Buffer
	code := run([]string{"check"}, &failingReader{data: []byte("ok"), err: syscall.EIO}, &out, &errOut)
	if code != exitUsage || out.Len() != 0 || !strings.Contains(errOut.String(), "utf8x: <stdin>: read error after 2 bytes") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

func TestCheckAtTerminalExplainsInsteadOfWaiting(t *testing.T) {
	defer func(f func(any) bool) { isTerminal = f }(isTerminal)
	isTerminal = func(any) bool { return true }
	var out, errOut bytes.Buffer
	code := run([]string{"check"}, strings.NewReader("never read"), &out, &errOut)
	if code != exitUsage || out.Len() != 0 || !strings.Contains(errOut.String(), "utf8x check --sample") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// brokenPipe is a stdout whose reader has gone away.
type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) { return 0, syscall.EPIPE }

func TestBrokenPipeEndsQuietly(t *testing.T) {
	var errOut bytes.Buffer
	code := run([]string{"check", "--sample"}, strings.NewReader(""), brokenPipe{}, &errOut)
	if code != exitOK || errOut.Len() != 0 {
		t.Fatalf("code %d, stderr %q", code, errOut.String())
	}
}

func TestUseColor(t *testing.T) {
	defer func(f func(any) bool) { isTerminal = f }(isTerminal)
	for _, tc := range []struct {
		mode, noColor  string
		terminal, want bool
	}{
		{"auto", "", true, true},
		{"auto", "1", true, false},
		{"auto", "", false, false},
		{"always", "1", false, true},
		{"never", "", true, false},
	} {
		isTerminal = func(any) bool { return tc.terminal }
		t.Setenv("NO_COLOR", tc.noColor)
		if got, err := useColor(tc.mode, io.Discard); err != nil || got != tc.want {
			t.Errorf("useColor(%q) with NO_COLOR=%q, terminal %v = %v, %v", tc.mode, tc.noColor, tc.terminal, got, err)
		}
	}
}

func TestProgressBarOnlyOnTerminalForBigInputs(t *testing.T) {
	defer func(f func(any) bool, n int64) { isTerminal, progressMinBytes = f, n }(isTerminal, progressMinBytes)
	dir := t.TempDir()
	big := dir + "/big.txt"
	if err := os.WriteFile(big, bytes.Repeat([]byte("€ "), 50000), 0o666); err != nil {
		t.Fatal(err)
	}
	progressMinBytes = 100 << 10
	for _, tc := range []struct {
		terminal bool
		args     []string
		want     bool
	}{
		{true, []string{"check", big}, true},
		{true, []string{"stats", big}, true},
		{false, []string{"check", big}, false},                         // a pipe or a log
		{true, []string{"check", "testdata/script/help.txtar"}, false}, // small
	} {
		isTerminal = func(any) bool { return tc.terminal }
		var out, errOut bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &out, &errOut); code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", tc.args, code, errOut.String())
		}
		bar := errOut.String()
		if got := strings.Contains(bar, "%"); got != tc.want {
			t.Errorf("%v, terminal %v: stderr %q", tc.args, tc.terminal, bar)
		}
		if tc.want && !strings.HasSuffix(bar, "\r\x1b[K") {
			t.Errorf("%v: the bar does not erase itself: %q", tc.args, bar)
		}
	}
}

// A regular file is placed lazily (each error listed is placed by reading the
// file again from the one before), a stream by counting every block: both
// must list the same errors at the same lines and columns, with blocks
// small enough that the re-reading crosses many of them.
func TestCheckFilePositionsLazy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	path := t.TempDir() + "/in.txt"
	for trial := range 150 {
		p := interesting(rng, 1+rng.IntN(300))
		if trial%3 == 0 { // long valid stretches between faults
			p = bytes.ReplaceAll(p, []byte("\n"), []byte("€ 😀 long line\nand é more\n"))
		}
		if err := os.WriteFile(path, p, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, maxErrors := range []int{0, 2, 1000} {
			for _, size := range []int{4, 7, 64, 4096} {
				opts := checkOptions{maxErrors: maxErrors, blockSize: size, wholeHead: true}
				want, err := collectCheck(bytes.NewReader(p), "in", opts)
				if err != nil {
					t.Fatal(err)
				}
				f, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				got, err := collectCheck(f, "in", opts)
				f.Close()
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("trial %d, block size %d, max %d, input %q:\n got %+v\nwant %+v", trial, size, maxErrors, p, got, want)
				}
			}
		}
	}
}

// Buffers start at firstBlockSize and grow to the block size while reads fill
// them (a short read, as from a slow pipe, keeps them as they are): the blocks still end on character boundaries and put end to end
// give the input, check reports what it reports with small blocks, and pump
// repairs as the slice function does.
func TestStreamBuffersGrow(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	p := interesting(rng, 1<<20+300<<10+17)
	br := newBlockReader(bytes.NewReader(p), "in", defaultBlockSize)
	var got []byte
	longest := 0
	for {
		block, off, err := br.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if off != int64(len(got)) {
			t.Fatalf("block at offset %d after %d bytes", off, len(got))
		}
		got = append(got, block...)
		longest = max(longest, len(block))
	}
	if !bytes.Equal(got, p) {
		t.Fatal("the blocks put end to end are not the input")
	}
	if longest <= firstBlockSize {
		t.Fatalf("the longest block is %d bytes: the buffer did not grow", longest)
	}

	want, err := collectCheck(bytes.NewReader(p), "in", checkOptions{maxErrors: 0, blockSize: 4093})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := collectCheck(bytes.NewReader(p), "in", checkOptions{maxErrors: 0, blockSize: defaultBlockSize})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rep, want) {
		t.Fatalf("check with growing blocks: %d errors, %d bytes; with small ones: %d errors, %d bytes",
			rep.ErrorCount, rep.Bytes, want.ErrorCount, want.Bytes)
	}

	var out bytes.Buffer
	if err := pump(&out, "", bytes.NewReader(p), "in", utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep), nil, defaultBlockSize); err != nil {
		t.Fatal(err)
	}
	fixed, _, err := utf8x.AppendValid(nil, p, utf8x.Replace)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), fixed) {
		t.Fatal("pump with growing buffers repairs differently from utf8x.AppendValid")
	}
}
