// Command detectdocs measures encoding detection on whole real documents,
// side by side with its peers: utf8x's detect.Detect (in this process, on
// the whole file and with default options, and the utf8x command once to
// check that it agrees), uchardet, enca (on its languages, told the
// language), Python chardet and charset-normalizer (Debian's packages) and
// jschardet (npm).
//
//	cd bench && go run ./cmd/detectdocs [-quick] [-install]
//
// The documents are real files that the detector's training never saw:
//   - man-heldout: the translated man pages that detect/internal/gen's split
//     holds out of training (the i-th file of raw/<lang> in name order when
//     i%5 == 2, and of those only the test half, i/5 odd, that nothing is
//     fitted on; -fit adds the calibration half);
//   - man-other: man pages installed on this machine that the training
//     folder does not hold (other packages', and English pages);
//   - html-debian: Debian Reference, the Debian FAQ and the New
//     Maintainers' Guide in their translations;
//   - xml-gnome: GNOME's Mallard help pages (gnome-user-docs);
//   - corpus: ../shared/corpus (test data, never training data);
//   - csv, srt, email, source: BUILT by wrapping the prose of held-out man
//     pages and gettext catalogs (same split) in the scaffolding of those
//     formats, because no real such files exist here in enough languages;
//     text: that prose itself;
//   - binary: gzip, PNG and GIF files, whose right answer is "no text".
//
// The split is by document, never by line. Each document is written into
// each legacy encoding its language is commonly written in, and into UTF-8
// and UTF-16LE/BE without a byte order mark (one of the two by turns),
// with its charset declaration removed (HTML and XML also with one naming
// the true encoding, at 4 and 16 KiB and small: kinds html+decl,
// xml+decl), and cut at character boundaries to 4, 16 and 64 KiB and
// 1 MiB; documents of 4 KiB to 1 MiB also whole, shorter ones as "small".
// A file identical to one already written for the same document
// (ISO-8859-1 text that Windows-1252 writes the same) is written once,
// under the first encoding of the language's list. A document that does
// not encode losslessly is FOLDED (-fold=false leaves it out): written
// with the conventions text in that encoding had (Romanian ş ţ for ș ț,
// Persian ي and ASCII digits in Windows-1256, ASCII quotes and dashes in
// the ISO-8859 and DOS code pages; see fold.go), and the folded text is
// what the file must decode to; the report counts such files. A guess is
// right when decoding the file with the encoding it names gives back the
// text (equivalent encodings count as right; answers naming a codec only
// Python has are decoded with Python). Documents are sampled per kind,
// source and language with a fixed seed (-seed), at most -per of each and
// within -mb megabytes (-long-mb for the long built documents).
//
// The peers' answers are cached by file digest (-cache), so that rerunning
// after a change to the detector runs only utf8x. -keep DIR keeps the
// files with index.tsv, every detector's answer on each. The report goes
// to results/detectdocs-<date>/summary.md (-out).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/utf8x/utf8x/detect"
)

// sources says where documents are read from; tests point it at a tiny set.
type sources struct {
	training string   // the generator's training folder (raw/)
	manRoot  string   // /usr/share/man
	html     []string // globs of translated HTML documentation
	help     string   // /usr/share/help
	corpus   string   // ../shared/corpus
	binary   []string // globs of binary files
	fit      bool     // take the generator's calibration half too
}

var defaultSources = sources{
	training: trainingDir(),
	manRoot:  "/usr/share/man",
	html: []string{"/usr/share/debian-reference/*.html", "/usr/share/doc/debian/FAQ/*/*.html",
		"/usr/share/doc/maint-guide-*/html/*.html"},
	help:   "/usr/share/help",
	corpus: "../../shared/corpus",
	binary: []string{"/usr/share/man/man1/*.gz", "/usr/share/icons/*/*/*/*.png", "/usr/share/pixmaps/*.png",
		"/usr/share/doc/*/*/*.gif", "/usr/share/doc/*/*/*/*.png"},
}

func trainingDir() string {
	if d := os.Getenv("UTF8X_DETECT_TRAINING"); d != "" {
		return filepath.Join(d, "raw")
	}
	return "/tmp/utf8x-detect-training/raw"
}

// collect reads every document the sources give.
func collect(src sources, seed int64, per int) []doc {
	var docs []doc
	if src.training != "" {
		// both halves of the held-out files are read: the long built
		// documents need the text of both; the others take the test half
		// only (unless src.fit)
		pages, prose, err := heldOutDocs(src.training, true)
		if err != nil {
			log.Printf("held-out training files skipped: %v", err)
		}
		docs = append(docs, longDocs(prose, seed)...)
		keep := func(d []doc) []doc {
			var out []doc
			for _, x := range d {
				if src.fit || !x.fit {
					out = append(out, x)
				}
			}
			return out
		}
		pages, prose = keep(pages), keep(prose)
		docs = append(docs, pages...)
		for i, p := range prose {
			docs = append(docs, p)
			for _, k := range builtKinds {
				docs = append(docs, doc{source: p.source, kind: k, lang: p.lang, name: p.name + "#" + k, built: true,
					text: wrap(k, p.text, seed+int64(i))})
			}
		}
	}
	if src.manRoot != "" {
		docs = append(docs, otherManPages(src.manRoot, src.training, 4*per, seed)...)
	}
	docs = append(docs, htmlDocs(src.html)...)
	if src.help != "" {
		docs = append(docs, helpDocs(src.help, 4*per, seed)...)
	}
	if src.corpus != "" {
		docs = append(docs, corpusDocs(src.corpus)...)
	}
	docs = append(docs, binaryDocs(src.binary, 3)...)
	return docs
}

type config struct {
	per    int
	budget int // bytes of files, long-built documents apart
	// longBudget is the bytes of files of long-built documents.
	longBudget int
	seed       int64
	decl       bool
	peers      map[string]bool
	cliRoot    string // the module root to build cmd/utf8x from; "" skips the CLI
	timeout    time.Duration
	costN      int // runs of the one-file process timing
	// costFiles is how many small files the many-files cost runs over.
	costFiles int
	command   string
	keep      string // folder to keep the files and index.tsv in ("" for none)
}

func main() {
	log.SetFlags(0)
	quick := flag.Bool("quick", false, "a small subset (one document per kind, source and language; about a minute)")
	per := flag.Int("per", 3, "documents per kind, source and language")
	budget := flag.Int("mb", 36, "megabytes of files at most (long built documents apart)")
	longBudget := flag.Int("long-mb", 10, "megabytes of files of long built documents (the 1 MiB bucket) at most")
	seed := flag.Int64("seed", 1, "seed of the document sampling")
	fit := flag.Bool("fit", false, "also take the held-out files the generator fits its calibration on")
	flag.BoolVar(&foldText, "fold", true, "write documents that do not encode losslessly with their encoding's conventions (ş for ș, ASCII quotes, ...) instead of leaving them out")
	decl := flag.Bool("decl", true, "also write HTML and XML with a declaration of the true encoding")
	install := flag.Bool("install", false, "install missing peers and document packages (apt-get: uchardet enca python3-chardet python3-charset-normalizer, docPackages; npm: jschardet)")
	peerList := flag.String("peers", "uchardet,enca,chardet,charset-normalizer,jschardet,cli", "detectors to run beside detect.Detect")
	corpus := flag.String("corpus", defaultSources.corpus, "the shared corpus folder (\"\" to leave it out)")
	training := flag.String("training", defaultSources.training, "the generator's training folder (raw/)")
	out := flag.String("out", "", "folder for summary.md (default results/detectdocs-<date>; \"-\" writes none)")
	flag.StringVar(&cacheDir, "cache", cacheDir, "folder where the peers' answers are kept between runs, by file digest (\"\" to run every peer on every file)")
	costRuns := flag.Int("cost-runs", 21, "runs of the one-file process timing (0 skips the cost measurement)")
	keep := flag.String("keep", "", "keep the set's files in this folder, with index.tsv (file, source, kind, language, encoding, length, document, each detector's answer)")
	timeout := flag.Duration("timeout", 20*time.Minute, "time limit of each peer's run")
	flag.Parse()
	if *quick {
		*per, *budget, *longBudget = 1, 3, 3
	}
	if *install {
		installPeers()
	}
	src := defaultSources
	src.corpus, src.training, src.fit = *corpus, *training, *fit
	if _, err := os.Stat(src.training); err != nil {
		log.Printf("training folder %s absent: no held-out man pages or built kinds (run detect/internal/gen/fetch-training.sh)", src.training)
		src.training = ""
	}
	if src.corpus != "" {
		if _, err := os.Stat(src.corpus); err != nil {
			log.Printf("corpus %s absent: kind corpus left out", src.corpus)
			src.corpus = ""
		}
	}
	cfg := config{per: *per, budget: *budget << 20, longBudget: *longBudget << 20, seed: *seed, decl: *decl, peers: map[string]bool{}, cliRoot: "..", timeout: *timeout, costN: *costRuns, costFiles: 2000, keep: *keep,
		command: "cd bench && go run ./cmd/detectdocs " + strings.Join(os.Args[1:], " ")}
	for _, p := range strings.Split(*peerList, ",") {
		cfg.peers[strings.TrimSpace(p)] = true
	}
	report, err := evaluate(src, cfg)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(report)
	dir := *out
	if dir == "" {
		dir = filepath.Join("results", "detectdocs-"+time.Now().UTC().Format("2006-01-02"))
		if *quick {
			dir += "-quick"
		}
	}
	if dir != "-" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "summary.md"), []byte(report), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("wrote %s", filepath.Join(dir, "summary.md"))
	}
}

// evaluate builds the set, runs the detectors and returns the report.
func evaluate(src sources, cfg config) (string, error) {
	start := time.Now()
	all := collect(src, cfg.seed, cfg.per)
	docs, samples := buildSamples(pick(all, cfg.per, cfg.seed), cfg.decl, cfg.budget, cfg.longBudget)
	if len(samples) == 0 {
		return "", fmt.Errorf("no documents found: nothing to measure")
	}
	total := 0
	for _, s := range samples {
		total += len(s.bytes)
	}
	log.Printf("%d documents found, %d taken, %d files, %.1f MB (%v)", len(all), len(docs), len(samples), float64(total)/1e6, time.Since(start).Round(time.Millisecond))
	// work holds the built utf8x and the jschardet script; dir the files
	work, err := os.MkdirTemp("", "utf8x-detectdocs")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	dir := cfg.keep
	if dir == "" {
		dir = work
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	files := make([]string, len(samples))
	for i, s := range samples {
		files[i] = filepath.Join(dir, fmt.Sprintf("%06d", i))
		if err := os.WriteFile(files[i], s.bytes, 0o644); err != nil {
			return "", err
		}
	}
	runs := []run{
		ours("utf8x", samples, &detect.Options{Limit: -1}),
		ours("utf8x (default options)", samples, nil),
	}
	log.Printf("utf8x: %v, %v", runs[0].took.Round(time.Millisecond), runs[1].took.Round(time.Millisecond))
	// an interrupt or the time limit ends the peers' processes too
	sig, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(sig, cfg.timeout)
	defer cancel()
	type job struct {
		name string
		fn   func() (run, error)
	}
	var jobs []job
	var cli *run
	var skipped []string
	bin := ""
	if cfg.peers["cli"] && cfg.cliRoot != "" {
		if bin, err = buildCLI(cfg.cliRoot, work); err != nil {
			log.Printf("utf8x CLI skipped: %v", err)
			skipped = append(skipped, "utf8x CLI (build failed)")
			bin = ""
		} else {
			jobs = append(jobs, job{"utf8x CLI", func() (run, error) { return runCLI(ctx, bin, files) }})
		}
	}
	if cfg.peers["uchardet"] {
		jobs = append(jobs, job{"uchardet", func() (run, error) {
			return cached("uchardet", files, samples, func(f []string, _ []sample) (run, error) { return runUchardet(ctx, f) })
		}})
	}
	if cfg.peers["enca"] {
		jobs = append(jobs, job{"enca", func() (run, error) {
			return cached("enca", files, samples, func(f []string, s []sample) (run, error) { return runEnca(ctx, f, s) })
		}})
	}
	if cfg.peers["chardet"] {
		jobs = append(jobs, job{"chardet", func() (run, error) {
			return cached("chardet", files, samples, func(f []string, _ []sample) (run, error) { return runPython(ctx, "chardet", f) })
		}})
	}
	if cfg.peers["charset-normalizer"] {
		jobs = append(jobs, job{"charset-normalizer", func() (run, error) {
			return cached("charset-normalizer", files, samples, func(f []string, _ []sample) (run, error) {
				return runPython(ctx, "charset_normalizer", f)
			})
		}})
	}
	if cfg.peers["jschardet"] {
		jobs = append(jobs, job{"jschardet", func() (run, error) {
			return cached("jschardet", files, samples, func(f []string, _ []sample) (run, error) { return runJschardet(ctx, f, work) })
		}})
	}
	results := make([]*run, len(jobs))
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // the machine has two cores
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r, err := j.fn()
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				log.Printf("%s skipped: %v", j.name, err)
				skipped = append(skipped, fmt.Sprintf("%s (%v)", j.name, firstLine(err.Error())))
				return
			}
			log.Printf("%s: %v (processor %v)", j.name, r.took.Round(time.Millisecond), r.cpu.Round(time.Millisecond))
			results[i] = &r
		}()
	}
	wg.Wait()
	if sig.Err() != nil {
		return "", fmt.Errorf("interrupted")
	}
	for _, r := range results {
		if r == nil {
			continue
		}
		if r.name == "utf8x CLI" {
			cli = r
			continue
		}
		runs = append(runs, *r)
	}
	sort.SliceStable(runs[2:], func(i, j int) bool { return runs[2+i].name < runs[2+j].name })
	sort.Strings(skipped)
	if err := judgeWithPython(runs, samples, files); err != nil {
		log.Printf("answers naming codecs only Python knows stay wrong: %v", err)
	}
	if cfg.keep != "" {
		if err := writeIndex(filepath.Join(cfg.keep, "index.tsv"), files, docs, samples, runs, cli); err != nil {
			return "", err
		}
		log.Printf("files and index.tsv kept in %s", cfg.keep)
	}
	var c *costs
	if cfg.costN > 0 {
		c = measureCosts(samples, files, cfg, bin)
	}
	return writeReport(cfg, docs, samples, runs, cli, skipped, c), nil
}

// writeIndex writes one line per file: where it came from, what it is and
// what each detector answered (with "!" before a wrong answer).
func writeIndex(path string, files []string, docs []doc, samples []sample, runs []run, cli *run) error {
	all := runs
	if cli != nil {
		all = append(append([]run{}, runs...), *cli)
	}
	var b strings.Builder
	b.WriteString("file\tsource\tkind\tlang\tencoding\tlength\tfolded\tdocument")
	for _, r := range all {
		b.WriteString("\t" + r.name)
	}
	b.WriteString("\n")
	for i := range samples {
		s := &samples[i]
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%v\t%s", filepath.Base(files[i]), s.source, s.kind, s.lang, s.enc, s.bucket, s.folded, docs[s.doc].name)
		for _, r := range all {
			a := r.answers[i]
			mark := ""
			if !a.na && !right(a.label, s) {
				mark = "!"
			}
			if a.conf > 0 {
				fmt.Fprintf(&b, "\t%s%s %.3f", mark, a.label, a.conf)
			} else {
				fmt.Fprintf(&b, "\t%s%s", mark, a.label)
			}
		}
		b.WriteString("\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
