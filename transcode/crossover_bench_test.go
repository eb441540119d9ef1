package transcode

import (
	"fmt"
	"testing"
)

// BenchmarkCrossover times each accelerated kernel beside its scalar kernel
// on short inputs: the figures behind convkernel.MinLen and the kernel sets'
// Latin-1 thresholds, below which accelerate leaves the vector kernel out.
func BenchmarkCrossover(b *testing.B) {
	texts := map[string]string{
		"ascii": accelBackgrounds[0],
		"latin": accelBackgrounds[1],
		"cjk":   accelBackgrounds[3],
		"emoji": accelBackgrounds[4],
	}
	for _, p := range kernelPairs() {
		for tn, t := range texts {
			if p.name == "utf8ToLatin1" && tn != "ascii" && tn != "latin" {
				continue
			}
			for _, n := range []int{8, 16, 32, 48, 64, 96, 128, 192, 270, 512} {
				src := p.input(cycle(t, n))
				dst := make([]byte, p.ratio*len(src)+8)
				for _, k := range []struct {
					name string
					f    kernel
				}{{"accel", p.fast}, {"scalar", p.sc}} {
					b.Run(fmt.Sprintf("%s/%s/%d/%s", p.name, tn, n, k.name), func(b *testing.B) {
						b.SetBytes(int64(len(src)))
						for b.Loop() {
							k.f(dst, src)
						}
					})
				}
			}
		}
	}
}
