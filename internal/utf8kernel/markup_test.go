package utf8kernel_test

import (
	"github.com/utf8x/utf8x/internal/testsample"
	"strings"
	"testing"
)

// markupInputs are texts shaped like HTML pages: ASCII runs of lengths on
// both sides of the block sizes, of a step of blocks and of the number of
// ASCII steps after which a validator tries its four-block ASCII loop,
// alternating with short runs of non-ASCII characters. The validators take
// the ASCII step, the checked step, the four-block loop and the ways
// between them in every order and at every alignment on these.
func markupInputs() [][]byte {
	runs := []int{0, 1, 5, 31, 32, 33, 63, 64, 65, 95, 127, 128, 129, 191, 192, 193,
		255, 256, 257, 319, 320, 383, 384, 385, 447, 511, 512, 513, 639, 767, 769}
	others := []string{"é", "€", "😀", "éa€", "ã o", "中文"}
	var inputs [][]byte
	for i := range runs {
		var b []byte
		// Each input takes its ASCII runs from a window of the list, so
		// that long and short runs follow one another.
		for k := 0; len(b) < 1400; k++ {
			b = append(b, strings.Repeat("<a>", 1+runs[(i+k*7)%len(runs)]/3)[:runs[(i+k*7)%len(runs)]]...)
			b = append(b, strings.Repeat(others[(i+k)%len(others)], 1+k%3)...)
		}
		inputs = append(inputs, b)
	}
	return inputs
}

// TestMarkupEveryLength checks every prefix of the markup inputs (so that
// each way of entering and leaving the ASCII paths meets the end of the
// input, and characters are cut at it), with every set forced.
func TestMarkupEveryLength(t *testing.T) {
	inputs := markupInputs()
	testsample.Validation.Each(t, func(t *testing.T) {
		for i, b := range inputs {
			for n := 0; n <= len(b); n++ {
				if !testsample.Sampled(8, i, n) {
					continue
				}
				check(t, b[:n])
				if testsample.Sampled(4, n) {
					checkNUL(t, b[:n], refPrefix(b[:n]))
				}
			}
		}
	})
}

// TestMarkupErrorEveryPosition puts an error (an invalid byte, a stray
// continuation, a character cut short, a surrogate) at every position of
// the markup inputs, and a NUL or ESC with some of them, with every set
// forced: each error falls in an ASCII step, a checked step, either block
// of a step, the four-block loop and the block after it.
func TestMarkupErrorEveryPosition(t *testing.T) {
	errs := []string{"\xFF", "\x80", "\xE2\x82", "\xED\xA0\x80", "\xF0\x9F\x98"}
	inputs := markupInputs()
	testsample.Validation.Each(t, func(t *testing.T) {
		var c []byte
		for i, b := range inputs {
			for off := range b {
				for j, e := range errs {
					if off+len(e) > len(b) || !testsample.Sampled(16, i, off, j) {
						continue
					}
					c = append(c[:0], b...)
					copy(c[off:], e)
					check(t, c)
					if testsample.Sampled(8, i, off, j) {
						if z := (off * 13) % len(c); z < off || z >= off+len(e) {
							c[z] = byte(0x1B * (z & 1)) // NUL or ESC
						}
						checkNUL(t, c, refPrefix(c))
					}
				}
			}
		}
	})
}
