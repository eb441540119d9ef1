package mojibake

import (
	"os"
	"testing"

	"github.com/utf8x/utf8x/internal/testsample"
)

// corpusInputs reads the corpus files the globs name, each cut to its first
// 16 KiB under -short. Without the corpus it says so and returns none: the
// tests that call it judge other text too.
func corpusInputs(t *testing.T, globs ...string) (names []string, texts [][]byte) {
	t.Helper()
	for _, g := range globs {
		names = append(names, testsample.CorpusFiles(g)...)
	}
	if len(names) == 0 {
		t.Log("../shared/corpus is absent: the corpus texts are left out")
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if testing.Short() {
			data = data[:min(len(data), 16<<10)]
		}
		texts = append(texts, data)
	}
	return names, texts
}
