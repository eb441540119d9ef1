package mojibake

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The decisions golden file: what Fix and the Transformer did with a few
// thousand clean and mangled lines of held-out training text and with the
// mangled corpus texts bench/cmd/mojibake measures, written by the code of
// main before the speed work of 2026-11-29 (`go test -run TestDecisionsGolden
// -golden-update ./mojibake/`). Work that only makes the repair faster must
// leave every decision as it was: each case's output, its changes (ranges,
// chain, score, unseen counts) and the Transformer's output are hashed and
// compared with the file. Regenerate it only for a change meant to alter
// decisions, and say so in the commit.

var goldenUpdate = flag.Bool("golden-update", false, "rewrite testdata/decisions-golden.txt from the current code")

const goldenPath = "testdata/decisions-golden.txt"

type goldenCase struct {
	name, in string
}

// goldenCases builds the inputs: held-out lines as they are and in their
// case variants, each mangled through every chain of trainingManglers and
// manglers, several lines joined into one text (so that a decision sees
// its neighbours), and the mangled corpus texts.
func goldenCases(t *testing.T) []goldenCase {
	root := trainingRoot(t)
	ss := heldOutSentences(t, root, 6)
	var cs []goldenCase
	ms := append(trainingManglers(), manglers()...)
	for i, s := range ss {
		for v, x := range caseVariants(s) {
			if v > 0 && x == s {
				continue
			}
			cs = append(cs, goldenCase{fmt.Sprintf("line %d variant %d", i, v), x})
		}
		for _, m := range ms {
			if out, ok := m.f(s); ok && out != s {
				cs = append(cs, goldenCase{fmt.Sprintf("line %d %s", i, m.name), out})
			}
		}
	}
	// Texts of eight lines, each line mangled by a different chain or left
	// clean, so that stretches have clean and mangled neighbours.
	for i := 0; i+8 <= len(ss); i += 8 {
		var lines []string
		for j, s := range ss[i : i+8] {
			m := ms[(i+3*j)%len(ms)]
			if j%3 == 2 {
				lines = append(lines, s)
			} else if out, ok := m.f(s); ok {
				lines = append(lines, out)
			} else {
				lines = append(lines, s)
			}
		}
		cs = append(cs, goldenCase{fmt.Sprintf("text %d", i), strings.Join(lines, "\n")})
	}
	var files []string
	for _, dir := range []string{"lipsum", "wikipedia_mars"} {
		m := testsample.CorpusFiles(filepath.Join(dir, "*.utf8.txt"))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("SKIPPED: no test corpus (see the README, \"The test corpus\"): the golden file holds its texts too")
	}
	sort.Strings(files)
	for _, e := range []Codepage{Windows1252, Windows1251} {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			cs = append(cs, goldenCase{"corpus " + filepath.Base(f), string(data)})
			cs = append(cs, goldenCase{"corpus " + filepath.Base(f) + " " + e.String(), string(misreadBytes(e)(data))})
		}
	}
	// Names unique: trainingManglers and manglers share some.
	for i := range cs {
		cs[i].name = fmt.Sprintf("%d %s", i, cs[i].name)
	}
	return cs
}

// goldenHash hashes what the repair did with in: Fix's output and changes,
// and the Transformer's output for the whole input at once.
func goldenHash(t *testing.T, in string) (string, string) {
	out, changes := FixString(in)
	h := sha256.New()
	fmt.Fprintf(h, "%q\n", out)
	for _, c := range changes {
		// Score and UnseenBefore weigh the evidence, counted to a bound
		// (see Change): how far they are counted is no decision, and may
		// change with the decisions the same.
		c.Score, c.UnseenBefore = 0, 0
		fmt.Fprintf(h, "%+v\n", c)
	}
	tr := NewTransformer()
	dst := make([]byte, len(in)+16)
	n, _, err := tr.Transform(dst, []byte(in), true)
	if err != nil {
		t.Fatalf("Transform: %v", err)
	}
	fmt.Fprintf(h, "transform %q\n", dst[:n])
	return hex.EncodeToString(h.Sum(nil))[:24], out
}

// TestDecisionsGolden compares every case's decisions with the golden file.
func TestDecisionsGolden(t *testing.T) {
	cases := goldenCases(t)
	if *goldenUpdate {
		var b strings.Builder
		for _, c := range cases {
			h, _ := goldenHash(t, c.in)
			fmt.Fprintf(&b, "%s\t%s\n", h, c.name)
		}
		if err := os.WriteFile(goldenPath, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d cases to %s", len(cases), goldenPath)
		return
	}
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		h, name, _ := strings.Cut(l, "\t")
		want[name] = h
	}
	if len(want) != len(cases) {
		t.Errorf("%d cases, the golden file has %d (the training text or the corpus differs?)", len(cases), len(want))
	}
	bad := 0
	for i, c := range cases {
		if !testsample.Sampled(3, i) {
			continue
		}
		w, ok := want[c.name]
		if !ok {
			t.Errorf("%s: not in the golden file", c.name)
			continue
		}
		if h, out := goldenHash(t, c.in); h != w {
			bad++
			if bad <= 20 {
				if len(c.in) > 400 {
					t.Errorf("%s: decisions differ from the golden file", c.name)
				} else {
					t.Errorf("%s: decisions differ from the golden file\n  in  %q\n  out %q", c.name, c.in, out)
				}
			}
		}
	}
	t.Logf("%d cases compared, %d differ", len(cases), bad)
}
