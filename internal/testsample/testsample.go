// Package testsample holds what the tests of every package share: the
// thinning of exhaustive sweeps under go test -short, the forcing of each
// kernel set in turn, and readers that fail. Only tests import it.
package testsample

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/utf8x/utf8x/internal/convkernel"
	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// Sampled reports whether a case of an exhaustive sweep runs: always, except
// under go test -short, which keeps about one case in every, picked by a hash
// of the case's coordinates so that the kept cases spread over every offset,
// length and block position instead of following a stride. Every test still
// runs, every kernel included; only the sweep thins out.
func Sampled(every int, keys ...int) bool {
	return !testing.Short() || Thin(every, keys...)
}

// Thin keeps one case in every, picked by a hash of the coordinates keys, in
// every run, -short or not: for sweeps too large to run whole even then.
func Thin(every int, keys ...int) bool {
	h := uint64(0x9E3779B97F4A7C15)
	for _, k := range keys {
		h ^= uint64(k)
		h *= 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h%uint64(every) == 0
}

// Sets is a kernel package's registry of kernel sets as tests see it, so
// that one function forces each set in turn for every package's tests.
type Sets struct {
	What      string                                    // "validation kernel set", ...
	Names     func() []string                           // every set compiled in, best first
	Use       func(name string) bool                    // force one; false if this CPU cannot
	Supported func(name string) (ok bool, lacks string) // why not
	Reset     func()                                    // back to the start-up choice
}

// Validation is internal/utf8kernel's sets, each given every input length (the
// short inputs the set would leave to the portable code included, so that
// tests reach its tail handling).
var Validation = Sets{
	What:      "validation kernel set",
	Names:     utf8kernel.Kernels,
	Use:       func(name string) bool { return utf8kernel.Use(name, true) },
	Supported: utf8kernel.Supported,
	Reset:     utf8kernel.Reset,
}

// ValidationAsRun is internal/utf8kernel's sets as the library runs them, short
// inputs left to the portable code: for benchmarks.
var ValidationAsRun = Sets{
	What:      "validation kernel set",
	Names:     utf8kernel.Kernels,
	Use:       func(name string) bool { return utf8kernel.Use(name, false) },
	Supported: utf8kernel.Supported,
	Reset:     utf8kernel.Reset,
}

// Transcoding is internal/convkernel's sets.
var Transcoding = Sets{
	What:      "transcoding kernel set",
	Names:     convkernel.Kernels,
	Use:       convkernel.Use,
	Supported: convkernel.Supported,
	Reset:     convkernel.Reset,
}

// Each runs f in a subtest named after each set, with that set forced, and
// restores the start-up choice after it. A set this CPU cannot run is skipped
// with a message that starts with SKIPPED and says what the CPU lacks, so
// that `go test -v` shows every kernel left untested.
func (s Sets) Each(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, name := range s.Names() {
		t.Run(name, func(t *testing.T) {
			s.Force(t, name)
			f(t)
		})
	}
}

// Force forces the named set for the rest of tb (a test, benchmark or fuzz
// target), restoring the start-up choice at its end, or skips tb loudly when
// this CPU cannot run the set.
func (s Sets) Force(tb testing.TB, name string) {
	tb.Helper()
	if !s.Use(name) {
		_, lacks := s.Supported(name)
		tb.Skipf("SKIPPED: %s %s not tested, this machine lacks %s", s.What, name, lacks)
	}
	tb.Cleanup(s.Reset)
}

// Runnable calls f with each set this CPU can run forced in turn (no
// subtests: for fuzz bodies, which compare every set on one input), and then
// restores the start-up choice.
func (s Sets) Runnable(f func(name string)) {
	defer s.Reset()
	for _, name := range s.Names() {
		if s.Use(name) {
			f(name)
		}
	}
}

// FailingReader returns the first n bytes of data, in reads of at most step
// bytes, and then err: a disk that fails part way through a file.
func FailingReader(data []byte, n, step int, err error) io.Reader {
	return io.MultiReader(&stepReader{data[:n], step}, iotest.ErrReader(err))
}

type stepReader struct {
	data []byte
	step int
}

func (r *stepReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.step)], r.data)
	r.data = r.data[k:]
	return k, nil
}

// CorpusDir returns the directory of the shared test corpus: $UTF8X_CORPUS
// when set, else shared/corpus beside the module's root (../shared/corpus
// from the repository), and whether it is there. The corpus is test data
// that comes with the workplace, not with the repository; tests that need it
// skip without it. When it is absent, CorpusDir says so once per test
// binary on the terminal, where go test's own output (which shows a passing
// package's skips only under -v) does not reach.
func CorpusDir() (string, bool) {
	dir := os.Getenv("UTF8X_CORPUS")
	if dir == "" {
		dir = filepath.Join(moduleRoot(), "..", "shared", "corpus")
	}
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return dir, true
	}
	absentOnce.Do(func() {
		if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
			fmt.Fprintf(tty, "note: no test corpus at %s: the tests that read it skip (see the README, \"The test corpus\")\n", dir)
			tty.Close()
		}
	})
	return dir, false
}

var absentOnce sync.Once

// Corpus returns the corpus's files matching pattern (a filepath.Glob
// pattern relative to the corpus, such as "*/*.utf8.txt"), or skips tb with
// the reason when the corpus is absent or holds no such file.
func Corpus(tb testing.TB, pattern string) []string {
	tb.Helper()
	files := CorpusFiles(pattern)
	if len(files) == 0 {
		dir, _ := CorpusDir()
		tb.Skipf("SKIPPED: no %s in the test corpus %s (see the README, \"The test corpus\")", pattern, dir)
	}
	return files
}

// CorpusFiles is Corpus for tests that run without the corpus too: nil when
// it is absent.
func CorpusFiles(pattern string) []string {
	dir, ok := CorpusDir()
	if !ok {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(dir, pattern))
	return files
}

// moduleRoot is the nearest directory up from the working directory (a
// test's package directory) that holds a go.mod.
func moduleRoot() string {
	d, err := os.Getwd()
	if err != nil {
		return "."
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return "."
		}
		d = up
	}
}

// ChunkReader returns a reader of r that yields at most n bytes a read, as
// a pipe or a socket does.
func ChunkReader(r io.Reader, n int) io.Reader { return chunkReader{r, n} }

type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }
