package mojibake

import (
	"fmt"
	"testing"
)

// TestImplFastAgrees checks implausible's fast paths (implFast and its
// implRare, the run of wide letters) against its general loop alone
// (implSlowOnly): Fix must do the same with and without them on the
// generators' mangled sentences and on the clean ones.
func TestImplFastAgrees(t *testing.T) {
	ss := sentences(t, 12)
	var ins []string
	for _, s := range ss {
		ins = append(ins, s)
		for _, m := range manglers() {
			if out, ok := m.f(s); ok && out != s {
				ins = append(ins, out)
			}
		}
	}
	fix := func(in string) string {
		out, cs := FixString(in)
		return fmt.Sprintf("%q %+v", out, cs)
	}
	defer func() { implSlowOnly = false }()
	diff := 0
	for _, in := range ins {
		implSlowOnly = false
		fast := fix(in)
		implSlowOnly = true
		slow := fix(in)
		if fast != slow {
			if diff++; diff <= 5 {
				t.Errorf("%q:\nfast %s\nslow %s", in, fast, slow)
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d of %d inputs differ", diff, len(ins))
	}
	t.Logf("%d inputs", len(ins))
}

// TestImplFastRandom checks implausibleAroundMargin with its fast paths
// against its general loop alone on random repairs mixing the scripts and
// the characters its rules look at (letters of Latin, Greek and Cyrillic
// beside one another, marks, controls, a troff font escape, CJK, Arabic,
// punctuation).
func TestImplFastRandom(t *testing.T) {
	FixString("Ã©tÃ©") // the tables and the model
	pool := []rune("aAzZéÉßЖжЯяαΩάΐ\u0301\u0308\u05B0\u0651\u0085\u0093\u00A0 .,'\"\\f中한カاבअ€–—’…\u200C\u200DếỘ\uFFFD\u2E80\u3000😀ƒŠ†")
	rng := uint64(1)
	rnd := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	defer func() { implSlowOnly = false }()
	diff := 0
	for k := range 300000 {
		out := make([]rune, 1+rnd(6))
		for i := range out {
			out[i] = pool[rnd(len(pool))]
		}
		rs := make([]rune, 2+rnd(8))
		for i := range rs {
			rs[i] = pool[rnd(len(pool))]
		}
		start := rnd(len(rs))
		end := start + 1 + rnd(len(rs)-start)
		us := stretchUnits{n: int32(1 + rnd(2)), firstWidth: 2}
		prev, next := pool[rnd(len(pool))], pool[rnd(len(pool))]
		if k%7 == 0 {
			prev = none
		}
		implSlowOnly = false
		w1, b1, a1 := implausibleAroundMargin(rs, start, end, us, nil, out, nil, prev, next, unseenMargin)
		implSlowOnly = true
		w2, b2, a2 := implausibleAroundMargin(rs, start, end, us, nil, out, nil, prev, next, unseenMargin)
		if w1 != w2 || b1 != b2 || a1 != a2 {
			if diff++; diff <= 5 {
				t.Errorf("%q in %q [%d:%d] between %q and %q: fast %q %d %d, slow %q %d %d", string(out), string(rs), start, end, prev, next, w1, b1, a1, w2, b2, a2)
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d differ", diff)
	}
}
