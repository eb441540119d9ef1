package mojibake

import (
	"fmt"
	"os"
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
