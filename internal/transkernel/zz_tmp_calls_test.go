package transkernel_test

import (
	"os"
	"testing"

	"github.com/utf8x/utf8x/internal/transkernel"
)

func TestTmpCalls(t *testing.T) {
	for _, f := range []string{"Arabic", "Chinese"} {
		text, _ := os.ReadFile("/work/shared/corpus/lipsum/" + f + "-Lipsum.utf8.txt")
		dst := make([]byte, 4*len(text)+256)
		for _, set := range []string{"avx512vbmi2", "avx512bw", "avx2"} {
			transkernel.Use(set)
			calls, zero := 0, 0
			src := text
			for len(src) > 0 {
				_, s := transkernel.UTF8ToUTF16LE(dst, src)
				calls++
				if s == 0 {
					zero++
					s = min(4, len(src))
				}
				src = src[s:]
			}
			t.Logf("%s %s: %d calls, %d zero, len %d", f, set, calls, zero, len(text))
		}
		transkernel.Reset()
	}
}
