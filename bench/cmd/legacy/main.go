// Command legacy measures single-byte legacy conversion: whole utf8x
// processes beside glibc's iconv on the same windows-1251 (or -enc viscii)
// file, both directions, and in process the transcode library beside
// golang.org/x/text's charmap, and prints Markdown tables of the median
// wall time, GB/s and ratios:
//
//	cd bench && go run ./cmd/legacy [-size 50MB] [-runs 5] [-before ../../main] [-enc viscii] [-text vi.txt]
//
// The file is the shared corpus's Russian Wikipedia text (generated
// Cyrillic prose when the corpus is absent) repeated to -size, in
// windows-1251 (-size is that file's size; the UTF-8 one, of the same text,
// is larger); -before names another checkout whose utf8x runs in the same
// rounds ("before" rows; a checkout that cannot write windows-1251 shows
// its error instead). The temporary folder is removed at the end. -size is
// capped at 1 GiB.
//
// With -enc viscii the file is VISCII, of the UTF-8 text in the file -text
// names (the characters VISCII lacks dropped) or of generated Vietnamese
// prose; x/text has no VISCII, so the in-process table has the library
// alone.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x/bench/table"
	"github.com/utf8x/utf8x/transcode"
)

func main() {
	size := flag.String("size", "50MB", "file size (B, KB, MB; at most 1GiB)")
	runs := flag.Int("runs", 5, "rounds; the median is reported")
	repo := flag.String("repo", "..", "the utf8x repository to build")
	before := flag.String("before", "", "an earlier checkout to build and run in the same rounds")
	corpus := flag.String("corpus", "../../shared/corpus", "the shared corpus")
	enc := flag.String("enc", "windows-1251", "the encoding: windows-1251 or viscii")
	textFile := flag.String("text", "", "with -enc viscii, a UTF-8 file of Vietnamese text (default: generated prose)")
	flag.Parse()
	if *enc != "windows-1251" && *enc != "viscii" {
		fail(fmt.Errorf("-enc %q: want windows-1251 or viscii", *enc))
	}
	n, err := parseSize(*size)
	if err != nil || n <= 0 || n > 1<<30 {
		fail(fmt.Errorf("-size %q: want 1B..1GiB", *size))
	}
	if *enc == "viscii" {
		visciiMain(n, *runs, *repo, *before, *textFile)
		return
	}
	dir, err := os.MkdirTemp("", "utf8x-legacy-bench-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)

	text := sampleText(*corpus)
	textCP, err := charmap.Windows1251.NewEncoder().Bytes(text)
	if err != nil {
		fail(err)
	}
	// -size is the size of the windows-1251 file.
	reps := max(1, n/len(textCP))
	utf := bytes.Repeat(text, reps)
	cp := bytes.Repeat(textCP, reps)
	in1251 := filepath.Join(dir, "ru.cp1251")
	inUTF8 := filepath.Join(dir, "ru.utf8")
	must(os.WriteFile(in1251, cp, 0o644))
	must(os.WriteFile(inUTF8, utf, 0o644))

	bins := map[string]string{"utf8x": build(*repo, filepath.Join(dir, "utf8x"))}
	if *before != "" {
		bins["before"] = build(*before, filepath.Join(dir, "utf8x-before"))
	}
	type job struct {
		name, in string
		cmds     [][]string
	}
	jobs := []job{
		{"windows-1251 to UTF-8", in1251, [][]string{
			{"utf8x", "convert", "-f", "windows-1251", "-t", "utf-8"},
			{"before", "convert", "-f", "windows-1251", "-t", "utf-8"},
			{"iconv", "-f", "WINDOWS-1251", "-t", "UTF-8"},
		}},
		{"UTF-8 to windows-1251", inUTF8, [][]string{
			{"utf8x", "convert", "-f", "utf-8", "-t", "windows-1251"},
			{"before", "convert", "-f", "utf-8", "-t", "windows-1251"},
			{"iconv", "-f", "UTF-8", "-t", "WINDOWS-1251"},
		}},
	}
	fmt.Printf("## Whole process, %s file (%d bytes of windows-1251), median of %d\n\n", *size, len(cp), *runs)
	fmt.Println("CPU time is the child's user+system time, which a loaded machine inflates far less than wall time.")
	fmt.Println()
	fmt.Println("| job | command | CPU time | GB/s of CPU (input) | vs iconv (CPU) | wall time |")
	fmt.Println("| --- | --- | --- | --- | --- | --- |")
	for _, j := range jobs {
		times := map[string][]time.Duration{}
		walls := map[string][]time.Duration{}
		var order []string
		errs := map[string]string{}
		for r := 0; r < *runs; r++ {
			for _, c := range j.cmds {
				bin := c[0]
				if b, ok := bins[bin]; ok {
					bin = b
				} else if _, ok := bins[c[0]]; !ok && c[0] != "iconv" {
					continue
				}
				if r == 0 {
					order = append(order, strings.Join(c, " "))
				}
				cpu, wall, err := runOnce(bin, append(c[1:len(c):len(c)], j.in))
				key := strings.Join(c, " ")
				if err != nil {
					errs[key] = err.Error()
					continue
				}
				times[key] = append(times[key], cpu)
				walls[key] = append(walls[key], wall)
			}
		}
		iconvKey := strings.Join(j.cmds[2], " ")
		base := median(times[iconvKey])
		info, _ := os.Stat(j.in)
		for _, k := range order {
			if e, ok := errs[k]; ok && len(times[k]) == 0 {
				fmt.Printf("| %s | `%s` | fails: %s | | | |\n", j.name, k, firstLine(e))
				continue
			}
			m := median(times[k])
			fmt.Printf("| %s | `%s` | %.3fs | %.2f | %.2fx | %.3fs |\n", j.name, k, m.Seconds(),
				float64(info.Size())/m.Seconds()/1e9, base.Seconds()/m.Seconds(), median(walls[k]).Seconds())
		}
	}

	// In process: the library beside x/text on the same bytes.
	fmt.Printf("\n## In process, %d bytes, least thread CPU time of 7 runs\n\n", len(cp))
	fmt.Println("| conversion | transcode GB/s | x/text GB/s | ratio |")
	fmt.Println("| --- | --- | --- | --- |")
	e, err := transcode.Lookup("windows-1251")
	must(err)
	dst := make([]byte, 0, 2*len(utf))
	libDec := gbps(len(cp), func() {
		if _, err := e.AppendDecode(dst[:0], cp); err != nil {
			fail(err)
		}
	})
	xDec := gbps(len(cp), func() {
		if _, _, err := transform.Append(charmap.Windows1251.NewDecoder(), dst[:0], cp); err != nil {
			fail(err)
		}
	})
	libEnc := gbps(len(utf), func() {
		if _, err := e.AppendEncode(dst[:0], utf); err != nil {
			fail(err)
		}
	})
	xEnc := gbps(len(utf), func() {
		if _, _, err := transform.Append(charmap.Windows1251.NewEncoder(), dst[:0], utf); err != nil {
			fail(err)
		}
	})
	fmt.Printf("| windows-1251 to UTF-8 | %.2f | %.2f | %.1fx |\n", libDec, xDec, libDec/xDec)
	fmt.Printf("| UTF-8 to windows-1251 (input bytes) | %.2f | %.2f | %.1fx |\n", libEnc, xEnc, libEnc/xEnc)
}

// sampleText is the Russian text of the corpus, or generated Cyrillic
// prose.
func sampleText(corpus string) []byte {
	if b, err := os.ReadFile(filepath.Join(corpus, "wikipedia_mars", "russian.utf8.txt")); err == nil && len(b) > 1000 {
		// Only what windows-1251 holds: the rest is dropped.
		b, _, _ = transform.Bytes(charmap.Windows1251.NewEncoder(), filterCP1251(b))
		b, _ = charmap.Windows1251.NewDecoder().Bytes(b)
		return b
	}
	words := []string{"Марс", "четвёртая", "по", "удалённости", "от", "Солнца", "и", "седьмая", "по", "размерам", "планета", "Солнечной", "системы,", "названа", "в", "честь", "древнеримского", "бога", "войны.", "(1877)", "—", "«Маринер-4»"}
	var b []byte
	for i := 0; len(b) < 64<<10; i++ {
		b = append(b, words[(i*7+i/5)%len(words)]...)
		if i%13 == 12 {
			b = append(b, '\n')
		} else {
			b = append(b, ' ')
		}
	}
	return b
}

func filterCP1251(b []byte) []byte {
	var out []byte
	enc := charmap.Windows1251.NewEncoder()
	for _, r := range string(b) {
		if _, err := enc.String(string(r)); err == nil {
			out = append(out, string(r)...)
		}
	}
	return out
}

func build(repo, out string) string {
	cmd := exec.Command("go", "build", "-o", out, "./cmd/utf8x")
	cmd.Dir = repo
	cmd.Stderr = os.Stderr
	must(cmd.Run())
	return out
}

// runOnce runs bin with args (the input file last, as users name it: a
// strict utf8x then reads it again only on an error, to place it) into a
// pipe that is drained.
func runOnce(bin string, args []string) (cpu, wall time.Duration, err error) {
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	_, _ = io.Copy(io.Discard, out)
	err = cmd.Wait()
	wall = time.Since(start)
	if err != nil {
		return 0, 0, errors.New(strings.TrimSpace(stderr.String()) + " (" + err.Error() + ")")
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), wall, nil
}

// gbps runs f, which converts n bytes, several times on one locked thread
// and returns n over the least thread CPU time one run took (a loaded
// machine stretches wall time, not that).
func gbps(n int, f func()) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f() // warm up: tables built, pages touched
	best := time.Duration(1 << 62)
	for i := 0; i < 7; i++ {
		t0 := table.ThreadTime()
		f()
		best = min(best, table.ThreadTime()-t0)
	}
	return float64(n) / best.Seconds() / 1e9
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func parseSize(s string) (int, error) {
	mult := 1
	for _, u := range []struct {
		suf string
		m   int
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1}} {
		if strings.HasSuffix(s, u.suf) {
			s, mult = strings.TrimSuffix(s, u.suf), u.m
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	return int(v * float64(mult)), err
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

func must(err error) {
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "legacy:", err)
	os.Exit(1)
}
