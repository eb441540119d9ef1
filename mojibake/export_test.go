package mojibake

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x/mojibake/internal/training"
)

// exportCase is one line of the file TestExportRecallSet writes: the input a
// fixer gets and the line it should give back.
type exportCase struct {
	Set   string `json:"set"`   // "recall", "clean-heldout" or "negative"
	Chain string `json:"chain"` // the mangler (recall) or the case variant (clean)
	Lossy bool   `json:"lossy,omitempty"`
	In    string `json:"in"`
	Want  string `json:"want"`
}

// maxExport caps the export file (bench/cmd/mojipeers reads it whole).
const maxExport = 96 << 20

// TestExportRecallSet writes, when MOJIBAKE_EXPORT_RECALL names a file, the
// cases TestTrainingRecall judges (the same held-out lines, chains and
// lossy filter, as JSON lines), then clean held-out lines in their four
// case variants: the recall lines themselves and up to 16 lines holding
// non-ASCII from every held-out document; and the hand-written negatives
// (testdata/negative.txt) in their variants. bench/cmd/mojipeers runs the
// repair and its peers on them. It decides nothing about this package.
func TestExportRecallSet(t *testing.T) {
	path := os.Getenv("MOJIBAKE_EXPORT_RECALL")
	if path == "" {
		t.Skip("MOJIBAKE_EXPORT_RECALL names no output file: nothing to export")
	}
	root := trainingRoot(t)
	known := knownMojibake(t)
	// As TestTrainingRecall, without -short.
	ss := heldOutSentences(t, root, 40)
	holdsKnown := func(s string) bool {
		for k := range known {
			if strings.Contains(strings.ToLower(s), strings.Split(k, "\t")[1]) {
				return true
			}
		}
		return false
	}
	ss = slices.DeleteFunc(ss, holdsKnown)

	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	size, counts := 0, map[string]int{}
	emit := func(c exportCase) {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		size += len(b) + 1
		if size > maxExport {
			t.Fatalf("the export passes %d bytes", maxExport)
		}
		w.Write(b)
		w.WriteByte('\n')
		counts[c.Set]++
	}
	for _, m := range trainingManglers() {
		for s, mangled := range m.heldOutCases(ss) {
			emit(exportCase{Set: "recall", Chain: m.name, Lossy: m.lossy, In: mangled, Want: s})
		}
	}
	variants := [4]string{"as-is", "upper", "lower", "title"}
	clean := func(l string) {
		for v, s := range caseVariants(l) {
			if v > 0 && s == l {
				continue
			}
			emit(exportCase{Set: "clean-heldout", Chain: variants[v], In: s, Want: s})
		}
	}
	// The hand-written negatives, as TestNegativeSet takes them.
	neg, err := os.ReadFile("testdata/negative.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(neg), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		for v, s := range caseVariants(l) {
			if v == 0 || s != l {
				emit(exportCase{Set: "negative", Chain: variants[v], In: s, Want: s})
			}
		}
	}
	seen := map[string]bool{}
	for _, s := range ss {
		seen[s] = true
		clean(s)
	}
	docs := 0
	for _, name := range training.Files(root) {
		d, err := training.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		if !training.HeldOut(d.Name) {
			continue
		}
		var picked []string
		for _, l := range d.Lines {
			if l == "" || seen[l] || !utf8.ValidString(l) || !strings.ContainsFunc(l, func(r rune) bool { return r >= 0x80 }) || holdsKnown(l) {
				continue
			}
			seen[l] = true
			picked = append(picked, l)
		}
		n := min(len(picked), 16)
		for i := 0; i < n; i++ {
			clean(picked[i*len(picked)/n])
		}
		docs++
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if counts["recall"] == 0 || counts["clean-heldout"] == 0 || counts["negative"] == 0 {
		t.Fatalf("empty export: %v", counts)
	}
	t.Logf("%s: %d held-out lines, %d held-out documents, %v cases, %d bytes", path, len(ss), docs, counts, size)
}
