package utf8kernel_test

import (
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"testing"
)

// TestRandomInputs checks every kernel set on random inputs built from the
// bytes that matter to UTF-8 (ASCII, continuations, each lead, invalid
// bytes) and on valid text with random bytes overwritten. It stands in for
// the fuzz targets where they cannot run: under user-mode emulation
// (qemu-aarch64) the fuzzing engine's worker processes fail to start.
func TestRandomInputs(t *testing.T) {
	alphabet := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
		0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFF}
	text := []byte(fill(nil, "aé€😀Ω中x𝄞", 512))
	iters := 20000
	if testing.Short() {
		iters = 5000
	}
	testsample.Validation.Each(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 0; i < iters; i++ {
			n := rng.IntN(300)
			var p []byte
			if i%2 == 0 {
				p = make([]byte, n)
				for j := range p {
					p[j] = alphabet[rng.IntN(len(alphabet))]
				}
			} else {
				p = append([]byte(nil), text[:n]...)
				for k := rng.IntN(3); k > 0 && n > 0; k-- {
					p[rng.IntN(n)] = alphabet[rng.IntN(len(alphabet))]
				}
			}
			check(t, p)
		}
	})
}
