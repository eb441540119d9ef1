package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// runToPipe runs the tool in-process with its standard output a pipe, as
// fix's splice path needs, and returns its status, output and messages.
func runToPipe(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	w, read := pipeOut(t)
	var errOut bytes.Buffer
	code := run(args, strings.NewReader(""), w, &errOut)
	return code, string(read()), errOut.String()
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
		"valid":     long(3 * spliceMinDefault),
		"bomvalid":  append([]byte(utf8x.BOM), long(2*spliceMinDefault)...),
		"edges":     append(append([]byte("\xFF"), long(spliceMinDefault+5)...), "\xE2\x82"...),
		"short":     []byte("a\xFFb"),
		"empty":     nil,
		"onlybom":   []byte(utf8x.BOM),
		"dense":     bytes.Repeat([]byte("ab\xFF\n\xE2\x82c"), 5000),
		"bomfaults": append([]byte(utf8x.BOM), bytes.Repeat([]byte("\x80x"), 100)...),
	}
	var mixed []byte
	for i := range 40 {
		mixed = append(mixed, long(rng.IntN(3*spliceMinDefault))...)
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
				for _, jobs := range []string{"1", "0", "2"} {
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
		want := c.want
		if want == 0 {
			want = runtime.NumCPU()
		}
		if got := c.o.drive(1, c.w).Workers(); got != want {
			t.Errorf("%+v to %T: %d workers, want %d", c.o, c.w, got, want)
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

// fuzzPolicies and fuzzBOMs are the --invalid and --bom values the fix fuzz
// targets pick from: every policy that repairs (strict never reaches
// fixSplice) and every byte order mark policy.
var (
	fuzzPolicies = []string{"replace", "skip", "escape", "cp1252", "latin1"}
	fuzzBOMs     = []string{"keep", "strip", "add"}
)

// fuzzSeeds are inputs with faults of every kind at the start, at the end,
// next to each other and around a byte order mark.
var fuzzSeeds = []string{
	"", "a", "\xFF", "\xEF\xBB\xBF", "\xEF\xBB\xBFa\xFF", "\xEF\xBB", "a\xE2\x82", "\xC0\xAFabc\xED\xA0\x80",
	"héllo wörld € 😀\n\xF0\x9F\x98x\xF4\x90\x80\x80", "\x93quoted\x94 text\x80\x80\x80",
	strings.Repeat("ab\xFF\n\xE2\x82c", 400), // more faults than one batch
	strings.Repeat("日本語 text ", 3000) + "\xE2\x82" + strings.Repeat("z", 20000) + "\xF8",
}

// pipeOut returns a pipe's writing end and a function that closes it and
// returns all that was read from the other end.
func pipeOut(t *testing.T) (*os.File, func() []byte) {
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
	return w, func() []byte {
		w.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		return out.Bytes()
	}
}

// FuzzFixSplice: fix of a regular file into a pipe (fixSplice: the valid
// runs spliced from the file, the repairs written between them) writes what
// the library's repair (utf8x.NewTransformer) writes and counts as many
// fixes, for every policy and byte order mark policy, whatever the block
// size (so faults fall on block edges) and the shortest run spliced (so
// that short inputs splice too).
func FuzzFixSplice(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add([]byte(s), uint8(i), uint16(i*37), uint16(i%4))
	}
	f.Fuzz(fuzzFixSpliceOne)
}

func fuzzFixSpliceOne(t *testing.T, p []byte, sel uint8, block, minRun uint16) {
	if len(p) > 64<<10 {
		p = p[:64<<10]
	}
	policy, err := utf8x.ParsePolicy(fuzzPolicies[int(sel)%len(fuzzPolicies)])
	if err != nil {
		t.Fatal(err)
	}
	bom, err := utf8x.ParseBOMPolicy(fuzzBOMs[int(sel)/len(fuzzPolicies)%len(fuzzBOMs)])
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(path, p, 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	w, output := pipeOut(t)
	// minRun 0 is the default (16 KiB); else runs of minRun bytes and
	// more are spliced.
	opts := fixOptions{policy: policy, bom: bom, blockSize: 4 + int(block), spliceMin: int(minRun % 512)}
	fixed, err := fixSplice(w, in, path, opts, nil)
	got := output()
	if err != nil {
		t.Fatalf("fixSplice: %v", err)
	}
	tr := utf8x.NewTransformer(policy, bom)
	want, _, err := transform.Bytes(tr, p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) || fixed != tr.Fixed() {
		t.Fatalf("%v, bom %v, block %d, splice from %d, input %q:\nfixSplice %d fixed, %q\nlibrary   %d fixed, %q",
			policy, bom, opts.blockSize, opts.spliceMin, p, fixed, got, tr.Fixed(), want)
	}
}

// FuzzFixConvertSame: for UTF-8 to UTF-8, convert and fix are the same
// repair. Both run through the command line on a file, into a buffer and
// into a pipe (where fix splices), as one stream and in ranges of
// rangeSize bytes on two jobs, and must write the same bytes.
func FuzzFixConvertSame(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add([]byte(s), uint8(i), uint16(i*7))
	}
	f.Fuzz(func(t *testing.T, p []byte, sel uint8, rangeSize uint16) {
		if len(p) > 64<<10 {
			p = p[:64<<10]
		}
		policy := fuzzPolicies[int(sel)%len(fuzzPolicies)]
		bom := fuzzBOMs[int(sel)/len(fuzzPolicies)%len(fuzzBOMs)]
		path := filepath.Join(t.TempDir(), "in")
		if err := os.WriteFile(path, p, 0o644); err != nil {
			t.Fatal(err)
		}
		flags := []string{"--invalid", policy, "--bom", bom, path}
		ranges := []string{"-j", "2", "--range-size", strconv.Itoa(1 + int(rangeSize)%8192)}
		fixArgs := append([]string{"fix", "-q"}, flags...)
		convArgs := append([]string{"convert", "-f", "utf-8", "-t", "utf-8"}, flags...)
		fcode, fout, ferr := runTool(fixArgs...)
		if fcode != 0 {
			t.Fatalf("%v: status %d, %s", fixArgs, fcode, ferr)
		}
		for _, args := range [][]string{fixArgs, convArgs, append(ranges, fixArgs...), append(ranges, convArgs...)} {
			if args[0] == "-j" {
				args = append(append([]string{args[4]}, args[:4]...), args[5:]...) // the command first
			}
			for _, toPipe := range []bool{false, true} {
				var code int
				var out, errOut string
				if toPipe {
					code, out, errOut = runToPipe(t, args...)
				} else {
					code, out, errOut = runTool(args...)
				}
				if code != 0 || out != fout {
					t.Fatalf("%v (into a pipe: %v) on %q: status %d, %q, %s\nfix into a buffer: %q", args, toPipe, p, code, out, errOut, fout)
				}
			}
		}
	})
}

// With faults close together and every run spliced, fixSplice's staging
// pipe runs out of room (each splice and each write takes one of its
// slots) and must be emptied into the output in the middle of a batch:
// the output is still the library's repair.
func TestFixSpliceStageFull(t *testing.T) {
	p := []byte(strings.Repeat("ab\xFF\ncd\xE2\x82é", 6000))
	for _, block := range []uint16{60000, 1000, 7} {
		for _, minRun := range []uint16{1, 3} {
			fuzzFixSpliceOne(t, p, 0, block, minRun)
		}
	}
}

// stage.writev writes its pieces in order, whatever their number (more
// than writev(2) takes at once) and size (more than the private pipe
// holds, so that it fills in the middle of a piece), empty ones included.
func TestStageWritev(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var pieces [][]byte
	var want []byte
	for i := range 3000 {
		p := make([]byte, rng.IntN(2000))
		for j := range p {
			p[j] = byte(i + j)
		}
		pieces = append(pieces, p)
		want = append(want, p...)
	}
	w, output := pipeOut(t)
	st := newStage(w)
	err := st.writev(pieces)
	if err == nil {
		err = st.flush()
	}
	st.close()
	got := output()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("wrote %d bytes, want %d (first difference at %d)", len(got), len(want), firstDiff(got, want))
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
