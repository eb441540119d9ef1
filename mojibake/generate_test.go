package mojibake

import (
	"bufio"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"os"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// The generator: clean sentences in many languages are misread through each
// chain the package claims to undo, and Fix must give the sentence back. The
// misreading here is written independently of the package, straight from
// x/text's tables, so that a mistake in the package's own tables shows.

var testCharmaps = [numEncodings]*charmap.Charmap{
	charmap.Windows1252, charmap.ISO8859_1, charmap.Windows1250, charmap.Windows1251,
	charmap.Windows1253, charmap.Windows1254, charmap.Windows1257, charmap.Macintosh,
	charmap.CodePage437, charmap.KOI8R,
}

// loss is how a misreading lost bytes.
type loss int

const (
	lossNone    loss = iota // unassigned 80-9F bytes read as C1 controls (WHATWG)
	lossFFFD                // unassigned bytes read as U+FFFD
	lossDrop                // unassigned bytes dropped
	lossNBSP                // no-break spaces turned into spaces
	lossC1Strip             // C1 controls stripped (after a Latin-1 reading)
)

// misread returns the UTF-8 bytes of s read as e, one byte per character,
// and false when e cannot read them without a loss the mode does not allow.
func misread(s string, e Codepage, mode loss) (string, bool) {
	cm := testCharmaps[e]
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 {
			b.WriteByte(c)
			continue
		}
		r := cm.DecodeByte(c)
		if r == utf8.RuneError {
			switch {
			case mode == lossFFFD:
			case mode == lossDrop:
				continue
			case c < 0xA0:
				r = rune(c)
			default:
				return "", false
			}
		}
		switch {
		case mode == lossNBSP && r == 0xA0:
			r = ' '
		case mode == lossC1Strip && r >= 0x80 && r < 0xA0:
			continue
		}
		b.WriteRune(r)
	}
	return b.String(), true
}

// mustMisread is misread without loss, failing t when s cannot be
// misread as e.
func mustMisread(t testing.TB, s string, e Codepage) string {
	t.Helper()
	m, ok := misread(s, e, lossNone)
	if !ok {
		t.Fatalf("%q cannot be misread as %v", s, e)
	}
	return m
}

// cesu8 writes s's supplementary characters as CESU-8 surrogate pairs.
func cesu8(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x10000 {
			b.WriteRune(r)
			continue
		}
		r -= 0x10000
		for _, h := range []rune{0xD800 + r>>10, 0xDC00 + r&0x3FF} {
			b.WriteByte(0xE0 | byte(h>>12))
			b.WriteByte(0x80 | byte(h>>6)&0x3F)
			b.WriteByte(0x80 | byte(h)&0x3F)
		}
	}
	return b.String()
}

// sentences returns the test sentences: the built-in sample, and sentences
// cut from ../shared/corpus when it is there (at most perFile from each file).
func sentences(t testing.TB, perFile int) []string {
	var out []string
	data, err := os.ReadFile("testdata/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, strings.Split(strings.TrimSpace(string(data)), "\n")...)
	files := testsample.CorpusFiles("*/*.utf8.txt")
	if len(files) == 0 {
		t.Log("../shared/corpus is absent: the generator uses only testdata/sample.txt")
		return out
	}
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var all []string
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			for _, s := range splitSentences(sc.Text()) {
				for len(s) > 300 {
					// Text without sentence marks (the emoji lipsum): cut at a space.
					cut := strings.LastIndexByte(s[:300], ' ')
					if cut <= 0 {
						cut = 300
						for !utf8.RuneStart(s[cut]) {
							cut--
						}
					}
					all = append(all, s[:cut])
					s = strings.TrimPrefix(s[cut:], " ")
				}
				if len(s) >= 20 && len(s) <= 400 && utf8.ValidString(s) && strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 }) {
					all = append(all, s)
				}
			}
		}
		step := max(1, len(all)/perFile)
		for i := 0; i < len(all) && i/step < perFile; i += step {
			out = append(out, all[i])
		}
	}
	return out
}

func splitSentences(line string) []string {
	var out []string
	start := 0
	for i, r := range line {
		if strings.ContainsRune(".!?。！？।", r) {
			end := i + utf8.RuneLen(r)
			if s := strings.TrimSpace(line[start:end]); s != "" {
				out = append(out, s)
			}
			start = end
		}
	}
	if s := strings.TrimSpace(line[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// mangler turns a clean sentence into a mangled one, or reports that the
// chain does not apply to it.
type mangler struct {
	name  string
	lossy bool // recovery may leave U+FFFD for a lost character
	f     func(s string) (string, bool)
}

func whole(es []Codepage, mode loss) func(string) (string, bool) {
	return func(s string) (string, bool) {
		for _, e := range es {
			var ok bool
			if s, ok = misread(s, e, mode); !ok {
				return "", false
			}
		}
		return s, true
	}
}

// oneWord misreads only the first word holding a non-ASCII character, as one
// field of a record or one name in a sentence.
func oneWord(e Codepage) func(string) (string, bool) {
	return func(s string) (string, bool) {
		words := strings.Split(s, " ")
		for i, w := range words {
			if strings.ContainsFunc(w, func(r rune) bool { return r >= 0x80 }) {
				m, ok := misread(w, e, lossNone)
				if !ok {
					return "", false
				}
				words[i] = m
				return strings.Join(words, " "), true
			}
		}
		return "", false
	}
}

func manglers() []mangler {
	var ms []mangler
	for e := Codepage(0); e < numEncodings; e++ {
		ms = append(ms,
			mangler{name: e.String(), f: whole([]Codepage{e}, lossNone)},
			mangler{name: e.String() + " twice", f: whole([]Codepage{e, e}, lossNone)},
			mangler{name: e.String() + " one word", f: oneWord(e)},
		)
	}
	ms = append(ms,
		mangler{name: "windows-1251 then windows-1252", f: whole([]Codepage{Windows1251, Windows1252}, lossNone)},
		mangler{name: "windows-1252 then iso-8859-1", f: whole([]Codepage{Windows1252, ISO8859_1}, lossNone)},
		mangler{name: "windows-1252, lost bytes as U+FFFD", lossy: true, f: whole([]Codepage{Windows1252}, lossFFFD)},
		mangler{name: "windows-1252, lost bytes dropped", lossy: true, f: whole([]Codepage{Windows1252}, lossDrop)},
		mangler{name: "windows-1252, no-break spaces as spaces", f: whole([]Codepage{Windows1252}, lossNBSP)},
		mangler{name: "iso-8859-1, C1 controls stripped", lossy: true, f: whole([]Codepage{ISO8859_1}, lossC1Strip)},
		mangler{name: "CESU-8 read as windows-1252", f: func(s string) (string, bool) {
			if !strings.ContainsFunc(s, func(r rune) bool { return r >= 0x10000 }) {
				return "", false
			}
			return misread(cesu8(s), Windows1252, lossNone)
		}},
	)
	return ms
}

// matchLossy reports whether got is want with some non-ASCII characters
// replaced by U+FFFD, the most a lossy misreading lets a repair give back.
func matchLossy(got, want string) bool {
	g, w := []rune(got), []rune(want)
	if len(g) != len(w) {
		return false
	}
	for i := range g {
		if g[i] != w[i] && !(g[i] == utf8.RuneError && w[i] >= 0x80) {
			return false
		}
	}
	return true
}

func TestGeneratedMojibake(t *testing.T) {
	perFile := 40
	if testing.Short() {
		perFile = 8
	}
	ss := sentences(t, perFile)
	falsePositives := 0
	for _, s := range ss {
		if out, cs := FixString(s); out != s || len(cs) != 0 {
			falsePositives++
			t.Errorf("clean sentence changed:\n  in:  %q\n  out: %q", s, out)
		}
	}
	t.Logf("%d clean sentences, %d false positives", len(ss), falsePositives)

	type tally struct{ cases, exact, withFFFD, untouched int }
	results := map[string]*tally{}
	var names []string
	for _, m := range manglers() {
		tl := &tally{}
		results[m.name] = tl
		names = append(names, m.name)
		for _, s := range ss {
			mangled, ok := m.f(s)
			if !ok || mangled == s {
				continue
			}
			tl.cases++
			out, _ := FixString(mangled)
			switch {
			case out == s:
				tl.exact++
			case m.lossy && matchLossy(out, s):
				tl.withFFFD++
			case out == mangled:
				tl.untouched++
			default:
				if testing.Verbose() && tl.cases-tl.exact-tl.withFFFD-tl.untouched <= 2 {
					t.Logf("%s: partial repair\n  want: %q\n  got:  %q", m.name, s, out)
				}
			}
		}
	}
	var report strings.Builder
	fmt.Fprintf(&report, "%-42s %6s %7s %7s %9s\n", "chain", "cases", "recall", "+U+FFFD", "untouched")
	for _, n := range names {
		tl := results[n]
		if tl.cases == 0 {
			continue
		}
		fmt.Fprintf(&report, "%-42s %6d %6.1f%% %6.1f%% %8.1f%%\n", n, tl.cases,
			100*float64(tl.exact)/float64(tl.cases), 100*float64(tl.exact+tl.withFFFD)/float64(tl.cases),
			100*float64(tl.untouched)/float64(tl.cases))
	}
	t.Logf("recall per chain:\n%s", report.String())
	if p := os.Getenv("MOJIBAKE_REPORT"); p != "" {
		os.WriteFile(p, []byte(report.String()), 0o644)
	}
	// Floors under what the package achieves (the benchmark journal,
	// bench/results/history/BENCHMARKS-journal-2026-11-21-to-2026-11-28.md,
	// has the figures), so that a regression fails; enforced when the corpus gives
	// enough cases for a percentage to mean something.
	for _, n := range names {
		tl := results[n]
		floor, got := 0.85, float64(tl.exact)/float64(max(tl.cases, 1))
		switch {
		case strings.HasSuffix(n, "one word"):
			floor = 0.8
		case strings.Contains(n, "no-break"):
			floor = 0.8
		case strings.Contains(n, "U+FFFD"):
			floor, got = 0.9, float64(tl.exact+tl.withFFFD)/float64(max(tl.cases, 1))
		case strings.Contains(n, "dropped"):
			floor, got = 0.5, float64(tl.exact+tl.withFFFD)/float64(max(tl.cases, 1))
		case strings.Contains(n, "stripped"):
			floor, got = 0.1, float64(tl.exact+tl.withFFFD)/float64(max(tl.cases, 1))
		}
		if tl.cases >= 200 && got < floor {
			t.Errorf("%s: recall %.1f%% of %d cases, under %.0f%%", n, 100*got, tl.cases, 100*floor)
		}
	}
}
