package mojibake

import (
	"os"
	"strings"
	"testing"
)

func TestZZDebug(t *testing.T) {
	s := os.Getenv("MOJI_DEBUG")
	if s == "" {
		t.Skip()
	}
	debugVeto = func(rs []rune, start, end int, out []rune, why string) {
		t.Logf("veto %q -> %q: %s (ub=%d ua=%d)", string(rs[start:end]), string(out), why, unseen(pick(rs, start-1), rs[start:end], pick(rs, end)), unseen(pick(rs, start-1), out, pick(rs, end)))
	}
	defer func() { debugVeto = nil }()
	for _, l := range strings.Split(s, "|") {
		out, cs := FixString(l)
		t.Logf("%q -> %q %v", l, out, cs)
	}
}

func pick(rs []rune, i int) rune {
	if i < 0 || i >= len(rs) {
		return none
	}
	return rs[i]
}
