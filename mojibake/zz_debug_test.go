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
		t.Logf("veto %q -> %q: %s (ub=%d ua=%d)", string(rs[start:end]), string(out), why, unseen(pick(rs, start-1), rs[start:end], pick(rs, end), 1<<30), unseen(pick(rs, start-1), out, pick(rs, end), 1<<30))
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

func TestZZMissReasons(t *testing.T) {
	if os.Getenv("MOJI_MISS") == "" {
		t.Skip()
	}
	root := trainingRoot(t)
	ss := heldOutSentences(t, root, 8)
	for _, m := range trainingManglers() {
		if !strings.Contains(m.name, os.Getenv("MOJI_MISS")) {
			continue
		}
		reasons := map[string]int{}
		examples := map[string][]string{}
		for _, s := range ss {
			mangled, ok := m.f(s)
			if !ok || mangled == s {
				continue
			}
			var why []string
			debugVeto = func(rs []rune, start, end int, out []rune, w string) {
				why = append(why, w+": "+string(rs[start:end])+" -> "+string(out))
			}
			out, _ := FixString(mangled)
			debugVeto = nil
			if out == s || m.lossy && matchLossy(out, s) {
				continue
			}
			key := "none"
			if len(why) > 0 {
				key = strings.SplitN(why[0], ":", 2)[0]
			}
			reasons[key]++
			if len(examples[key]) < 6 {
				examples[key] = append(examples[key], s+"\n      got "+out+"\n      "+strings.Join(why, "\n      "))
			}
		}
		t.Logf("%s: %v", m.name, reasons)
		for k, ex := range examples {
			for _, e := range ex {
				t.Logf("  [%s] %s", k, e)
			}
		}
	}
}
