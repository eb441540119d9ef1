//go:build linux

// Command startcost measures what `utf8x detect` costs per file: one process
// on one small legacy file (the cost of starting), and one process on many
// small files (the cost per file), with uchardet beside it when it is
// installed and an empty Go program for the floor a Go binary cannot go
// below. Issue 23 asks for a process on a small file to cost at most what
// uchardet's does, and for at least 5,000 small files a second in one
// process.
//
//	cd bench && go run ./cmd/startcost [-runs 200] [-files 2000] [-base REV] [-callgrind] [-rewrite] [-o results.md]
//
// It builds cmd/utf8x of this checkout twice, as `go build` does by default
// (cgo on where a C compiler is installed; since the command line moved to
// urfave/cli, which imports neither net nor os/user, that build is static
// too, but a -base before it links the C library through pflag's net) and
// with CGO_ENABLED=0; with -base, the same two of a git revision (git archive,
// nothing in the checkout changes). The inputs are 4 KiB pieces of the
// shared test corpus's Wikipedia texts (French, German, Portuguese,
// Turkish, Czech, Russian, Greek, Hebrew) re-encoded into their Windows
// code pages, written into a temporary folder that is removed at the end;
// the single-file runs use the first French piece (-one another text's).
//
// The machine is shared, so every figure is given as processor time
// (user + system, from the kernel's accounting of each child) as well as
// wall time, the programs run in turn (round robin) so that load falls on
// all alike, and the load average is printed. The single-file runs'
// minor page faults (the kernel's count for each child) are given too:
// load does not change them, and they are much of what a start costs.
// With -rewrite the Go binaries are written anew in one piece before the
// runs, which changes how the page cache holds them and what their page
// faults cost (see rewrite).
// With -callgrind each single-file run is also counted in instructions by valgrind (Go programs
// with GODEBUG=asyncpreemptoff=1, which callgrind needs), which load does
// not change; and so is one process on the first 200 files, for the
// instructions a file costs.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// texts are the corpus files and the code pages they are written in.
var texts = []struct {
	name string
	cm   *charmap.Charmap
	enc  string
}{
	{"french", charmap.Windows1252, "windows-1252"},
	{"german", charmap.Windows1252, "windows-1252"},
	{"portuguese", charmap.Windows1252, "windows-1252"},
	{"turkish", charmap.Windows1254, "windows-1254"},
	{"czech", charmap.Windows1250, "windows-1250"},
	{"russian", charmap.Windows1251, "windows-1251"},
	{"greek", charmap.Windows1253, "windows-1253"},
	{"hebrew", charmap.Windows1255, "windows-1255"},
}

// program is one command line measured.
type program struct {
	name  string
	argv  []string
	goBin bool // a Go program (callgrind needs asyncpreemptoff)
}

// sample is one run's cost.
type sample struct {
	wall, cpu time.Duration
	faults    int64 // minor page faults (the kernel's count; load does not change it)
}

func main() {
	runs := flag.Int("runs", 200, "processes per program on the single file")
	files := flag.Int("files", 2000, "files given to one process (the pieces repeated)")
	rounds := flag.Int("rounds", 5, "runs of each many-files process")
	base := flag.String("base", "", "also measure this git revision (e.g. a commit before a change)")
	cg := flag.Bool("callgrind", false, "count the single-file runs' instructions with valgrind --tool=callgrind")
	corpus := flag.String("corpus", "", "the shared corpus (default: ../shared/corpus beside the checkout)")
	out := flag.String("o", "", "also write the report to this file")
	oneText := flag.String("one", "french", "the text whose first piece the single-file runs read (french, russian, greek, ...)")
	rewriteBins := flag.Bool("rewrite", false, "write each Go binary built anew, in one write, before the runs (see rewrite)")
	flag.Parse()

	root, err := repoRoot()
	if err != nil {
		log.Fatal(err)
	}
	if *corpus == "" {
		*corpus = filepath.Join(root, "..", "shared", "corpus")
	}
	tmp, err := os.MkdirTemp("", "startcost")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)

	pieces, err := writePieces(filepath.Join(*corpus, "wikipedia_mars"), tmp)
	if err != nil {
		log.Fatal(err)
	}
	one, oneEnc := "", ""
	for _, t := range texts {
		if t.name == *oneText {
			oneEnc = t.enc
		}
	}
	for _, p := range pieces {
		if strings.HasPrefix(filepath.Base(p), *oneText+".") {
			one = p
			break
		}
	}
	if one == "" {
		log.Fatalf("no piece of text %q", *oneText)
	}
	var many []string
	for len(many) < *files {
		many = append(many, pieces[len(many)%len(pieces)])
	}

	var progs []program
	var manyProgs []program
	revs := []string{""}
	if *base != "" {
		revs = append(revs, *base)
	}
	for _, rev := range revs {
		for _, cgo := range []bool{true, false} {
			bin, err := buildCLI(root, tmp, rev, cgo)
			if err == nil && *rewriteBins {
				err = rewrite(bin)
			}
			if err != nil {
				log.Fatal(err)
			}
			label := "utf8x"
			if rev != "" {
				label += " @" + rev
			}
			if !cgo {
				label += " (CGO_ENABLED=0)"
			}
			progs = append(progs, program{label + " detect", []string{bin, "detect", one}, true})
			if rev == "" {
				progs = append(progs, program{label + " --help", []string{bin, "--help"}, true})
			}
			manyProgs = append(manyProgs, program{label + " detect", append([]string{bin, "detect"}, many...), true})
		}
	}
	empty, err := buildEmpty(tmp)
	if err == nil && *rewriteBins {
		err = rewrite(empty)
	}
	if err != nil {
		log.Fatal(err)
	}
	progs = append(progs, program{"empty Go program", []string{empty}, true})
	if p, err := exec.LookPath("uchardet"); err == nil {
		progs = append(progs, program{"uchardet", []string{p, one}, false})
		manyProgs = append(manyProgs, program{"uchardet", append([]string{p}, many...), false})
	}

	var b strings.Builder
	fmt.Fprintf(&b, "# Per-file cost of utf8x detect\n\n")
	fmt.Fprintf(&b, "`cd bench && go run ./cmd/startcost %s`\n\n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(&b, "%s, %s, %d CPUs; load average before: %s\n\n", runtime.Version(), cpuModel(), runtime.NumCPU(), loadavg())
	if *rewriteBins {
		fmt.Fprintf(&b, "The Go binaries were written anew in one write after go build (-rewrite).\n\n")
	} else {
		fmt.Fprintf(&b, "The Go binaries are as go build wrote them (without -rewrite).\n\n")
	}

	fmt.Fprintf(&b, "## One process on one 4 KiB file\n\n%s (%s), %d runs of each, in turn; medians.\n\n", filepath.Base(one), oneEnc, *runs)
	res := make([][]sample, len(progs))
	for k := 0; k < *runs; k++ {
		for i, p := range progs {
			res[i] = append(res[i], runOnce(p.argv))
		}
	}
	b.WriteString("| program | CPU ms (user+sys) | wall ms | page faults (mean) |\n|---|---:|---:|---:|\n")
	for i, p := range progs {
		cpu, wall := medians(res[i])
		fmt.Fprintf(&b, "| %s | %.2f | %.2f | %.0f |\n", p.name, ms(cpu), ms(wall), meanFaults(res[i]))
	}
	if *cg {
		if _, err := exec.LookPath("valgrind"); err != nil {
			b.WriteString("\n(valgrind is not installed: no instruction counts)\n")
		} else {
			b.WriteString("\nInstructions (valgrind --tool=callgrind, one run; load does not change them):\n\n| program | instructions |\n|---|---:|\n")
			for _, p := range progs {
				n, err := instructions(p, tmp)
				if err != nil {
					log.Fatal(err)
				}
				fmt.Fprintf(&b, "| %s | %s |\n", p.name, thousands(n))
			}
		}
	}

	fmt.Fprintf(&b, "\n## One process on %d files\n\nThe %d pieces (4 KiB each, %d texts) repeated, named on one command line; %d runs of each, in turn; medians.\n\n", len(many), len(pieces), len(texts), *rounds)
	mres := make([][]sample, len(manyProgs))
	for k := 0; k < *rounds; k++ {
		for i, p := range manyProgs {
			mres[i] = append(mres[i], runOnce(p.argv))
		}
	}
	b.WriteString("| program | CPU s | files/s of CPU | wall s | files/s of wall |\n|---|---:|---:|---:|---:|\n")
	for i, p := range manyProgs {
		cpu, wall := medians(mres[i])
		fmt.Fprintf(&b, "| %s | %.3f | %.0f | %.3f | %.0f |\n", p.name, cpu.Seconds(), float64(len(many))/cpu.Seconds(), wall.Seconds(), float64(len(many))/wall.Seconds())
	}
	if *cg {
		if _, err := exec.LookPath("valgrind"); err == nil {
			const n = 200
			fmt.Fprintf(&b, "\nInstructions a file (valgrind --tool=callgrind, one process on the first %d of the files; the count over them divided by %d):\n\n| program | instructions a file |\n|---|---:|\n", n, n)
			for _, p := range manyProgs {
				q := p
				q.argv = p.argv[:len(p.argv)-len(many)+n]
				c, err := instructions(q, tmp)
				if err != nil {
					log.Fatal(err)
				}
				fmt.Fprintf(&b, "| %s | %s |\n", p.name, thousands(c/n))
			}
		}
	}
	fmt.Fprintf(&b, "\nLoad average after: %s\n", loadavg())
	fmt.Print(b.String())
	if *out != "" {
		if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// writePieces re-encodes each text and writes its 4 KiB pieces into dir,
// returning their paths, the first text's first.
func writePieces(src, dir string) ([]string, error) {
	var paths []string
	for _, t := range texts {
		u, err := os.ReadFile(filepath.Join(src, t.name+".utf8.txt"))
		if err != nil {
			return nil, fmt.Errorf("%v (the shared corpus; -corpus names it)", err)
		}
		enc := encode(u, t.cm)
		for i := 0; i+4096 <= len(enc) && i < 64*4096; i += 4096 {
			p := filepath.Join(dir, fmt.Sprintf("%s.%s.%03d.txt", t.name, t.enc, i/4096))
			if err := os.WriteFile(p, enc[i:i+4096], 0o644); err != nil {
				return nil, err
			}
			paths = append(paths, p)
		}
	}
	return paths, nil
}

// encode writes UTF-8 text u in code page cm, leaving out the characters it
// lacks.
func encode(u []byte, cm *charmap.Charmap) []byte {
	rev := map[rune]byte{}
	for b := 0x80; b < 0x100; b++ {
		if r := cm.DecodeByte(byte(b)); r != utf8.RuneError {
			rev[r] = byte(b)
		}
	}
	var out []byte
	for _, r := range string(u) {
		if r < 0x80 {
			out = append(out, byte(r))
		} else if b, ok := rev[r]; ok {
			out = append(out, b)
		}
	}
	return out
}

// repoRoot is the checkout holding this bench module.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/utf8x/utf8x").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m github.com/utf8x/utf8x: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// buildCLI builds cmd/utf8x of the checkout at root (rev "") or of git
// revision rev, with cgo as go build chooses or without.
func buildCLI(root, tmp, rev string, cgo bool) (string, error) {
	src := root
	if rev != "" {
		src = filepath.Join(tmp, "src-"+sanitize(rev))
		if _, err := os.Stat(src); err != nil {
			if err := os.MkdirAll(src, 0o755); err != nil {
				return "", err
			}
			archive := exec.Command("git", "archive", rev)
			archive.Dir = root
			tar := exec.Command("tar", "-x", "-C", src)
			pipe, err := archive.StdoutPipe()
			if err != nil {
				return "", err
			}
			tar.Stdin = pipe
			if err := tar.Start(); err != nil {
				return "", err
			}
			if err := archive.Run(); err != nil {
				return "", fmt.Errorf("git archive %s: %v", rev, err)
			}
			if err := tar.Wait(); err != nil {
				return "", err
			}
		}
	}
	bin := filepath.Join(tmp, fmt.Sprintf("utf8x-%s-cgo%v", sanitize(rev), cgo))
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/utf8x")
	cmd.Dir = src
	cmd.Env = os.Environ()
	if !cgo {
		cmd.Env = append(cmd.Env, "CGO_ENABLED=0")
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/utf8x (%s): %v\n%s", rev, err, out)
	}
	return bin, nil
}

func sanitize(s string) string {
	if s == "" {
		return "head"
	}
	return regexp.MustCompile(`[^A-Za-z0-9._-]`).ReplaceAllString(s, "_")
}

// rewrite writes the file at path anew, in one write(2), into a new file
// of the same name. The Go linker writes its output through a shared
// memory mapping, page by page, and a binary just built is held in the
// page cache as single 4 KiB pages; written in one piece (as copying or
// installing a file may write it) it is held in large folios, and the
// kernel maps more of it at each page fault and at less cost per page. On
// machine D (Linux 6.18) that alone moved one `utf8x detect` on a 4 KiB
// file from ~2.9 to ~1.9 ms of CPU and from 378 to 348 page faults, and
// the empty Go program by ~0.25 ms
// (bench/results/startcost-2026-11-29-h25c). A program installed by
// another tool (uchardet) is in whatever state its installation and the
// page cache's history left it; -rewrite puts the Go binaries in the
// cheap one, without it they stay as a developer's fresh build is.
func rewrite(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o755)
}

// buildEmpty builds a Go program that does nothing: the floor.
func buildEmpty(tmp string) (string, error) {
	dir := filepath.Join(tmp, "empty")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module empty\n\ngo 1.24\n"), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(tmp, "empty-go")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build (empty program): %v\n%s", err, out)
	}
	return bin, nil
}

// runOnce runs argv with its output discarded; an exit status other than 0
// (detect abstaining) still counts.
func runOnce(argv []string) sample {
	cmd := exec.Command(argv[0], argv[1:]...)
	t := time.Now()
	err := cmd.Run()
	wall := time.Since(t)
	if cmd.ProcessState == nil {
		log.Fatalf("%s: %v", argv[0], err)
	}
	var faults int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		faults = ru.Minflt
	}
	return sample{wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), faults}
}

func medians(s []sample) (cpu, wall time.Duration) {
	c := make([]time.Duration, len(s))
	w := make([]time.Duration, len(s))
	for i, x := range s {
		c[i], w[i] = x.cpu, x.wall
	}
	slices.Sort(c)
	slices.Sort(w)
	return c[len(c)/2], w[len(w)/2]
}

// meanFaults is the mean of the samples' page faults: a Go program's count
// varies by some 30 from run to run (how many threads the runtime starts
// and when), so the mean says more than the median.
func meanFaults(s []sample) float64 {
	var n int64
	for _, x := range s {
		n += x.faults
	}
	return float64(n) / float64(len(s))
}

func ms(d time.Duration) float64 { return d.Seconds() * 1000 }

// instructions counts p's instructions with callgrind.
func instructions(p program, tmp string) (int64, error) {
	args := append([]string{"--tool=callgrind", "--callgrind-out-file=" + filepath.Join(tmp, "callgrind.out")}, p.argv...)
	cmd := exec.Command("valgrind", args...)
	cmd.Env = os.Environ()
	if p.goBin {
		cmd.Env = append(cmd.Env, "GODEBUG=asyncpreemptoff=1")
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run() // detect's exit status 1 (abstained) still counts
	m := regexp.MustCompile(`I\s+refs:\s+([0-9,]+)`).FindSubmatch(stderr.Bytes())
	if m == nil {
		return 0, fmt.Errorf("callgrind %s: no count\n%s", p.name, stderr.Bytes())
	}
	var n int64
	for _, c := range m[1] {
		if c != ',' {
			n = n*10 + int64(c-'0')
		}
	}
	return n, nil
}

func thousands(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}
