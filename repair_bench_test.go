package utf8x_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/utf8x/utf8x"
)

// spacedErrors is mixed-script text of about size bytes with an ill-formed
// byte (FF, then a truncated E2 82, in turn) after every gap bytes of valid
// text, each inserted at a character boundary.
func spacedErrors(size, gap int) []byte {
	const text = "The quick brown fox jumps — naïve café, Ελληνικά, 日本語のテキスト, 😀 emoji.\n"
	bad := [][]byte{{0xFF}, {0xE2, 0x82}}
	var p []byte
	run := 0
	for i := 0; len(p) < size; i++ {
		for _, r := range text {
			if run >= gap {
				p = append(p, bad[i%2]...)
				run = 0
			}
			n := len(p)
			p = utf8x.AppendRune(p, r)
			run += len(p) - n
		}
	}
	return p
}

// cpuLoop runs f b.N times and reports, beside the wall time, the thread's
// CPU time per call (cpu-ns/op): on a shared machine a thread waits for a
// core for much of its wall time. The thread is locked so that its clock
// counts f only.
func cpuLoop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadTime()
	for b.Loop() {
		f()
	}
	if cpu := threadTime() - start; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkRepairSpaced is repair (AppendValid, and Transformer.Transform
// into a 32 KiB buffer as a transform.Reader drives it) on 64 KiB with an error
// every gap bytes (gap=random: 5% of the bytes overwritten at random places;
// gap=none: valid), for the policies whose per-error cost differs. On a
// loaded machine compare its cpu-ns/op, not its sec/op.
func BenchmarkRepairSpaced(b *testing.B) {
	policies := []struct {
		name string
		p    utf8x.Policy
	}{{"replace", utf8x.Replace}, {"skip", utf8x.Skip}, {"escape", utf8x.Escape}}
	for _, gap := range []int{16, 64, 256, 1024, 0, -1} {
		var name string
		var src []byte
		switch gap {
		case 0:
			// Not evenly spaced: 5% of the bytes overwritten by random
			// bytes 80-FF at random places, as bench/cmd/repair does.
			name, src = "gap=random", spacedErrors(64<<10, 1<<30)
			rng := rand.New(rand.NewPCG(15, 5))
			for range len(src) / 20 {
				src[rng.IntN(len(src))] = byte(0x80 + rng.IntN(0x80))
			}
		case -1:
			name, src = "gap=none", spacedErrors(64<<10, 1<<30) // valid
		default:
			name, src = "gap="+itoa(gap), spacedErrors(64<<10, gap)
		}
		dst := make([]byte, 0, 4*len(src))
		for _, pol := range policies {
			b.Run("AppendValid/"+name+"/"+pol.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				cpuLoop(b, func() { dst, _, _ = utf8x.AppendValid(dst[:0], src, pol.p) })
			})
			b.Run("Transform/"+name+"/"+pol.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				t := utf8x.NewTransformer(pol.p, utf8x.BOMKeep)
				buf := make([]byte, 32<<10)
				cpuLoop(b, func() {
					t.Reset()
					for s := src; len(s) > 0; {
						_, n, err := t.Transform(buf, s, true)
						if err != nil && n == 0 {
							b.Fatal(err)
						}
						s = s[n:]
					}
				})
			})
		}
	}
}
