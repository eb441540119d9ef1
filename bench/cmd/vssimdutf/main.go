// Command vssimdutf measures utf8x's public validation and conversion
// functions beside simdutf's (the ../shared/tools/simdutf-bench program) on
// the shared corpus, per kernel set, and prints one Markdown table per set of
// the ratio utf8x / simdutf for each file and operation:
//
//	cd bench && go run ./cmd/vssimdutf [-corpus ../../shared/corpus] [-rounds 3] [-sets avx512,avx2] [-files regexp] [-ops u16to32,u32to16]
//
// The files are the corpus's lipsum/*.utf8.txt and wikipedia_mars/*.html
// (27 in all). Both sides are timed the same way: GB/s of the operation's
// input (the file as UTF-8, or converted beforehand to UTF-16LE or UTF-32LE),
// the best of 5 windows of 50 ms. simdutf-bench is run with SD_IMPL=icelake
// for the AVX-512 set and SD_IMPL=haswell for the AVX2 set; utf8x runs in a
// child process of this command, with its default kernel sets for AVX-512 and
// with GODEBUG=cpu.avx512f=off for AVX2, so that validation and transcoding
// both pick the set a CPU of that class would. Each child reports the kernel
// sets it ran, and the table header prints them. The two programs alternate,
// -rounds times per set, and each figure is the best of the rounds.
//
// The operations are simdutf-bench's: valid (utf8x.Valid), u8to16
// (transcode.AppendUTF8ToUTF16LE), u16to8 (AppendUTF16LEToUTF8), u8to32
// (AppendUTF8ToUTF32LE), u32to8 (AppendUTF32LEToUTF8), u16to32 and u32to16
// (a transcode.Converter between UTF16LE and UTF32LE, Strict).
//
// The child alone times utf8x before and after a change, on a busy machine
// by its thread's CPU time, printing lines benchstat reads:
//
//	vssimdutf -child -cputime -gobench -ops u8to16,u16to8 FILE... > new.txt
//
// and with -transcodeset it forces one transcoding kernel set
// (transcode.UseKernelSet), such as avx512bw, which no GODEBUG setting picks.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/bench/table"
	"github.com/utf8x/utf8x/transcode"
)

// ops are the operations compared, in table order.
var ops = []string{"valid", "u8to16", "u16to8", "u8to32", "u32to8", "u16to32", "u32to16"}

// set is one kernel set: how each program is told to use it.
type set struct {
	name    string // as -sets spells it
	sdImpl  string // SD_IMPL for simdutf-bench
	godebug string // GODEBUG for the utf8x child ("" = default)
}

var allSets = []set{
	{name: "avx512", sdImpl: "icelake"},
	{name: "avx2", sdImpl: "haswell", godebug: "cpu.avx512f=off"},
}

// results maps file -> operation -> GB/s.
type results map[string]map[string]float64

// merge keeps the best figure of r and o in r.
func (r results) merge(o results) {
	for f, m := range o {
		if r[f] == nil {
			r[f] = map[string]float64{}
		}
		for op, v := range m {
			r[f][op] = max(r[f][op], v)
		}
	}
}

func main() {
	corpus := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	sdBench := flag.String("simdutf", "", "simdutf-bench program (default: CORPUS/../tools/simdutf-bench)")
	rounds := flag.Int("rounds", 3, "alternating rounds per set; the best figure is kept")
	setList := flag.String("sets", "avx512,avx2", "kernel sets to measure")
	filesRe := flag.String("files", "", "measure only the files whose name matches this regexp")
	child := flag.Bool("child", false, "time utf8x alone on the files given as arguments and print simdutf-bench's format (the parent runs it so)")
	opList := flag.String("ops", strings.Join(ops, ","), "the operations to time and tabulate (simdutf-bench times all of them regardless)")
	flag.BoolVar(&cpuTime, "cputime", false, "with -child: time each window by its thread's CPU time (for utf8x before/after comparisons on a busy machine; simdutf-bench uses the wall clock)")
	flag.BoolVar(&goBench, "gobench", false, "with -child: print Go benchmark lines (BenchmarkVS/op/file), for benchstat")
	flag.IntVar(&windows, "windows", 5, "with -child: timed windows per figure; the best is kept")
	flag.DurationVar(&window, "window", 50*time.Millisecond, "with -child: minimum duration of one window")
	tset := flag.String("transcodeset", "", "with -child: force this transcoding kernel set (transcode.UseKernelSet: avx512vbmi2, avx512bw, avx2, go)")
	flag.Parse()

	ops = strings.Split(*opList, ",")
	if *child {
		if err := transcode.UseKernelSet(*tset); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := runChild(os.Stdout, flag.Args()); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}

	files, err := corpusFiles(*corpus, *filesRe)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *sdBench == "" {
		*sdBench = filepath.Join(*corpus, "..", "tools", "simdutf-bench")
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, name := range strings.Split(*setList, ",") {
		i := slices.IndexFunc(allSets, func(s set) bool { return s.name == name })
		if i < 0 {
			fmt.Fprintf(os.Stderr, "unknown set %q (have avx512, avx2)\n", name)
			os.Exit(2)
		}
		s := allSets[i]
		ours, theirs := results{}, results{}
		var oursSets, theirSet string
		for r := range *rounds {
			fmt.Fprintf(os.Stderr, "%s round %d/%d: utf8x\n", s.name, r+1, *rounds)
			o, info, err := run(self, append([]string{"-child", "-ops", strings.Join(ops, ",")}, files...), envWith("GODEBUG", s.godebug))
			if err != nil {
				fmt.Fprintln(os.Stderr, "utf8x:", err)
				os.Exit(1)
			}
			ours.merge(o)
			oursSets = info
			fmt.Fprintf(os.Stderr, "%s round %d/%d: simdutf\n", s.name, r+1, *rounds)
			t, info, err := run(*sdBench, files, envWith("SD_IMPL", s.sdImpl))
			if err != nil {
				fmt.Fprintln(os.Stderr, "simdutf-bench:", err)
				os.Exit(1)
			}
			theirs.merge(t)
			theirSet = info
		}
		printTable(os.Stdout, s, oursSets, theirSet, files, ours, theirs)
	}
}

// corpusFiles lists the 27 files: lipsum/*.utf8.txt and wikipedia_mars/*.html.
func corpusFiles(dir, re string) ([]string, error) {
	var files []string
	for _, pat := range []string{"lipsum/*.utf8.txt", "wikipedia_mars/*.html"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no corpus files under %s", dir)
	}
	if re != "" {
		r, err := regexp.Compile(re)
		if err != nil {
			return nil, err
		}
		files = slices.DeleteFunc(files, func(f string) bool { return !r.MatchString(filepath.Base(f)) })
	}
	return files, nil
}

func envWith(key, val string) []string {
	env := os.Environ()
	if val == "" {
		return env
	}
	env = slices.DeleteFunc(env, func(e string) bool { return strings.HasPrefix(e, key+"=") })
	return append(env, key+"="+val)
}

// run runs prog, parses its output and returns the last "impl" line of its
// standard error.
func run(prog string, args, env []string) (results, string, error) {
	cmd := exec.Command(prog, args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, "", fmt.Errorf("%v: %s", err, stderr.String())
	}
	res, err := parse(bytes.NewReader(out))
	info := ""
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(l, "impl ") {
			info = strings.TrimPrefix(l, "impl ")
		}
	}
	return res, info, err
}

// parse reads lines of "FILE op GB/s op GB/s ...", keyed by the file's base name.
func parse(r io.Reader) (results, error) {
	res := results{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f)%2 != 1 {
			return nil, fmt.Errorf("odd line %q", sc.Text())
		}
		m := map[string]float64{}
		for i := 1; i < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i+1], 64)
			if err != nil {
				return nil, fmt.Errorf("line %q: %v", sc.Text(), err)
			}
			m[f[i]] = v
		}
		res[filepath.Base(f[0])] = m
	}
	return res, sc.Err()
}

// runChild times utf8x on each file and prints simdutf-bench's format.
func runChild(w io.Writer, files []string) error {
	fmt.Fprintf(os.Stderr, "impl validate %s, transcode %s\n", utf8x.KernelSet(), transcode.KernelSet())
	for _, f := range files {
		p, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if goBench {
			for _, op := range ops {
				fmt.Fprintf(w, "BenchmarkVS/%s/%s 1 %.3f GB/s\n", op, shortName(filepath.Base(f)), speed(op, p))
			}
			continue
		}
		fmt.Fprint(w, f)
		for _, op := range ops {
			fmt.Fprintf(w, " %s %.3f", op, speed(op, p))
		}
		fmt.Fprintln(w)
	}
	return nil
}

func toUTF16LE(p []byte) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(string(p))) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

func toUTF32LE(p []byte) []byte {
	out := make([]byte, 0, 4*utf8.RuneCount(p))
	for _, r := range string(p) {
		out = append(out, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
	}
	return out
}

var (
	u16to32 = transcode.NewConverter(transcode.UTF16LE, transcode.UTF32LE, utf8x.Strict, utf8x.BOMKeep)
	u32to16 = transcode.NewConverter(transcode.UTF32LE, transcode.UTF16LE, utf8x.Strict, utf8x.BOMKeep)
)

// speed returns utf8x's GB/s of input for op on the UTF-8 text p.
func speed(op string, p []byte) float64 {
	src := p
	var conv func(dst, src []byte) ([]byte, error)
	ratio := 1
	switch op {
	case "valid":
	case "u8to16":
		conv, ratio = transcode.AppendUTF8ToUTF16LE, 2
	case "u16to8":
		conv, src, ratio = transcode.AppendUTF16LEToUTF8, toUTF16LE(p), 2
	case "u8to32":
		conv, ratio = transcode.AppendUTF8ToUTF32LE, 4
	case "u32to8":
		conv, src = transcode.AppendUTF32LEToUTF8, toUTF32LE(p)
	case "u16to32":
		conv, src, ratio = u16to32.Append, toUTF16LE(p), 2
	case "u32to16":
		conv, src = u32to16.Append, toUTF32LE(p)
	default:
		panic("unknown operation " + op)
	}
	dst := make([]byte, ratio*len(src)+64)
	f := func() bool { return utf8x.Valid(src) }
	if conv != nil {
		f = func() bool {
			_, err := conv(dst[:0], src)
			return err == nil
		}
	}
	if !f() {
		return 0 // invalid input: no figure
	}
	return bestOf(windows, window, len(src), f)
}

var (
	sink    bool
	cpuTime bool // time windows by the thread's CPU time
	goBench bool // print Go benchmark lines
	windows = 5  // windows per figure
	window  = 50 * time.Millisecond
)

// bestOf returns the best GB/s of n windows of at least d, each running f
// over n bytes as many times as fits.
//
// The wall clock is read once a call of f, as simdutf-bench reads its
// steady_clock: time.Since of a monotonic start is one clock read (~35 ns
// here), where time.Now().UnixNano() was two (~70 ns), 1-2% of a call on
// the smaller lipsum files that simdutf-bench did not pay. The thread's CPU
// clock is a system call (~2.2 us on machine E's VM, as much as a whole
// call on 40 KB of text), so with -cputime f runs in batches of at least
// 500 us between two reads.
func bestOf(n int, d time.Duration, size int, f func() bool) float64 {
	best := 0.0
	if cpuTime {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if _, ok := table.ThreadCPU(); ok {
			return bestOfCPU(n, d, size, f)
		}
	}
	for range n {
		iters := 0
		start := time.Now()
		var el time.Duration
		for el < d {
			sink = f()
			iters++
			el = time.Since(start)
		}
		best = max(best, float64(size)*float64(iters)/el.Seconds()/1e9)
	}
	return best
}

// bestOfCPU is bestOf timed by the thread's CPU time, f run in batches that
// take at least 500 us, so that the clock's cost is below 0.5% of a batch.
func bestOfCPU(n int, d time.Duration, size int, f func() bool) float64 {
	batch := 1
	for {
		t0 := table.ThreadTime()
		for range batch {
			sink = f()
		}
		if table.ThreadTime()-t0 >= 500*time.Microsecond {
			break
		}
		batch *= 2
	}
	best := 0.0
	for range n {
		iters := 0
		start := table.ThreadTime()
		var el time.Duration
		for el < d {
			for range batch {
				sink = f()
			}
			iters += batch
			el = table.ThreadTime() - start
		}
		best = max(best, float64(size)*float64(iters)/el.Seconds()/1e9)
	}
	return best
}

// printTable prints the ratios utf8x / simdutf per file and operation, their
// geometric mean and the worst files of each operation.
func printTable(w io.Writer, s set, oursSets, theirSet string, files []string, ours, theirs results) {
	fmt.Fprintf(w, "\n### %s set: utf8x (%s) / simdutf (%s)\n\n", s.name, oursSets, theirSet)
	fmt.Fprintf(w, "| file | %s |\n|---|%s\n", strings.Join(ops, " | "), strings.Repeat("---|", len(ops)))
	logSum := make([]float64, len(ops))
	count := make([]int, len(ops))
	type bad struct {
		file  string
		ratio float64
	}
	worst := make([][]bad, len(ops))
	for _, f := range files {
		b := filepath.Base(f)
		cells := make([]string, len(ops))
		for j, op := range ops {
			o, t := ours[b][op], theirs[b][op]
			if o == 0 || t == 0 {
				cells[j] = "-"
				continue
			}
			r := o / t
			logSum[j] += math.Log(r)
			count[j]++
			worst[j] = append(worst[j], bad{b, r})
			cells[j] = fmt.Sprintf("%.2f", r)
		}
		fmt.Fprintf(w, "| %s | %s |\n", shortName(b), strings.Join(cells, " | "))
	}
	cells := make([]string, len(ops))
	wcells := make([]string, len(ops))
	for j := range ops {
		if count[j] > 0 {
			cells[j] = fmt.Sprintf("**%.2f**", math.Exp(logSum[j]/float64(count[j])))
		}
		slices.SortFunc(worst[j], func(a, b bad) int { return cmpFloat(a.ratio, b.ratio) })
		var ws []string
		for _, x := range worst[j] {
			if x.ratio >= 1 || len(ws) == 3 {
				break
			}
			ws = append(ws, fmt.Sprintf("%s %.2f", shortName(x.file), x.ratio))
		}
		wcells[j] = strings.Join(ws, ", ")
	}
	fmt.Fprintf(w, "| geomean | %s |\n", strings.Join(cells, " | "))
	fmt.Fprintf(w, "| worst (< 1) | %s |\n", strings.Join(wcells, " | "))
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// shortName drops the corpus's suffixes: Russian-Lipsum.utf8.txt -> Russian.
func shortName(b string) string {
	b = strings.TrimSuffix(b, "-Lipsum.utf8.txt")
	return b
}
