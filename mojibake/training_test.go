package mojibake

import (
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/utf8x/utf8x/mojibake/internal/training"
)

// trainingRoot returns where the training text is, or skips the test.
func trainingRoot(t testing.TB) string {
	root := training.DefaultRoot
	if r := os.Getenv("MOJIBAKE_TRAINING"); r != "" {
		root = r
	}
	if len(training.Files(root)) == 0 {
		t.Skipf("the training text is absent from %s (detect/internal/gen/fetch-training.sh fetches it)", root)
	}
	return root
}

// titleCase upper-cases the first letter of each word and lower-cases the rest.
func titleCase(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	inWord := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) && !inWord:
			b.WriteRune(unicode.ToTitle(r))
		case unicode.IsLetter(r) || unicode.IsMark(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
		inWord = unicode.IsLetter(r) || unicode.IsMark(r)
	}
	return b.String()
}

// caseVariants returns s as it is, in capitals, in small letters and in
// title case.
func caseVariants(s string) [4]string {
	return [4]string{s, strings.ToUpper(s), strings.ToLower(s), titleCase(s)}
}

// TestTrainingTextUnchanged: every line of the training text, in every
// language, as it is and in capitals, small letters and title case, comes
// out of Fix unchanged. Each document goes through Fix whole (decisions are
// made line by line, so this is every line through Fix); lines of ASCII
// only are counted too, though no decision looks at them.
func TestTrainingTextUnchanged(t *testing.T) {
	root := trainingRoot(t)
	files := training.Files(root)
	if testing.Short() {
		// One file in seven: the whole set takes minutes.
		var some []string
		for i := 0; i < len(files); i += 7 {
			some = append(some, files[i])
		}
		files = some
	}
	known := knownMojibake(t)
	lines, nonASCII, changed, genuine := 0, 0, 0, 0
	byLang := map[string]int{}
	var dump *os.File
	if p := os.Getenv("MOJIBAKE_NEG_DUMP"); p != "" {
		var err error
		if dump, err = os.Create(p); err != nil {
			t.Fatal(err)
		}
		defer dump.Close()
	}
	for _, f := range files {
		d, err := training.Read(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		var valid []string
		for _, l := range d.Lines {
			if !utf8.ValidString(l) {
				continue // not UTF-8 (a legacy page): not this package's to judge
			}
			valid = append(valid, l)
			if strings.ContainsFunc(l, func(r rune) bool { return r >= 0x80 }) {
				nonASCII++
			}
		}
		lines += 4 * len(valid)
		text := strings.Join(valid, "\n")
		for v, s := range caseVariants(text) {
			if v > 0 && s == text {
				continue
			}
			_, cs := FixString(s)
			for _, c := range cs {
				if known[d.Lang+"\t"+strings.ToLower(c.Old)+"\t"+strings.ToLower(c.New)] {
					genuine++
					continue
				}
				changed++
				byLang[d.Lang]++
				msg := fmt.Sprintf("%s/%s variant %d line %d: %q -> %q (%s) in %q", d.Lang, d.Name, v, c.Line, c.Old, c.New, c.Chain, lineOf(s, c.InStart))
				if changed <= 60 {
					t.Error(msg)
				}
				if dump != nil {
					fmt.Fprintln(dump, msg)
				}
			}
		}
	}
	var langs []string
	for l, n := range byLang {
		langs = append(langs, fmt.Sprintf("%s:%d", l, n))
	}
	sort.Strings(langs)
	t.Logf("%d files, %d lines with case variants (%d lines holding non-ASCII), %d changed %v; %d repairs of the mojibake the text holds (testdata/training-mojibake.txt)", len(files), lines, nonASCII, changed, langs, genuine)
}

// knownMojibake returns the mojibake the training text holds, by language,
// stretch and repair (in small letters, for the case variants).
func knownMojibake(t testing.TB) map[string]bool {
	data, err := os.ReadFile("testdata/training-mojibake.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Split(l, "\t")
		if len(f) < 3 || strings.HasPrefix(l, "#") {
			continue
		}
		m[f[0]+"\t"+strings.ToLower(f[1])+"\t"+strings.ToLower(f[2])] = true
	}
	return m
}

// TestTrainingSampleUnchanged is TestTrainingTextUnchanged on the sample of
// the training text kept in testdata (mojibake/internal/gen writes it), for
// when the training text is absent.
func TestTrainingSampleUnchanged(t *testing.T) {
	data, err := os.ReadFile("testdata/training-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines, changed := 0, 0
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		for _, v := range caseVariants(l) {
			lines++
			if out, cs := FixString(v); out != v || len(cs) > 0 {
				changed++
				if changed <= 30 {
					t.Errorf("changed: %q -> %q %v", v, out, cs)
				}
			}
		}
	}
	if lines < 4000 {
		t.Fatalf("only %d lines in the sample", lines)
	}
	t.Logf("%d lines with case variants, %d changed", lines, changed)
}

// lineOf returns the line of s holding byte offset at.
func lineOf(s string, at int64) string {
	start := strings.LastIndexByte(s[:at], '\n') + 1
	end := strings.IndexByte(s[at:], '\n')
	if end < 0 {
		return s[start:]
	}
	return s[start : int(at)+end]
}

// heldOutSentences returns lines of the training documents the model never
// saw (training.HeldOut), holding non-ASCII letters and no control, at most
// perLang a language, spread over its documents.
func heldOutSentences(t testing.TB, root string, perLang int) []string {
	return heldOutLines(t, root, perLang, func(l string) bool {
		return strings.ContainsFunc(l, func(r rune) bool { return r >= 0x80 && unicode.IsLetter(r) }) &&
			!strings.ContainsFunc(l, func(r rune) bool { return r < ' ' || r >= 0x80 && r < 0xA0 || r == 0xFFFD })
	})
}

// heldOutLines returns lines of the training documents the model never saw
// (training.HeldOut), trimmed, of 20 to 300 bytes, no troff request, valid
// UTF-8, each once, that keep accepts: four a document at most, spread
// over it, then at most perLang a language, spread over its documents.
func heldOutLines(t testing.TB, root string, perLang int, keep func(l string) bool) []string {
	byLang := map[string][]string{}
	seen := map[string]bool{}
	for _, f := range training.Files(root) {
		if !training.HeldOut(filepath.Base(f)) { // (Read names the document so)
			continue
		}
		d, err := training.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		var picked []string
		for _, l := range d.Lines {
			l = strings.TrimSpace(l)
			if len(l) < 20 || len(l) > 300 || strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") || !utf8.ValidString(l) || seen[l] || !keep(l) {
				continue
			}
			seen[l] = true
			picked = append(picked, l)
		}
		for i := 0; i < 4 && i < len(picked); i++ {
			byLang[d.Lang] = append(byLang[d.Lang], picked[(2*i+1)*len(picked)/8])
		}
	}
	var langs []string
	for l := range byLang {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	var out []string
	for _, l := range langs {
		ss := byLang[l]
		n := min(len(ss), perLang)
		for i := 0; i < n; i++ {
			out = append(out, ss[i*len(ss)/n])
		}
	}
	return out
}

// stretchOf misreads the middle third of s's words (at least one holding
// non-ASCII), as a field or a phrase misread inside a clean line.
func stretchOf(es []Codepage, mode loss) func(string) (string, bool) {
	return func(s string) (string, bool) {
		words := strings.Split(s, " ")
		if len(words) < 3 {
			return "", false
		}
		a, b := len(words)/3, 2*len(words)/3
		mid := strings.Join(words[a:b], " ")
		if !strings.ContainsFunc(mid, func(r rune) bool { return r >= 0x80 }) {
			return "", false
		}
		m, ok := whole(es, mode)(mid)
		if !ok {
			return "", false
		}
		return strings.Join(words[:a], " ") + " " + m + " " + strings.Join(words[b:], " "), true
	}
}

// trainingManglers are the chains issue 24 sets targets for.
// heldOutCases yields each line of ss that m applies to and changes, with
// its mangled form: the cases TestTrainingRecall judges and
// TestExportRecallSet writes.
func (m mangler) heldOutCases(ss []string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, s := range ss {
			if !lossyApplies(m.name, s) {
				continue
			}
			if mangled, ok := m.f(s); ok && mangled != s && !yield(s, mangled) {
				return
			}
		}
	}
}

func trainingManglers() []mangler {
	var ms []mangler
	for _, e := range []Codepage{Windows1252, ISO8859_1, Windows1250, Windows1251, Macintosh, IBM437} {
		ms = append(ms,
			mangler{name: e.String(), f: whole([]Codepage{e}, lossNone)},
			mangler{name: e.String() + " twice", f: whole([]Codepage{e, e}, lossNone)},
			mangler{name: e.String() + " stretch", f: stretchOf([]Codepage{e}, lossNone)},
			mangler{name: e.String() + " twice, stretch", f: stretchOf([]Codepage{e, e}, lossNone)},
		)
	}
	ms = append(ms,
		mangler{name: "windows-1252, NBSP as space", lossy: true, f: whole([]Codepage{Windows1252}, lossNBSP)},
		mangler{name: "windows-1252, NBSP as space, stretch", lossy: true, f: stretchOf([]Codepage{Windows1252}, lossNBSP)},
		mangler{name: "windows-1252, 81 8D 8F 90 9D dropped", lossy: true, f: whole([]Codepage{Windows1252}, lossDrop)},
		mangler{name: "windows-1252, 81 8D 8F 90 9D as U+FFFD", lossy: true, f: whole([]Codepage{Windows1252}, lossFFFD)},
		mangler{name: "windows-1252, 81 8D 8F 90 9D as C1", f: whole([]Codepage{Windows1252}, lossNone)},
	)
	return ms
}

// lossyApplies reports whether mangling s with m lost anything, so that the
// lossy rows count only the lines where the loss happened.
func lossyApplies(name, s string) bool {
	switch {
	case strings.Contains(name, "NBSP"):
		return strings.Contains(s, "\u00a0") || strings.ContainsFunc(s, func(r rune) bool {
			b := []byte(string(r))
			return len(b) > 1 && slicesContains(b, 0xA0)
		})
	case strings.Contains(name, "81 8D"):
		return strings.ContainsFunc(s, func(r rune) bool {
			b := []byte(string(r))
			for _, c := range b[1:] {
				if c == 0x81 || c == 0x8D || c == 0x8F || c == 0x90 || c == 0x9D {
					return true
				}
			}
			return false
		})
	}
	return true
}

func slicesContains(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

// TestTrainingRecall mangles lines of held-out training documents through
// each chain and reports the share Fix gives back exactly (for the lossy
// rows, with U+FFFD where a character cannot be known). MOJIBAKE_REPORT
// names a file for the table.
func TestTrainingRecall(t *testing.T) {
	root := trainingRoot(t)
	known := knownMojibake(t)
	perLang := 40
	if testing.Short() {
		perLang = 8
	}
	ss := heldOutSentences(t, root, perLang)
	// The mojibake the training text holds is no clean sentence.
	ss = slices.DeleteFunc(ss, func(s string) bool {
		for k := range known {
			if strings.Contains(strings.ToLower(s), strings.Split(k, "\t")[1]) {
				return true
			}
		}
		return false
	})
	clean := 0
	for _, s := range ss {
		if out, cs := FixString(s); out != s || len(cs) != 0 {
			clean++
			t.Errorf("held-out line changed: %q -> %q", s, out)
		}
	}
	var report strings.Builder
	fmt.Fprintf(&report, "%d held-out lines (%d changed as they are)\n%-40s %6s %8s %8s\n", len(ss), clean, "chain", "cases", "recall", "+U+FFFD")
	for _, m := range trainingManglers() {
		cases, exact, withFFFD := 0, 0, 0
		shown := 0
		for s, mangled := range m.heldOutCases(ss) {
			cases++
			out, _ := FixString(mangled)
			switch {
			case out == s:
				exact++
			case m.lossy && matchLossy(out, s):
				withFFFD++
			default:
				if shown < 3 && os.Getenv("MOJIBAKE_MISSES") != "" {
					shown++
					t.Logf("%s miss:\n  want %q\n  in   %q\n  got  %q", m.name, s, mangled, out)
				}
			}
		}
		if cases == 0 {
			continue
		}
		fmt.Fprintf(&report, "%-40s %6d %7.1f%% %7.1f%%\n", m.name, cases, 100*float64(exact)/float64(cases), 100*float64(exact+withFFFD)/float64(cases))
		// Floors a little under what the repair achieves (issue 24's
		// closing note has the table), so that a regression fails; the
		// targets are 98% and 90%.
		floor, got := 0.96, float64(exact)/float64(cases)
		switch {
		case strings.Contains(m.name, "NBSP"):
			floor = 0.92
		case strings.Contains(m.name, "U+FFFD"):
			floor, got = 0.90, float64(exact+withFFFD)/float64(cases)
		case strings.Contains(m.name, "dropped"):
			floor, got = 0.89, float64(exact+withFFFD)/float64(cases)
		}
		if cases >= 150 && got < floor {
			t.Errorf("%s: recall %.1f%% of %d lines, under %.0f%%", m.name, 100*got, cases, 100*floor)
		}
	}
	// One symbol misread in a line of mostly ASCII (loneSymbolCases).
	plain := heldOutPlain(t, root, perLang)
	lcs := loneSymbolCases(plain)
	lcases, lexact, llog := loneSymbolRecall(t, lcs)
	for _, e := range loneEncodings {
		name := "lone symbol, " + e.String()
		if lcases[e] == 0 {
			continue
		}
		got := float64(lexact[e]) / float64(lcases[e])
		fmt.Fprintf(&report, "%-40s %6d %7.1f%% %7.1f%%\n", name, lcases[e], 100*got, 100*got)
		// Floors a little under what the repair achieves, so that a
		// regression fails.
		if floor := loneFloor[e]; lcases[e] >= 150 && got < floor {
			t.Errorf("%s: recall %.1f%% of %d cases, under %.0f%%", name, 100*got, lcases[e], 100*floor)
		}
	}
	t.Logf("lone symbols in %d held-out lines of mostly ASCII, recall by symbol:\n%s", len(plain), llog)
	t.Logf("recall on held-out training lines:\n%s", report.String())
	if p := os.Getenv("MOJIBAKE_REPORT"); p != "" {
		os.WriteFile(p, []byte(report.String()), 0o644)
	}
}
