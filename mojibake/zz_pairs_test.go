package mojibake

import (
	"os"
	"strings"
	"testing"
)

func TestZZPairs(t *testing.T) {
	s := os.Getenv("MOJI_PAIRS")
	if s == "" {
		t.Skip()
	}
	for _, w := range strings.Split(s, "|") {
		rs := []rune(w)
		var b strings.Builder
		for i := 0; i+1 < len(rs); i++ {
			seen := unseen(none, rs[i:i+2], none, 99)
			b.WriteString(string(rs[i:i+2]) + ":")
			if seen > 0 {
				b.WriteString("N ")
			} else {
				b.WriteString("y ")
			}
		}
		t.Logf("%q ub=%d: %s", w, unseen(none, rs, none, 99), b.String())
	}
}
