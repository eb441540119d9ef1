//go:build linux

package multibyte

import (
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"golang.org/x/text/transform"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestSpeedVsXText (MULTIBYTE_SPEED=1) measures each codec and x/text's on
// the same input, alternating, by the CPU time of the measuring thread, so
// that other load on the machine does not skew the ratio. It logs figures
// and asserts nothing: speed is shown, not tested.
func TestSpeedVsXText(t *testing.T) {
	if os.Getenv("MULTIBYTE_SPEED") == "" {
		t.Skip("set MULTIBYTE_SPEED=1 to measure against x/text by thread CPU time")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	measure := func(tr transform.Transformer, in, dst []byte) time.Duration {
		best := time.Duration(1 << 62)
		for round := 0; round < 5; round++ {
			start := threadCPU()
			n := 0
			for threadCPU()-start < 60*time.Millisecond {
				for i := 0; i < 8; i++ {
					tr.Reset()
					if _, _, err := tr.Transform(dst, in, true); err != nil {
						t.Fatal(err)
					}
				}
				n += 8
			}
			if d := (threadCPU() - start) / time.Duration(n); d < best {
				best = d
			}
		}
		return best
	}
	mbs := func(n int, d time.Duration) float64 { return float64(n) / d.Seconds() / 1e6 }
	for _, bc := range benchCases {
		text := []byte(benchText(bc.script))
		enc, _, err := transform.Bytes(bc.xt.NewEncoder(), text)
		if err != nil {
			t.Fatal(err)
		}
		dst := make([]byte, 4*len(text)+64)
		ours, _ := bc.c.NewEncoder(Strict, "")
		du, dx := measure(bc.c.NewDecoder(Replace), enc, dst), measure(bc.xt.NewDecoder(), enc, dst)
		eu, ex := measure(ours, text, dst), measure(bc.xt.NewEncoder(), text, dst)
		t.Logf("%-12s decode %7.1f MB/s (x/text %7.1f, x%.2f)   encode %7.1f MB/s (x/text %7.1f, x%.2f)",
			bc.c.Name, mbs(len(enc), du), mbs(len(enc), dx), float64(dx)/float64(du),
			mbs(len(text), eu), mbs(len(text), ex), float64(ex)/float64(eu))
	}
}
