package transcode

import (
	"github.com/utf8x/utf8x/internal/testsample"
	"strings"
	"testing"
)

// TestAccelInjectedDeep puts every injection at every offset of 1- to 3-byte
// text some ten blocks long, for the UTF-32 kernels: their windows path does
// each block's checks one turn ahead, while converting the block before, so
// an error must be caught there from the third block on too, which the
// sampled offsets of TestAccelInjected reach only in part.
func TestAccelInjectedDeep(t *testing.T) {
	backgrounds := []string{
		accelBackgrounds[len(accelBackgrounds)-2],
		"한국어 ab 문장, 공백과 구두점.x 1 2 3 ",
		"我能吞下玻璃 a 私はガラス 食べ abc られます",
	}
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, p := range kernelPairs() {
			if !strings.Contains(p.name, "ToUTF32") {
				continue
			}
			for _, bg := range backgrounds {
				base := p.input(cycle(bg, 333))
				for _, inj := range accelInjections {
					for at := 0; at <= len(base); at++ {
						src := append(append(append([]byte{}, base[:at]...), inj...), base[at:]...)
						comparePair(t, p, src, p.ratio*len(src)+8)
						comparePair(t, p, src, p.ratio*len(src)/2)
					}
				}
			}
		}
	})
}
