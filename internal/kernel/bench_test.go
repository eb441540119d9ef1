package kernel_test

import (
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/kernel"
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
		for _, name := range kernel.Kernels() {
			b.Run(name+"/"+in.name, func(b *testing.B) {
				if !kernel.Use(name, false) {
					b.Skip("unsupported")
				}
				defer kernel.Reset()
				b.SetBytes(int64(len(in.p)))
				for b.Loop() {
					kernel.ValidPrefix(in.p)
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
		for _, name := range kernel.Kernels() {
			b.Run(name+"/"+in.name, func(b *testing.B) {
				if !kernel.Use(name, false) {
					b.Skip("unsupported")
				}
				defer kernel.Reset()
				b.SetBytes(int64(len(in.p)))
				for b.Loop() {
					kernel.CountRunes(in.p)
				}
			})
		}
	}
}
