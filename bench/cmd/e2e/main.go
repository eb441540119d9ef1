// Command e2e measures the utf8x tool as users run it: whole processes on a
// large file in the page cache, beside the usual tools doing the same job on
// the same file in the same run, and prints Markdown tables of wall time,
// GB/s, peak RSS and ratios:
//
//	cd bench && go run ./cmd/e2e [-size 300MB] [-runs 5] [-error-every 64KiB] [-install]
//
// It writes a mixed-script UTF-8 file (made from the shared corpus when it is
// present, generated otherwise), a copy with scattered errors of every
// kind and one misread whole as Windows-1252 (mojibake, for fix --mojibake)
// into a temporary folder, builds utf8x from the repository, reads both
// files once so that they are in the page cache, then runs every command of a
// job once per round, rounds alternating, and reports the median. Output goes
// to a pipe that the command drains. The peers are dd, isutf8 (Debian
// moreutils), iconv, uconv (Debian icu-devtools), wc and python3, each when
// installed; -install installs the missing ones with apt-get first. Each
// utf8x command whose help lists --jobs runs with -j 1 and with -j 2.
//
// Beside them run the floors (floor.go): the least any program doing a
// job's input and output costs here, run by this binary in the same rounds
// into the same drain (read the file; read and validate it; the same on two
// halves at once; read it and write as much as convert does; read, validate
// and splice it; splice it; cat of convert's output made beforehand), and
// each of issue 11's goals is printed with its floor, which says whether the
// goal is within reach on this machine. check -j 1's floor is also split in
// process, in thread CPU time, into the read(2) copy and the validation, and
// convert's work into the read, the conversion and the write into a pipe.
//
// The temporary folder is removed at the end, on error and on SIGINT or
// SIGTERM. The file size is capped at 2 GiB and the command refuses to start
// without room for the files (about 5 times -size).
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/utf8x/utf8x/bench/table"
	"golang.org/x/text/encoding/charmap"
)

const maxSize = 2 << 30

func main() {
	// A floor first: the spawner's environment, which floors inherit,
	// names the spawner too.
	if mode := os.Getenv(floorEnv); mode != "" {
		floorMain(mode, os.Args[1:])
	}
	if os.Getenv(spawnerEnv) == "1" {
		spawner()
		return
	}
	sizeFlag := flag.String("size", "300MB", "size of the generated files (at most 2GiB): a number with B, KB, MB, GB, KiB, MiB or GiB")
	runs := flag.Int("runs", 5, "rounds; each command runs once per round and the median is reported")
	repo := flag.String("repo", "..", "the utf8x repository, where go build finds ./cmd/utf8x")
	before := flag.String("before", "", "another copy of the utf8x repository (an earlier commit, say): its utf8x commands run in the same rounds, as \"before: ...\" rows")
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus, the text the files are made of")
	tmp := flag.String("tmp", os.TempDir(), "folder for the temporary folder")
	install := flag.Bool("install", false, "install missing peers with apt-get first (moreutils, icu-devtools, python3)")
	run := flag.String("run", "", "run only jobs whose name matches this regexp")
	timeout := flag.Duration("timeout", 5*time.Minute, "longest one command may run")
	every := flag.String("error-every", "64KiB", "the file with errors has an ill-formed sequence after the line break that follows every this many bytes (at least 1KiB)")
	flag.Parse()
	if n, err := parseSize(*every); err != nil || n < 1<<10 || n > maxSize {
		fmt.Fprintf(os.Stderr, "e2e: -error-every must be between 1KiB and 2GiB (%v)\n", err)
		os.Exit(2)
	} else {
		errorEvery = int(n)
	}

	size, err := parseSize(*sizeFlag)
	if err != nil || size <= 0 || size > maxSize || *runs < 1 {
		fmt.Fprintf(os.Stderr, "e2e: -size must be between 1B and 2GiB and -runs at least 1 (%v)\n", err)
		os.Exit(2)
	}
	if *install {
		installPeers()
	}
	// Linux counts in a child's peak RSS the peak of the process it was
	// forked from, so the commands are started by a small process started
	// before this one has grown.
	if err := startSpawner(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	dir, err := os.MkdirTemp(*tmp, "utf8x-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	cleanup := func() { os.RemoveAll(dir) }
	defer cleanup()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sig
		spawn.stop()
		building.stop() // else go build would write into the folder again
		cleanup()
		fmt.Fprintf(os.Stderr, "\ne2e: %v: stopped, %s removed\n", s, dir)
		os.Exit(130)
	}()
	if err := mainErr(dir, size, *runs, *repo, *before, *corpusDir, *run, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		cleanup()
		os.Exit(1)
	}
}

func mainErr(dir string, size int64, runs int, repo, before, corpusDir, run string, timeout time.Duration) error {
	var st syscall.Statfs_t
	// The two files, the valid one in UTF-16LE (at most twice its size)
	// for convert's cat floor, and the mangled one for fix --mojibake.
	if need := 5*size + 64<<20; syscall.Statfs(dir, &st) == nil && int64(st.Bavail)*st.Bsize < need {
		return fmt.Errorf("%s has %d MB free, the files need %d MB", dir, int64(st.Bavail)*st.Bsize>>20, need>>20)
	}
	bin := filepath.Join(dir, "utf8x")
	build := exec.Command("go", "build", "-o", bin, "./cmd/utf8x")
	build.Dir, build.Stdout, build.Stderr = repo, os.Stderr, os.Stderr
	if err := building.run(build); err != nil {
		return fmt.Errorf("go build ./cmd/utf8x in %s: %w", repo, err)
	}
	base, source := baseText(corpusDir)
	valid, withErrors := filepath.Join(dir, "mixed.txt"), filepath.Join(dir, "mixed-errors.txt")
	fmt.Fprintf(os.Stderr, "writing %s and %s (%d bytes each)...\n", valid, withErrors, size)
	nErrors, err := writeFiles(valid, withErrors, base, size)
	if err != nil {
		return err
	}
	for _, f := range []string{valid, withErrors} {
		if err := warm(f); err != nil {
			return err
		}
	}
	// What a command that uses next to nothing shows: the spawner's part.
	floor := runOnce(command{name: "true", argv: []string{"true"}}, timeout)

	self, err := os.Executable()
	if err != nil {
		return err
	}
	u16, err := utf16Size(valid)
	if err != nil {
		return err
	}
	// convert's output made beforehand, for `cat` of it into the drain:
	// moving that many bytes through the pipe and nothing else.
	var u16File string
	if filter := table.Filter(run); filter == nil || filter.MatchString("convert") {
		u16File = filepath.Join(dir, "mixed.utf16le")
		c := exec.Command(bin, "convert", "-f", "utf-8", "-t", "utf-16le", "-o", u16File, valid)
		c.Stderr = os.Stderr
		if err := c.Run(); err != nil {
			return fmt.Errorf("making %s: %w", u16File, err)
		}
		if err := warm(u16File); err != nil {
			return err
		}
	}
	// The valid file misread as Windows-1252, for fix --mojibake.
	var mangled string
	if filter := table.Filter(run); filter == nil || filter.MatchString("fix --mojibake (mangled)") {
		mangled = filepath.Join(dir, "mixed-mojibake.txt")
		if err := writeMangled(mangled, base, size); err != nil {
			return err
		}
		if err := warm(mangled); err != nil {
			return err
		}
	}
	jobs := jobList(bin, valid, withErrors, mangled)
	addFloors(jobs, self, u16, u16File)
	if before != "" {
		old := filepath.Join(dir, "utf8x-before")
		build := exec.Command("go", "build", "-o", old, "./cmd/utf8x")
		build.Dir, build.Stdout, build.Stderr = before, os.Stderr, os.Stderr
		if err := building.run(build); err != nil {
			return fmt.Errorf("go build ./cmd/utf8x in %s: %w", before, err)
		}
		addBefore(jobs, bin, old)
	}
	filter := table.Filter(run)
	start := time.Now()
	var results []jobResult
	for _, j := range jobs {
		if filter != nil && !filter.MatchString(j.name) {
			continue
		}
		results = append(results, measure(j, runs, size, timeout))
	}
	var sp split
	if filter == nil || filter.MatchString("check") {
		fmt.Fprintf(os.Stderr, "\rcheck's floor, in process (read and validation apart)...")
		if sp, err = measureSplit(valid, runs); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "\r%-72s\r", "")
	}
	var cs convertSplit
	if filter == nil || filter.MatchString("convert") {
		fmt.Fprintf(os.Stderr, "\rconvert's work, in process (read, convert and write apart)...")
		if cs, err = measureConvertSplit(valid, runs); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "\r%-72s\r", "")
	}

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(w, "Command: `cd bench && go run ./cmd/e2e %s`  \n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "%s, %d logical CPUs, %s %s/%s; load average before the run: %s  \n",
		table.CPU(false), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH, strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	fmt.Fprintf(w, "Files of %d bytes made of %s, in the page cache; the one with errors has %d ill-formed sequences of every kind, one every %d KiB or so. "+
		"Whole processes, output to a pipe the harness drains; median of %d rounds, the commands of a job alternating; run took %v.\n",
		size, source, nErrors, size/max(int64(nErrors), 1)>>10, runs, time.Since(start).Round(time.Second))
	fmt.Fprintf(w, "Peak RSS is wait4's ru_maxrss of each child; Linux counts in it the peak of the process that forked it, a small spawner: `true` shows %.1f MiB.\n", float64(floor.maxRSS)/1024)
	for _, r := range results {
		printJob(w, r)
	}
	printGoals(w, results, sp, cs)
	return nil
}

// parseSize reads "300MB", "1GiB", "4096".
func parseSize(s string) (int64, error) {
	units := []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1}}
	mult := int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return int64(n * float64(mult)), err
}

// installPeers installs, with apt-get, the Debian packages of the peers that
// are missing. It is only run when asked for.
func installPeers() {
	var pkgs []string
	for tool, pkg := range map[string]string{"isutf8": "moreutils", "uconv": "icu-devtools", "python3": "python3", "iconv": "libc-bin"} {
		if _, err := exec.LookPath(tool); err != nil {
			pkgs = append(pkgs, pkg)
		}
	}
	if len(pkgs) == 0 {
		return
	}
	slices.Sort(pkgs)
	fmt.Fprintln(os.Stderr, "installing", strings.Join(pkgs, " "), "with apt-get...")
	for _, args := range [][]string{{"update"}, append([]string{"install", "-y", "--no-install-recommends"}, pkgs...)} {
		c := exec.Command("apt-get", args...)
		c.Stdout, c.Stderr = os.Stderr, os.Stderr
		if err := c.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "e2e: apt-get", args[0], "failed:", err, "(measuring the peers that are installed)")
			return
		}
	}
}

// baseText returns the text the files repeat: the corpus's UTF-8 files one
// after the other, which mix Latin, Cyrillic, Greek, Arabic, Hebrew,
// Devanagari, CJK, Hangul and emoji, or generated text of the same mix.
func baseText(corpusDir string) ([]byte, string) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.utf8.txt"))
	more, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.html"))
	var b []byte
	for _, f := range append(files, more...) {
		p, err := os.ReadFile(f)
		if err == nil && utf8.Valid(p) {
			b = append(b, p...)
			if len(b) > 0 && b[len(b)-1] != '\n' {
				b = append(b, '\n')
			}
		}
	}
	if len(b) >= 1<<20 {
		return b, fmt.Sprintf("the %d UTF-8 files of the shared corpus (%d bytes) repeated", len(files)+len(more), len(b))
	}
	r := rand.New(rand.NewPCG(1, 2))
	ranges := [][2]rune{{'a', 'z'}, {'a', 'z'}, {'a', 'z'}, {0xE0, 0xFF}, {0x430, 0x44F}, {0x3B1, 0x3C9},
		{0x627, 0x64A}, {0x5D0, 0x5EA}, {0x915, 0x939}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0x1F600, 0x1F64F}}
	b = b[:0]
	line := 0
	for len(b) < 4<<20 {
		rg := ranges[r.IntN(len(ranges))]
		for range 2 + r.IntN(8) {
			b = utf8.AppendRune(b, rg[0]+rune(r.IntN(int(rg[1]-rg[0]+1))))
		}
		line++
		if line%12 == 0 {
			b = append(b, '\n')
		} else {
			b = append(b, ' ')
		}
	}
	return b, "generated text of 12 scripts (the corpus was not found)"
}

// badPieces are the ill-formed sequences scattered in the second file, one
// of each kind and length.
var badPieces = []string{"\xC0\xAF", "\xE0\x80\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF5", "\xE2\x82", "\xF0\x9F\x98", "\x80", "\xBF\xBF", "\xFF", "\xF8"}

// errorEvery is how far apart writeFiles puts the ill-formed sequences
// (-error-every): one after the line break that follows every errorEvery
// bytes.
var errorEvery = 64 << 10

// writeFiles writes size bytes of base repeated to valid, and the same text
// with an ill-formed sequence after every errorEvery bytes or so (at the next
// line break) to withErrors, cut at a character boundary. It returns the
// number of sequences written.
func writeFiles(valid, withErrors string, base []byte, size int64) (int, error) {
	var fv, fe *os.File
	var err error
	if fv, err = os.Create(valid); err != nil {
		return 0, err
	}
	defer fv.Close()
	if fe, err = os.Create(withErrors); err != nil {
		return 0, err
	}
	defer fe.Close()
	// One block of the error file: base with a bad piece after a line
	// break every errorEvery bytes.
	var blockE []byte
	var at []int // where the bad pieces are in blockE
	for i := 0; i < len(base); {
		j := min(i+errorEvery, len(base))
		if k := bytes.IndexByte(base[j:], '\n'); k >= 0 {
			j += k + 1
		} else {
			j = len(base)
		}
		blockE = append(blockE, base[i:j]...)
		if j < len(base) {
			at = append(at, len(blockE))
			blockE = append(blockE, badPieces[len(at)%len(badPieces)]...)
		}
		i = j
	}
	// write fills f with block repeated and returns how many of the bad
	// pieces, at offsets at of block, it wrote whole.
	write := func(f *os.File, block []byte, at []int) (int, error) {
		bw := bufio.NewWriterSize(f, 1<<20)
		left, n := size, 0
		for left > 0 {
			chunk := block
			if int64(len(chunk)) > left {
				chunk = chunk[:left]
				// Do not cut a character: back up to its start.
				for len(chunk) > 0 && !utf8.RuneStart(chunk[len(chunk)-1]) {
					chunk = chunk[:len(chunk)-1]
				}
				if len(chunk) > 0 && !utf8.FullRune(chunk[len(chunk)-1:]) {
					chunk = chunk[:len(chunk)-1]
				}
				chunk = append(chunk[:len(chunk):len(chunk)], bytes.Repeat([]byte{'\n'}, int(left)-len(chunk))...)
			}
			for _, a := range at {
				if a+4 <= len(chunk) && bytes.Equal(chunk[a:a+4], block[a:a+4]) {
					n++
				}
			}
			if _, err := bw.Write(chunk); err != nil {
				return 0, err
			}
			left -= int64(len(chunk))
		}
		return n, bw.Flush()
	}
	if _, err := write(fv, base, nil); err != nil {
		return 0, err
	}
	n, err := write(fe, blockE, at)
	if err != nil {
		return 0, err
	}
	if err := fv.Close(); err != nil {
		return 0, err
	}
	return n, fe.Close()
}

// writeMangled writes to path base misread as Windows-1252 (each byte
// of base read as the character Windows-1252 gives it, written in UTF-8;
// the five bytes it leaves unassigned become the C1 controls of the same
// value, as WHATWG's decoder reads them), repeated to size bytes: the
// whole file is mojibake for fix --mojibake to undo. The last copy is cut
// after a line break and the rest filled with line breaks, so that no
// stretch is cut.
func writeMangled(path string, base []byte, size int64) error {
	block := table.Misread(base, charmap.Windows1252)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	bw := bufio.NewWriterSize(f, 1<<20)
	for left := size; left > 0; {
		chunk := block
		if int64(len(chunk)) > left {
			chunk = chunk[:left]
			chunk = chunk[:bytes.LastIndexByte(chunk, '\n')+1]
			chunk = append(chunk[:len(chunk):len(chunk)], bytes.Repeat([]byte{'\n'}, int(left)-len(chunk))...)
		}
		if _, err := bw.Write(chunk); err != nil {
			return err
		}
		left -= int64(len(chunk))
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// warm reads f once so that the runs find it in the page cache.
func warm(f string) error {
	r, err := os.Open(f)
	if err != nil {
		return err
	}
	defer r.Close()
	_, err = io.Copy(io.Discard, r)
	return err
}

// command is one way of doing a job.
type command struct {
	name string
	argv []string
	ok   []int    // exit codes that mean it did the job
	env  []string // added to the environment
}

type job struct {
	name, about string
	file        string
	cmds        []command // utf8x first, then the others
}

// jobList returns every job, with the peers that are installed.
func jobList(bin, valid, withErrors, mangled string) []job {
	have := func(tool string) bool { _, err := exec.LookPath(tool); return err == nil }
	utf8 := []string{"LC_ALL=C.UTF-8"}
	// utf8xCmds is the utf8x command sub with args, once with -j 1 and once
	// with -j 2 when sub has the flag, as its help says.
	utf8xCmds := func(sub string, ok []int, args ...string) []command {
		help, _ := exec.Command(bin, sub, "--help").Output()
		if !bytes.Contains(help, []byte("--jobs")) {
			return []command{{name: "utf8x " + sub, argv: append([]string{bin, sub}, args...), ok: ok}}
		}
		var out []command
		for _, n := range []string{"1", "2"} {
			out = append(out, command{name: "utf8x " + sub + " -j " + n, argv: append([]string{bin, sub, "-j", n}, args...), ok: ok})
		}
		// And as users run it, with the default -j.
		return append(out, command{name: "utf8x " + sub, argv: append([]string{bin, sub}, args...), ok: ok})
	}
	var jobs []job
	check := func(name, file string, ok []int) job {
		j := job{name: name, file: file}
		j.cmds = utf8xCmds("check", ok, file)
		j.cmds = append(j.cmds, command{name: "dd bs=1M", argv: []string{"dd", "if=" + file, "of=/dev/null", "bs=1M"}})
		if have("isutf8") {
			j.cmds = append(j.cmds, command{name: "isutf8", argv: []string{"isutf8", file}, ok: ok})
		}
		return j
	}
	j := check("check", valid, []int{0})
	j.about = "validate a valid file"
	if have("python3") {
		j.cmds = append(j.cmds, command{name: "python3 decode", argv: []string{"python3", "-c",
			"import sys; open(sys.argv[1], 'rb').read().decode('utf-8')", valid}, env: utf8})
	}
	jobs = append(jobs, j)
	j = check("check (errors)", withErrors, []int{1})
	j.about = "validate the file with errors, listing the first 100"
	jobs = append(jobs, j)

	j = job{name: "stats", about: "count characters, lines, lengths, UTF-16 units, scripts", file: valid}
	j.cmds = append(utf8xCmds("stats", nil, valid), utf8xCmds("check", nil, valid)[0],
		command{name: "wc -m", argv: []string{"wc", "-m", valid}, env: utf8})
	jobs = append(jobs, j)

	j = job{name: "convert", about: "UTF-8 to UTF-16LE, to a pipe", file: valid}
	j.cmds = utf8xCmds("convert", nil, "-f", "utf-8", "-t", "utf-16le", valid)
	if have("iconv") {
		j.cmds = append(j.cmds, command{name: "iconv", argv: []string{"iconv", "-f", "UTF-8", "-t", "UTF-16LE", valid}})
	}
	if have("uconv") {
		j.cmds = append(j.cmds, command{name: "uconv", argv: []string{"uconv", "-f", "utf-8", "-t", "utf-16le", valid}})
	}
	if have("python3") {
		j.cmds = append(j.cmds, command{name: "python3", argv: []string{"python3", "-c",
			"import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().decode('utf-8').encode('utf-16-le'))", valid}, env: utf8})
	}
	jobs = append(jobs, j)

	for _, f := range []struct{ name, file string }{{"fix (errors)", withErrors}, {"fix (valid)", valid}} {
		j = job{name: f.name, about: "replace each ill-formed sequence by U+FFFD, to a pipe", file: f.file}
		j.cmds = append(utf8xCmds("fix", nil, "--invalid", "replace", "-q", f.file), utf8xCmds("check", []int{0, 1}, f.file)[0])
		if have("uconv") {
			j.cmds = append(j.cmds, command{name: "uconv", argv: []string{"uconv", "-f", "utf-8", "-t", "utf-8", "--from-callback", "substitute", f.file}})
		}
		if have("iconv") {
			j.cmds = append(j.cmds, command{name: "iconv -c (drops)", argv: []string{"iconv", "-c", "-f", "UTF-8", "-t", "UTF-8", f.file}, ok: []int{0, 1}})
		}
		if have("python3") {
			j.cmds = append(j.cmds, command{name: "python3", argv: []string{"python3", "-c",
				"import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().decode('utf-8', 'replace').encode())", f.file}, env: utf8})
		}
		jobs = append(jobs, j)
	}

	// Mojibake: clean text must come out as it went in, at about the cost
	// of a plain fix; the mangled file is undone whole.
	// moji is fix --mojibake's rows, named so.
	moji := func(file string) []command {
		cmds := utf8xCmds("fix", nil, "--mojibake", "-q", file)
		for i := range cmds {
			cmds[i].name = strings.Replace(cmds[i].name, "utf8x fix", "utf8x fix --mojibake", 1)
		}
		return cmds
	}
	plain := utf8xCmds("fix", nil, "--invalid", "replace", "-q", valid)[0]
	plain.name = "utf8x fix (without --mojibake) -j 1"
	j = job{name: "fix --mojibake (clean)", about: "undo mojibake in a clean file (nothing to change), to a pipe", file: valid}
	j.cmds = append(moji(valid), plain, command{name: "dd bs=1M", argv: []string{"dd", "if=" + valid, "of=/dev/null", "bs=1M"}})
	jobs = append(jobs, j)
	if mangled != "" {
		j = job{name: "fix --mojibake (mangled)", about: "undo mojibake in the valid file misread whole as Windows-1252, to a pipe", file: mangled}
		j.cmds = moji(mangled)
		if have("iconv") {
			// What a user who knows the misreading runs instead: every
			// character back to its Windows-1252 byte (-c: the five
			// C1 controls Windows-1252 lacks are dropped, exit 1).
			j.cmds = append(j.cmds, command{name: "iconv -c -t WINDOWS-1252 (naive undo)", argv: []string{"iconv", "-c", "-f", "UTF-8", "-t", "WINDOWS-1252", mangled}, ok: []int{0, 1}})
		}
		jobs = append(jobs, j)
	}
	return jobs
}

// addBefore adds to each job, after its utf8x rows, the same commands run
// with the binary old, named "before: ...".
func addBefore(jobs []job, bin, old string) {
	for i, j := range jobs {
		var cmds, olds []command
		for _, c := range j.cmds {
			cmds = append(cmds, c)
			if c.argv[0] == bin && strings.HasPrefix(c.name, "utf8x "+strings.Fields(j.name)[0]) {
				o := c
				o.name = "before: " + c.name
				o.argv = append([]string{old}, c.argv[1:]...)
				olds = append(olds, o)
			}
		}
		n := 0 // the utf8x rows of the job's own command come first
		for n < len(cmds) && cmds[n].argv[0] == bin && strings.HasPrefix(cmds[n].name, "utf8x "+strings.Fields(j.name)[0]) {
			n++
		}
		jobs[i].cmds = append(append(append([]command{}, cmds[:n]...), olds...), cmds[n:]...)
	}
}

// building is the go build under way, if any.
var building buildProc

type buildProc struct {
	mu  sync.Mutex
	cmd *exec.Cmd
}

func (b *buildProc) run(cmd *exec.Cmd) error {
	b.mu.Lock()
	if err := cmd.Start(); err != nil {
		b.mu.Unlock()
		return err
	}
	b.cmd = cmd
	b.mu.Unlock()
	err := cmd.Wait()
	b.mu.Lock()
	b.cmd = nil
	b.mu.Unlock()
	return err
}

// stop ends the build and waits for it to end.
func (b *buildProc) stop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cmd == nil {
		return
	}
	b.cmd.Process.Kill()
	for b.cmd != nil { // run clears it once Wait has returned
		b.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
		b.mu.Lock()
	}
}

const spawnerEnv = "UTF8X_E2E_SPAWNER"

// sample is one run of one command.
type sample struct {
	wall   time.Duration
	cpu    time.Duration // user + system
	maxRSS int64         // KiB, from wait4's rusage
	out    int64         // bytes written to the pipe
	err    error
}

// request and reply are the spawner's protocol, one JSON line each.
type request struct {
	Argv    []string
	Env     []string
	Timeout time.Duration
	OK      []int
}

type reply struct {
	Wall   time.Duration
	CPU    time.Duration // user + system
	MaxRSS int64         // KiB
	Out    int64
	Err    string
}

type spawnerProc struct {
	mu  sync.Mutex
	cmd *exec.Cmd
	enc *json.Encoder
	dec *json.Decoder
}

var spawn spawnerProc

func startSpawner() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), spawnerEnv+"=1")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	spawn.cmd, spawn.enc, spawn.dec = cmd, json.NewEncoder(in), json.NewDecoder(out)
	return nil
}

// stop ends the spawner, which ends the command it runs.
func (s *spawnerProc) stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGTERM)
		s.cmd.Wait()
	}
}

func runOnce(c command, timeout time.Duration) sample {
	spawn.mu.Lock()
	defer spawn.mu.Unlock()
	if err := spawn.enc.Encode(request{Argv: c.argv, Env: c.env, Timeout: timeout, OK: c.ok}); err != nil {
		return sample{err: err}
	}
	var r reply
	if err := spawn.dec.Decode(&r); err != nil {
		return sample{err: err}
	}
	s := sample{wall: r.Wall, cpu: r.CPU, maxRSS: r.MaxRSS, out: r.Out}
	if r.Err != "" {
		s.err = errors.New(r.Err)
	}
	return s
}

// spawner runs the commands it reads from stdin, one at a time, and writes
// what it measured to stdout. It stays small: nothing but this loop.
func spawner() {
	var mu sync.Mutex
	var child *os.Process
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		mu.Lock()
		if child != nil {
			child.Kill()
		}
		os.Exit(130)
	}()
	buf := make([]byte, 1<<20)
	dec, enc := json.NewDecoder(os.Stdin), json.NewEncoder(os.Stdout)
	for {
		var q request
		if err := dec.Decode(&q); err != nil {
			return
		}
		var r reply
		ctx, cancel := context.WithTimeout(context.Background(), q.Timeout)
		cmd := exec.CommandContext(ctx, q.Argv[0], q.Argv[1:]...)
		cmd.Env = append(os.Environ(), q.Env...)
		var stderr bytes.Buffer
		cmd.Stderr = &limitWriter{w: &stderr, n: 4 << 10}
		stdout, err := cmd.StdoutPipe()
		if err == nil {
			start := time.Now()
			if err = cmd.Start(); err == nil {
				mu.Lock()
				child = cmd.Process
				mu.Unlock()
				r.Out = drain(stdout, buf)
				err = cmd.Wait()
				r.Wall = time.Since(start)
				mu.Lock()
				child = nil
				mu.Unlock()
				if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
					r.MaxRSS = ru.Maxrss
					r.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
				}
				code := cmd.ProcessState.ExitCode()
				if slices.Contains(append([]int{0}, q.OK...), code) && ctx.Err() == nil {
					err = nil
				} else {
					err = fmt.Errorf("exit %d %v: %s", code, ctx.Err(), strings.TrimSpace(stderr.String()))
				}
			}
		}
		cancel()
		if err != nil {
			r.Err = err.Error()
		}
		if enc.Encode(r) != nil {
			return
		}
	}
}

// drain reads r to its end in reads of len(buf), as a consumer such as cat
// does, and returns how many bytes came. (io.CopyBuffer to io.Discard would
// ignore buf: io.Discard's ReadFrom reads 8 KiB at a time, which made the
// consumer, not the command measured, set the pace of a pipe.)
func drain(r io.Reader, buf []byte) int64 {
	var n int64
	for {
		m, err := r.Read(buf)
		n += int64(m)
		if err != nil {
			return n
		}
	}
}

// limitWriter keeps the first n bytes written to it.
type limitWriter struct {
	w io.Writer
	n int
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if l.n > 0 {
		k := min(l.n, len(p))
		l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}

type cmdResult struct {
	command
	wall   time.Duration // median
	cpu    time.Duration // median
	maxRSS int64         // KiB, the largest of the runs
	out    int64
	err    error
}

type jobResult struct {
	job
	size int64
	rows []cmdResult
}

func measure(j job, runs int, size int64, timeout time.Duration) jobResult {
	samples := make([][]sample, len(j.cmds))
	for round := range runs {
		for i, c := range j.cmds {
			fmt.Fprintf(os.Stderr, "\r%-72s", fmt.Sprintf("%s: %s (round %d/%d)", j.name, c.name, round+1, runs))
			samples[i] = append(samples[i], runOnce(c, timeout))
		}
	}
	fmt.Fprintf(os.Stderr, "\r%-72s\r", "")
	r := jobResult{job: j, size: size}
	for i, c := range j.cmds {
		cr := cmdResult{command: c}
		var walls, cpus []time.Duration
		for _, s := range samples[i] {
			if s.err != nil {
				cr.err = s.err
				continue
			}
			walls = append(walls, s.wall)
			cpus = append(cpus, s.cpu)
			cr.maxRSS = max(cr.maxRSS, s.maxRSS)
			cr.out = s.out
		}
		if len(walls) > 0 {
			cr.wall, cr.cpu = median(walls), median(cpus)
		}
		r.rows = append(r.rows, cr)
	}
	return r
}

func median(v []time.Duration) time.Duration {
	slices.Sort(v)
	if len(v)%2 == 0 {
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return v[len(v)/2]
}

func gbps(size int64, d time.Duration) float64 { return float64(size) / d.Seconds() / 1e9 }

func printJob(w io.Writer, r jobResult) {
	fmt.Fprintf(w, "\n#### %s: %s (`%s`)\n\n", r.name, r.about, filepath.Base(r.file))
	fmt.Fprintln(w, "| command | wall s | GB/s | CPU s | peak RSS MiB | output MB | time / utf8x's |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	first := r.rows[0]
	for _, c := range r.rows {
		if c.wall == 0 {
			fmt.Fprintf(w, "| `%s` | failed: %v | | | | | |\n", c.name, c.err)
			continue
		}
		ratio := ""
		if first.wall > 0 {
			ratio = fmt.Sprintf("%.2fx", c.wall.Seconds()/first.wall.Seconds())
		}
		fmt.Fprintf(w, "| `%s` | %.3f | %.2f | %.3f | %.1f | %.1f | %s |\n", c.name, c.wall.Seconds(), gbps(r.size, c.wall),
			c.cpu.Seconds(), float64(c.maxRSS)/1024, float64(c.out)/1e6, ratio)
	}
}

// printGoals states the whole tool's goals (BENCHMARKS.md) against this
// run's figures, each beside its floor: the same ratio or speed with the
// utf8x command replaced by the least any program doing that job's input
// and output costs here (see floor.go), measured in the same rounds into
// the same drain. A goal above its floor cannot be met on this machine by
// a program that does that I/O. sp is check's floor split in process, cs
// convert's work.
func printGoals(w io.Writer, results []jobResult, sp split, cs convertSplit) {
	find := func(job, cmd string) cmdResult {
		for _, r := range results {
			if r.name == job {
				for _, c := range r.rows {
					if c.name == cmd || c.name == cmd+" -j 1" {
						return c
					}
				}
			}
		}
		return cmdResult{}
	}
	var size int64
	if len(results) > 0 {
		size = results[0].size
	}
	type goal struct {
		what     string
		a, b     cmdResult // measured, reference; b zero for an absolute goal
		floor    cmdResult // the least a, as a row of the same job
		min      float64   // goal for speed(a) / speed(b), or GB/s of a
		absolute bool
		rssMiB   float64 // also a peak RSS limit, when set
		wallOnly bool    // a goal for two cores: CPU time, summed over both, cannot judge it
	}
	goals := []goal{
		{what: "`check` -j 1 vs `dd` read", a: find("check", "utf8x check"), b: find("check", "dd bs=1M"), floor: find("check", floorReadValid), min: 0.9},
		{what: "`check` -j 2 vs `dd` read", a: find("check", "utf8x check -j 2"), b: find("check", "dd bs=1M"), floor: find("check", floorRead2Valid), min: 1.0, wallOnly: true},
		{what: "`stats` vs `check`", a: find("stats", "utf8x stats"), b: find("stats", "utf8x check"), min: 0.8},
		{what: "`convert` UTF-8 to UTF-16LE, GB/s, RSS <= 32 MiB", a: find("convert", "utf8x convert"), floor: find("convert", floorWiden), min: 2.5, absolute: true, rssMiB: 32},
		{what: "`fix` (errors) vs `check`", a: find("fix (errors)", "utf8x fix"), b: find("fix (errors)", "utf8x check"), floor: find("fix (errors)", floorFixRepair), min: 0.8},
		{what: "`fix` (valid) vs `check`", a: find("fix (valid)", "utf8x fix"), b: find("fix (valid)", "utf8x check"), floor: find("fix (valid)", floorFix), min: 0.8},
	}
	fmt.Fprintf(w, "\n#### Issue 11's goals in this run, each beside its floor (wall time; CPU time beside it, which load disturbs less)\n\n")
	fmt.Fprintln(w, "The floor is the same figure with the utf8x command replaced by the least a program doing that job's I/O costs: "+
		"for check -j 1, a Go process that reads the file in 1 MiB blocks and validates each to its end with utf8x.FirstInvalid (`"+floorReadValid+"`); for -j 2, the same on the two halves at once (`"+floorRead2Valid+"`); "+
		"for convert, reading the file and writing as many bytes as convert writes into the same pipe, without converting (`"+floorWiden+"`), with `"+floorCatU16+"` (cat of a UTF-16LE file made beforehand: the pipe alone) beside it; "+
		"for fix on the valid file, reading and validating the file as check's floor does and splicing each block into the pipe (`"+floorFix+"`), what fix does on a valid file and no more; "+
		"for fix on the file with errors, the same with each valid run spliced on its own and the repairs after it written (`"+floorFixRepair+"`), two system calls where the output leaves the file; "+
		"`"+floorSplice+"` (splice alone) and `"+floorCat+"` are beside it. "+
		"A goal above its floor is out of reach of any program doing that I/O here. "+
		"Under load read the CPU-time columns (a process waiting for a core adds to its wall time); on an idle machine the wall time, which also counts the drain on the other core.")
	fmt.Fprintf(w, "\n| goal | measured | by CPU time | floor | floor by CPU time | target | holds | target above the floor (wall / CPU) |\n| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |\n")
	yes := map[bool]string{true: "yes", false: "**no**"}
	for _, g := range goals {
		if g.a.wall == 0 || !g.absolute && g.b.wall == 0 {
			continue
		}
		var v, fv, fvCPU float64
		var text, cpu, floor, floorCPU, target string
		if g.absolute {
			v = gbps(size, g.a.wall)
			text = fmt.Sprintf("%.2f GB/s, %.1f MiB", v, float64(g.a.maxRSS)/1024)
			cpu = fmt.Sprintf("%.2f GB/s", gbps(size, g.a.cpu))
			if g.floor.wall > 0 {
				fv, fvCPU = gbps(size, g.floor.wall), gbps(size, g.floor.cpu)
				floor, floorCPU = fmt.Sprintf("%.2f GB/s", fv), fmt.Sprintf("%.2f GB/s", fvCPU)
			}
			target = fmt.Sprintf(">= %.1f GB/s, <= %.0f MiB", g.min, g.rssMiB)
		} else {
			v = g.b.wall.Seconds() / g.a.wall.Seconds()
			text = fmt.Sprintf("%.2fx", v)
			cpu = fmt.Sprintf("%.2fx", g.b.cpu.Seconds()/g.a.cpu.Seconds())
			if g.floor.wall > 0 {
				fv, fvCPU = g.b.wall.Seconds()/g.floor.wall.Seconds(), g.b.cpu.Seconds()/g.floor.cpu.Seconds()
				floor, floorCPU = fmt.Sprintf("%.2fx", fv), fmt.Sprintf("%.2fx", fvCPU)
			}
			target = fmt.Sprintf(">= %.2fx", g.min)
		}
		holds := v >= g.min && (g.rssMiB == 0 || float64(g.a.maxRSS)/1024 <= g.rssMiB)
		above := ""
		if g.floor.wall > 0 {
			verdict := map[bool]string{true: "**yes**", false: "no"}
			byCPU := verdict[g.min > fvCPU]
			if g.wallOnly {
				byCPU = "- (a wall-clock goal)"
			}
			above = verdict[g.min > fv] + " / " + byCPU
		} else {
			floor, floorCPU = "-", "-"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", g.what, text, cpu, floor, floorCPU, target, yes[holds], above)
	}
	if dd := find("check", "dd bs=1M"); sp.read > 0 && dd.wall > 0 {
		both := sp.read + sp.valid
		fmt.Fprintf(w, "\ncheck -j 1's floor split in process (thread CPU time, median of the rounds, mixed.txt in 1 MiB blocks): read(2) copying the file %.1f ms (%.2f GB/s), "+
			"validating the blocks %.1f ms (%.2f GB/s); the two one after the other %.1f ms. dd took %.1f ms of CPU in the run (%.1f ms wall): "+
			"dd / (read + validation) = %.2fx, dd / (dd + validation) = %.2fx by CPU time. check -j 1 does both on one core, so it cannot beat dd / (read + validation); "+
			"when the validation alone takes longer than dd's whole job, that bound is below 0.5x.\n",
			ms(sp.read), gbps(size, sp.read), ms(sp.valid), gbps(size, sp.valid), ms(both), ms(dd.cpu), ms(dd.wall),
			dd.cpu.Seconds()/both.Seconds(), dd.cpu.Seconds()/(dd.cpu+sp.valid).Seconds())
	}
	if cs.read > 0 {
		all := cs.read + cs.convert + cs.write
		fmt.Fprintf(w, "\nconvert's work split in process (thread CPU time, median of the rounds, mixed.txt in 1 MiB blocks, output into a 1 MiB pipe a goroutine drains): "+
			"read(2) %.1f ms, transcode.AppendUTF8ToUTF16LE %.1f ms (%.2f GB/s of input), write(2) of the %.0f MB into the pipe %.1f ms; in all %.1f ms, %.2f GB/s on one core "+
			"(the goal is 2.5 GB/s; the drain copies the output out again on the other core).\n",
			ms(cs.read), ms(cs.convert), gbps(size, cs.convert), float64(find("convert", "utf8x convert").out)/1e6, ms(cs.write), ms(all), gbps(size, all))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
