package utf8kernel_test

import (
	"bytes"
	"github.com/utf8x/utf8x/internal/testsample"
	"slices"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// These benchmarks are for tuning the kernels one against another; the
// comparison with other libraries lives in the bench module.

var benchInputs = []struct {
	name string
	p    []byte
}{
	{"ascii8", fill(nil, "a", 8)},
	{"mixed8", fill(nil, "aé€", 8)},
	{"ascii32", fill(nil, "a", 32)},
	{"mixed32", fill(nil, "aé€😀", 32)},
	{"cjk32", fill(nil, "中", 32)},
	{"ascii1K", fill(nil, "a", 1024)},
	{"cjk1K", fill(nil, "中", 1024)},
	{"ascii64K", fill(nil, "a", 65536)},
	{"2byte64K", fill(nil, "é", 65536)},
	{"cjk64K", fill(nil, "中", 65536)},
	{"mixed64K", fill(nil, "aé€😀", 65536)},
}

func BenchmarkValidPrefix(b *testing.B) {
	for _, in := range benchInputs {
		b.Run("utf8/"+in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.p)))
			for b.Loop() {
				utf8.Valid(in.p)
			}
		})
		for _, name := range utf8kernel.Kernels() {
			b.Run(name+"/"+in.name, func(b *testing.B) {
				testsample.ValidationAsRun.Force(b, name)
				b.SetBytes(int64(len(in.p)))
				for b.Loop() {
					utf8kernel.ValidPrefix(in.p)
				}
			})
		}
	}
}

func BenchmarkCount(b *testing.B) {
	for _, in := range benchInputs {
		b.Run("utf8/"+in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.p)))
			for b.Loop() {
				utf8.RuneCount(in.p)
			}
		})
		for _, name := range utf8kernel.Kernels() {
			b.Run(name+"/"+in.name, func(b *testing.B) {
				testsample.ValidationAsRun.Force(b, name)
				b.SetBytes(int64(len(in.p)))
				for b.Loop() {
					utf8kernel.CountRunes(in.p)
				}
			})
		}
	}
}

// BenchmarkValidNUL sets ValidNUL, ValidCountNUL, ValidMarks and
// ValidCountMarks beside ValidPrefix with each set, and ValidPrefix
// followed by bytes.IndexByte (what a caller did before ValidNUL), on the
// long inputs: both are timed in each iteration, and "x-ValidPrefix" is
// the median ratio of ValidPrefix's time to theirs (1.0: free), which holds
// on a loaded machine where single timings do not.
func BenchmarkValidNUL(b *testing.B) {
	for _, in := range benchInputs {
		if len(in.p) < 65536 {
			continue
		}
		p := in.p
		for _, name := range utf8kernel.Kernels() {
			for _, c := range []struct {
				entry string
				f     func()
			}{
				{"ValidNUL", func() { utf8kernel.ValidNUL(p) }},
				{"ValidCountNUL", func() { utf8kernel.ValidCountNUL(p) }},
				{"ValidMarks", func() { utf8kernel.ValidMarks(p) }},
				{"ValidCountMarks", func() { utf8kernel.ValidCountMarks(p) }},
				{"ValidPrefix+IndexByte", func() { n := utf8kernel.ValidPrefix(p); bytes.IndexByte(p[:n], 0) }},
			} {
				b.Run(name+"/"+c.entry+"/"+in.name, func(b *testing.B) {
					pairedRatio(b, name, len(p), func() { utf8kernel.ValidPrefix(p) }, c.f, "x-ValidPrefix")
				})
			}
		}
	}
}

// BenchmarkValidRunes times ValidRunes and ValidCount against each other in
// each iteration, with each set, on the long inputs: "x-ValidCount" is the
// median ratio of ValidCount's time to ValidRunes' (above 1: ValidRunes,
// which leaves out the ASCII count, is faster), steady on a loaded machine
// where single timings are not.
func BenchmarkValidRunes(b *testing.B) {
	for _, in := range benchInputs {
		if len(in.p) < 65536 {
			continue
		}
		p := in.p
		for _, name := range utf8kernel.Kernels() {
			b.Run(name+"/"+in.name, func(b *testing.B) {
				pairedRatio(b, name, len(p), func() { utf8kernel.ValidCount(p) }, func() { utf8kernel.ValidRunes(p) }, "x-ValidCount")
			})
		}
	}
}

// pairedRatio times base and f one after the other in each iteration with
// kernel set forced, on n bytes, and reports the median ratio of base's
// time to f's as metric: steady on a loaded machine, where single timings
// are not.
func pairedRatio(b *testing.B, set string, n int, base, f func(), metric string) {
	testsample.ValidationAsRun.Force(b, set)
	b.SetBytes(int64(n))
	ratios := make([]float64, 0, b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		base()
		t1 := time.Now()
		f()
		t2 := time.Now()
		ratios = append(ratios, float64(t1.Sub(t0))/float64(t2.Sub(t1)))
	}
	slices.Sort(ratios)
	b.ReportMetric(ratios[len(ratios)/2], metric)
}
