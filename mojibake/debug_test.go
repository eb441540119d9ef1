package mojibake

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Development aids, not tests: each skips unless its variable is set.

// TestDebugLines fixes the lines of MOJI_DEBUG (separated by |) and logs
// each change and each repair implausible refused, with its reason.
func TestDebugLines(t *testing.T) {
	s := os.Getenv("MOJI_DEBUG")
	if s == "" {
		t.Skip("a development aid: set MOJI_DEBUG='line|line' to trace the decisions on those lines")
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

// TestDebugMisses lists, for the chains of TestTrainingRecall whose name
// holds MOJI_MISS, why lines were not repaired: the first reason
// implausible gave, or none when no repair was tried.
func TestDebugMisses(t *testing.T) {
	if os.Getenv("MOJI_MISS") == "" {
		t.Skip("a development aid: set MOJI_MISS to part of a chain's name to list its misses by reason")
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

// TestDebugCorpusWrong writes to the file MOJI_CORPUS_WRONG each line of
// the corpus texts (lipsum and wikipedia_mars) misread whole as
// Windows-1252 and as Windows-1251 that Fix does not give back exactly,
// and logs how many: the count BENCHMARKS.md quotes for those texts.
func TestDebugCorpusWrong(t *testing.T) {
	path := os.Getenv("MOJI_CORPUS_WRONG")
	if path == "" {
		t.Skip("a development aid: set MOJI_CORPUS_WRONG to a file to list the corpus lines misread whole that Fix does not restore")
	}
	names, texts := corpusInputs(t, "lipsum/*.utf8.txt", "wikipedia_mars/*.utf8.txt")
	var b strings.Builder
	wrong := 0
	for _, e := range []Codepage{Windows1252, Windows1251} {
		for i, name := range names {
			fixed, _ := Fix(misreadBytes(e)(texts[i]))
			clean, got := strings.Split(string(texts[i]), "\n"), strings.Split(string(fixed), "\n")
			if len(clean) != len(got) {
				t.Errorf("%s as %v: %d lines, %d after Fix", filepath.Base(name), e, len(clean), len(got))
				continue
			}
			for k := range clean {
				if clean[k] != got[k] {
					wrong++
					fmt.Fprintf(&b, "%s %v %d: %q\n", filepath.Base(name), e, k, got[k])
				}
			}
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d lines not restored", wrong)
}

// TestDebugPairs logs which pairs of the words in MOJI_PAIRS (separated by
// |) the model of real text holds.
func TestDebugPairs(t *testing.T) {
	s := os.Getenv("MOJI_PAIRS")
	if s == "" {
		t.Skip("a development aid: set MOJI_PAIRS='word|word' to see which of their pairs the model holds")
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

// TestDebugPeerMisses lists, for the cases of the file bench/cmd/mojipeers
// -misses wrote (each a line ftfy restores and utf8x does not) whose
// "where" holds MOJI_PEER_WHERE, why Fix leaves them: the first reason
// implausible gave, or none when no repair was tried ("FIXED" when the
// line alone comes back: it failed inside its text only).
func TestDebugPeerMisses(t *testing.T) {
	path := os.Getenv("MOJI_PEER_MISSES")
	if path == "" {
		t.Skip("a development aid: set MOJI_PEER_MISSES to the file mojipeers -misses wrote (and MOJI_PEER_WHERE to filter)")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]int{}
	examples := map[string][]string{}
	seen := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		var m struct{ Where, Want, In string }
		if json.Unmarshal([]byte(l), &m) != nil || !strings.Contains(m.Where, os.Getenv("MOJI_PEER_WHERE")) || seen[m.In] {
			continue
		}
		seen[m.In] = true
		var why []string
		debugVeto = func(rs []rune, start, end int, out []rune, w string) {
			why = append(why, w+": "+string(rs[start:end])+" -> "+string(out))
		}
		out, _ := FixString(m.In)
		debugVeto = nil
		key := "none"
		switch {
		case out == m.Want || matchLossy(out, m.Want):
			key = "FIXED"
		case len(why) > 0:
			key = strings.SplitN(why[0], ":", 2)[0]
		}
		reasons[key]++
		if len(examples[key]) < 8 {
			examples[key] = append(examples[key], m.Where+": "+m.In+"\n      got "+out+"\n      "+strings.Join(why, "\n      "))
		}
	}
	t.Logf("%v", reasons)
	keys := make([]string, 0, len(examples))
	for k := range examples {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, e := range examples[k] {
			t.Logf("  [%s] %s", k, e)
		}
	}
}
