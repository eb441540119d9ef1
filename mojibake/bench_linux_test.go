package mojibake

import (
	"github.com/utf8x/utf8x/internal/testsample"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"
)

// Benchmarks of the package alone; the comparison with baselines on the
// whole corpus is bench/cmd/mojibake.

func benchFile(b *testing.B, name string, mangle func([]byte) []byte) {
	benchFunc(b, name, mangle, func(p []byte) { Fix(p) })
}

func benchFunc(b *testing.B, name string, mangle func([]byte) []byte, f func([]byte)) {
	var data []byte
	if name != "" {
		var err error
		dir, _ := testsample.CorpusDir()
		data, err = os.ReadFile(filepath.Join(dir, "wikipedia_mars", name))
		if err != nil {
			b.Skip("../shared/corpus is absent")
		}
	}
	if mangle != nil {
		data = mangle(data)
	}
	b.SetBytes(int64(len(data)))
	// The machines these run on are shared: next to wall-clock MB/s, report
	// MB per second of this thread's CPU time, which other load hardly moves.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	b.ResetTimer()
	for range b.N {
		f(data)
	}
	b.StopTimer()
	if d := threadCPU() - cpu0; d > 0 {
		b.ReportMetric(float64(len(data))*float64(b.N)/d.Seconds()/1e6, "cpu-MB/s")
	}
}

func threadCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_THREAD, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func misreadBytes(e Codepage) func([]byte) []byte {
	return func(p []byte) []byte {
		s, _ := misread(string(p), e, lossNone)
		return []byte(s)
	}
}

func BenchmarkFixCleanRussian(b *testing.B) { benchFile(b, "russian.utf8.txt", nil) }
func BenchmarkFixCleanChinese(b *testing.B) { benchFile(b, "chinese.utf8.txt", nil) }
func BenchmarkFixCleanFrench(b *testing.B)  { benchFile(b, "french.utf8.txt", nil) }
func BenchmarkFixCleanEnglish(b *testing.B) { benchFile(b, "english.utf8.txt", nil) }
func BenchmarkFixMangledFrench(b *testing.B) {
	benchFile(b, "french.utf8.txt", misreadBytes(Windows1252))
}
func BenchmarkFixMangledRussian(b *testing.B) {
	benchFile(b, "russian.utf8.txt", misreadBytes(Windows1251))
}

// Fix on the input of BenchmarkTransformerMangledKorean: the cost of the
// changes Fix reports, beside the same work without them.
func BenchmarkFixMangledKorean(b *testing.B) {
	benchFile(b, "korean.utf8.txt", misreadBytes(Windows1252))
}

// The baseline: unicode/utf8's validation of the same bytes.
func BenchmarkUTF8ValidRussian(b *testing.B) {
	benchFunc(b, "russian.utf8.txt", nil, func(p []byte) { utf8.Valid(p) })
}
func BenchmarkUTF8ValidChinese(b *testing.B) {
	benchFunc(b, "chinese.utf8.txt", nil, func(p []byte) { utf8.Valid(p) })
}

// The streaming path without reports, as fix --mojibake runs it.
func BenchmarkTransformerMangledFrench(b *testing.B) { benchMisread(b, "french.utf8.txt", Windows1252) }

func BenchmarkTransformerMangledRussian(b *testing.B) {
	benchMisread(b, "russian.utf8.txt", Windows1251)
}

func BenchmarkTransformerMangledChinese(b *testing.B) {
	benchMisread(b, "chinese.utf8.txt", Windows1252)
}

// Korean Wikipedia misread as Windows-1252: the slowest of the mangled
// inputs on the Xeon of bench/results/mojispeed-2026-12-02-xeon.
func BenchmarkTransformerMangledKorean(b *testing.B) { benchMisread(b, "korean.utf8.txt", Windows1252) }

func BenchmarkTransformerMangledEmoji(b *testing.B) {
	benchMisread(b, "../lipsum/Emoji-Lipsum.utf8.txt", Windows1252)
}

// benchMisread runs a Transformer over the corpus file misread whole as e.
func benchMisread(b *testing.B, file string, e Codepage) {
	t := NewTransformer()
	var dst []byte
	benchFunc(b, file, misreadBytes(e), func(p []byte) {
		if len(dst) < len(p) {
			dst = make([]byte, len(p))
		}
		t.Reset()
		t.Transform(dst, p, true)
	})
}

// corpusTexts reads the texts of the corpus that are not mostly ASCII (the
// inputs of bench/cmd/mojibake, which leaves the mostly-ASCII ones out too),
// by path.
func corpusTexts(b *testing.B) (names []string, texts [][]byte) {
	var files []string
	for _, dir := range []string{"lipsum", "wikipedia_mars"} {
		files = append(files, testsample.CorpusFiles(filepath.Join(dir, "*.utf8.txt"))...)
	}
	if len(files) == 0 {
		b.Skip("../shared/corpus is absent")
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		ascii := 0
		for _, c := range data {
			if c < 0x80 {
				ascii++
			}
		}
		if ascii*10 < len(data)*9 {
			names, texts = append(names, name), append(texts, data)
		}
	}
	return names, texts
}

// benchTransformer runs a Transformer over data as one sub-benchmark.
func benchTransformer(b *testing.B, name string, data []byte) {
	t := NewTransformer()
	dst := make([]byte, len(data))
	b.Run(name, func(b *testing.B) {
		benchFunc(b, "", func([]byte) []byte { return data }, func(p []byte) {
			t.Reset()
			if _, _, err := t.Transform(dst, p, true); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// BenchmarkTransformerMangledCorpus runs the Transformer over each text of
// corpusTexts misread whole as Windows-1252 and as Windows-1251: the
// mangled inputs the speed goal is about, one sub-benchmark each, for
// profiling.
func BenchmarkTransformerMangledCorpus(b *testing.B) {
	names, texts := corpusTexts(b)
	for _, e := range []Codepage{Windows1252, Windows1251} {
		for i, name := range names {
			benchTransformer(b, e.String()+"/"+strings.TrimSuffix(filepath.Base(name), ".utf8.txt"), misreadBytes(e)(texts[i]))
		}
	}
}

// BenchmarkTransformerCleanCorpus runs the Transformer over the same texts
// as BenchmarkTransformerMangledCorpus, as they are: the clean inputs of
// bench/cmd/mojibake, which the pre-scan must pass at no less than 1 GB/s.
func BenchmarkTransformerCleanCorpus(b *testing.B) {
	names, texts := corpusTexts(b)
	for i, name := range names {
		benchTransformer(b, filepath.Base(filepath.Dir(name))+"/"+strings.TrimSuffix(filepath.Base(name), ".utf8.txt"), texts[i])
	}
}

// BenchmarkFixMangledCorpus runs Fix over the inputs of
// BenchmarkTransformerMangledCorpus: the Transformer's work plus the list
// of changes Fix returns.
func BenchmarkFixMangledCorpus(b *testing.B) {
	names, texts := corpusTexts(b)
	for _, e := range []Codepage{Windows1252, Windows1251} {
		for i, name := range names {
			data := misreadBytes(e)(texts[i])
			b.Run(e.String()+"/"+strings.TrimSuffix(filepath.Base(name), ".utf8.txt"), func(b *testing.B) {
				benchFunc(b, "", func([]byte) []byte { return data }, func(p []byte) { Fix(p) })
			})
		}
	}
}
