package mojibake

import (
	"github.com/utf8x/utf8x/internal/testsample"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestSpeedProbe is a development aid, not a timed test: with
// MOJIBAKE_SPEED=1 it logs the best of 60 runs over 64 KiB per input (the best is what
// other load on a shared machine disturbs least). It asserts nothing about
// speed; bench/cmd/mojibake is the benchmark.
func TestSpeedProbe(t *testing.T) {
	if os.Getenv("MOJIBAKE_SPEED") == "" {
		t.Skip("set MOJIBAKE_SPEED=1 to log speeds")
	}
	for _, tc := range []struct {
		file string
		e    Codepage
		mang bool
	}{{"russian", 0, false}, {"chinese", 0, false}, {"french", 0, false}, {"french", Windows1252, true}, {"russian", Windows1251, true}, {"chinese", Windows1252, true}} {
		dir, _ := testsample.CorpusDir()
		data, err := os.ReadFile(filepath.Join(dir, "wikipedia_mars", tc.file+".utf8.txt"))
		if err != nil {
			t.Skip("../shared/corpus is absent")
		}
		if tc.mang {
			data = misreadBytes(tc.e)(data)
		}
		// Short runs, many of them: the best one is likelier to have run
		// without the scheduler taking the CPU away.
		data = data[:min(len(data), 64<<10)]
		dst := make([]byte, len(data))
		tr := NewTransformer()
		best := time.Hour
		for range 60 {
			st := time.Now()
			tr.Reset()
			if _, _, err := tr.Transform(dst, data, true); err != nil {
				t.Fatal(err)
			}
			best = min(best, time.Since(st))
		}
		t.Logf("%-8s mangled=%-5v %6.0f MB/s", tc.file, tc.mang, float64(len(data))/best.Seconds()/1e6)
	}
}
