package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseCases(t *testing.T) {
	in := `{"set":"recall","chain":"windows-1252","in":"cafÃ©","want":"café"}

{"set":"recall","chain":"windows-1252, 81 8D 8F 90 9D dropped","lossy":true,"in":"x","want":"y"}
`
	cs, err := parseCases([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].In != "cafÃ©" || cs[0].Want != "café" || cs[0].Lossy || !cs[1].Lossy {
		t.Fatalf("got %+v", cs)
	}
	if _, err := parseCases([]byte(`{"set":"recall","in":"a","want":"a"}`)); err == nil {
		t.Error("a case without a chain was taken")
	}
	if _, err := parseCases([]byte(`{"set":`)); err == nil {
		t.Error("broken JSON was taken")
	}
}

// The inputs go to node and come back through JSON: newlines, U+2028,
// quotes and HTML characters must survive, and the count must hold.
func TestInputsAndPairs(t *testing.T) {
	ins := []string{"a\nb", "\u2028<&>\"", "", "Ã©"}
	lines := strings.Split(strings.TrimSuffix(string(encodeInputs(ins)), "\n"), "\n")
	if len(lines) != len(ins) {
		t.Fatalf("%d lines for %d inputs", len(lines), len(ins))
	}
	var answers []string
	for i, l := range lines {
		var s string
		if err := json.Unmarshal([]byte(l), &s); err != nil || s != ins[i] {
			t.Fatalf("line %d: %q (%v), want %q", i, s, err, ins[i])
		}
		b, _ := json.Marshal([]string{s, s + "!"})
		answers = append(answers, string(b))
	}
	out := strings.Join(answers, "\n") + "\n"
	first, second, err := parsePairs([]byte(out), len(ins))
	if err != nil {
		t.Fatal(err)
	}
	for i := range ins {
		if first[i] != ins[i] || second[i] != ins[i]+"!" {
			t.Errorf("answer %d: %q %q", i, first[i], second[i])
		}
	}
	if _, _, err := parsePairs([]byte(out), len(ins)+1); err == nil {
		t.Error("a missing answer went unnoticed")
	}
	if _, _, err := parsePairs([]byte(`["a"]`), 1); err == nil {
		t.Error("an answer of one string was taken")
	}
}

func TestScore(t *testing.T) {
	var s score
	exact := exportCase{In: "cafÃ©", Want: "café"}
	s.add(exact, "café")
	s.add(exact, "cafÃ©") // given back as it came
	s.add(exact, "caf�")  // U+FFFD counts only for lossy cases
	lossy := exportCase{In: "cafÃ", Want: "café", Lossy: true}
	s.add(lossy, "caf�")
	s.add(lossy, "caf") // shorter: not a match
	s.add(lossy, "cef�")
	if s != (score{exact: 1, lossyOK: 1, untouched: 1}) {
		t.Errorf("got %+v", s)
	}
	if matchLossy("a�", "ab") {
		t.Error("U+FFFD for an ASCII character taken as lossy")
	}
	if !matchLossy("��x", "éèx") {
		t.Error("two U+FFFD for two lost characters refused")
	}
}

func TestLineCompare(t *testing.T) {
	for _, c := range []struct {
		a, b          string
		lines, differ int
	}{
		{"a\nb\nc", "a\nb\nc", 3, 0},
		{"a\nb\nc", "a\nB\nc", 3, 1},
		{"a\nb\nc", "a\nb", 3, 1},
		{"a\nb", "a\nb\nc\nd", 2, 2},
		{"", "", 1, 0},
	} {
		lines, differ := lineCompare(c.a, c.b)
		if lines != c.lines || differ != c.differ {
			t.Errorf("lineCompare(%q, %q) = %d, %d; want %d, %d", c.a, c.b, lines, differ, c.lines, c.differ)
		}
	}
}

func TestRestored(t *testing.T) {
	clean := "plain\ncafé\nnaïve\nthé"
	mangled := "plain\ncafÃ©\nnaÃ¯ve\nthÃ©"
	changed, back := restored(clean, mangled, "plain\ncafé\nnaÃ¯ve\nthé")
	if changed != 3 || back != 2 {
		t.Errorf("got %d changed, %d back; want 3, 2", changed, back)
	}
	// An answer with lines joined or split restores nothing: the lines no
	// longer face each other.
	if _, back := restored(clean, mangled, "plain\ncafé naïve\nthé"); back != 0 {
		t.Errorf("%d lines counted back from an answer of another length", back)
	}
}

func TestAgreement(t *testing.T) {
	var a agreement
	a.add("x", "x", "x")
	a.add("Ã©", "é", "é")
	a.add("Ã©", "é", "Ã©")
	a.add("Ã©", "Ã©", "é")
	a.add("Ã©", "é", "e")
	if a != (agreement{alike: 1, onlyU: 1, onlyF: 1, differently: 1}) {
		t.Errorf("got %+v", a)
	}
}

func TestLineEx(t *testing.T) {
	ex := map[string][]string{}
	for range 3 {
		ex = lineEx(ex, 2, "s", "w", "Ã©", "é", "Ã©")
	}
	ex = lineEx(ex, 2, "s", "w", "x", "x", "x") // unchanged: no example
	ex = lineEx(ex, 2, "s", "w", "Ã©", "Ã©", "é")
	if len(ex["s"]) != 3 || !strings.HasPrefix(ex["s"][0], "utf8x only ") || !strings.HasPrefix(ex["s"][2], "ftfy only ") {
		t.Errorf("got %q", ex["s"])
	}
}

func TestMangledEx(t *testing.T) {
	clean := "café\nthé\nnaïve"
	mangled := "cafÃ©\nthÃ©\nnaÃ¯ve"
	u := "café\nthÃ©\nnaïve"
	f := "cafÃ©\nthé\nnaïve"
	ex := mangledEx(nil, 1, "t", clean, mangled, u, f)
	if len(ex) != 2 || !strings.Contains(ex[0], "only utf8x") || !strings.Contains(ex[0], `"café"`) || !strings.Contains(ex[1], "only ftfy") || !strings.Contains(ex[1], `"thé"`) {
		t.Fatalf("got %q", ex)
	}
	if ex = mangledEx(ex, 1, "t", clean, mangled, u, f); len(ex) != 2 {
		t.Errorf("past the limit: %q", ex)
	}
}

func TestAddedFFFD(t *testing.T) {
	if n := addedFFFD("a\nb�\nc", "a\nb�\nc�"); n != 1 {
		t.Errorf("got %d, want 1 (the U+FFFD the clean line holds does not count)", n)
	}
	if n := addedFFFD("a\nb", "a�"); n != 1 {
		t.Errorf("lines joined: got %d, want 1", n)
	}
}

func TestJudgeDoc(t *testing.T) {
	clean := "plain\ncafé\nnaïve\nthé\nà\n\u00a0x"
	// The last line's only non-ASCII, a no-break space, became a space:
	// nothing is left to repair, and it does not count.
	mangled := "plain\ncafÃ©\nnaÃ¯ve\nthÃ©\nÃ\u00a0\n x"
	got := "plain\ncafé\nnaÃ¯ve\nthè\nà\n x"
	var misses []string
	c := judgeDoc(clean, mangled, got, false, nil, func(want, in, out string) { misses = append(misses, want) })
	want := wholeCount{docs: 1, high: 5, mangled: 4, exact: 2, left: 1, wrong: 1}
	if c != want {
		t.Errorf("got %+v, want %+v", c, want)
	}
	if len(misses) != 2 || misses[0] != "naïve" || misses[1] != "thé" {
		t.Errorf("misses %q", misses)
	}
	// A line left out (the clean document's own mojibake) counts nowhere.
	if c := judgeDoc(clean, mangled, got, false, map[int]bool{3: true}, nil); c.mangled != 3 || c.wrong != 0 {
		t.Errorf("with line 3 left out: %+v", c)
	}
	// A lossy chain counts U+FFFD for a lost character apart.
	if c := judgeDoc("é", "Ã", "\ufffd", true, nil, nil); c.lossyOK != 1 || c.exact != 0 {
		t.Errorf("lossy: %+v", c)
	}
	// Lines a clean one left alone that the fixer changes are harm.
	if c := judgeDoc("x\ny", "x\ny", "x\nz", false, nil, nil); c.harmed != 1 {
		t.Errorf("harm: %+v", c)
	}
}
