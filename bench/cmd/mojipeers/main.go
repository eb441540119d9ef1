// Command mojipeers runs utf8x's mojibake repair (mojibake.Fix, the public
// API) and its anchor peer, ftfy (python-ftfy 6.3.1 through its TypeScript
// port ftfy-js 6.3.2, since python-ftfy is not installable here), on the
// same inputs, and prints Markdown tables:
//
//  1. recall per chain on the cases mojibake's TestTrainingRecall judges
//     (held-out training lines mangled through each chain, and the lossy
//     forms), exported by TestExportRecallSet;
//  2. clean text changed: held-out training lines in four case variants,
//     the hand-written negatives, and whole real documents (the shared
//     corpus, Debian's HTML documentation, translated man pages on this
//     machine that the training text does not hold);
//  3. whole corpus texts misread as windows-1252 and as windows-1251: the
//     share of the mangled lines given back exactly;
//  4. speed on a few corpus texts, each in its own process;
//  5. whole real documents (translated man pages the training text does
//     not hold, /usr/share/doc's HTML and text) misread whole through each
//     chain of issue 24, once and twice and in the lossy forms, repaired
//     whole: per chain, the mangled lines restored, left, changed wrongly
//     (-only wholedocs runs this section alone; -ftfy=false without ftfy;
//     -wholemisses writes the lines utf8x misses for mojibake's
//     TestDebugPeerMisses).
//
// ftfy runs with only its encoding repairs on (see ftfy.js), and plain
// fix_encoding is reported beside it. Node runs once per input set.
//
//	cd bench && go run ./cmd/mojipeers [-install] [-cases file] [-corpus ../../shared/corpus] [-man 300] [-only wholedocs] [-wholeman 60] [-wholedoc 600]
package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/utf8x/utf8x/bench/table"
	"github.com/utf8x/utf8x/mojibake"
)

// fixers are the three answers each input gets.
type answers struct {
	utf8x, ftfy, ftfyEnc []string
}

// misses, when -misses is given, receives each case ftfy restores and utf8x
// does not (for a lossy case: counting U+FFFD where a character was lost as
// right).
var misses *json.Encoder

// miss is one line of the -misses file.
type miss struct {
	Where string `json:"where"`
	Want  string `json:"want"`
	In    string `json:"in"`
	Utf8x string `json:"utf8x"`
	Ftfy  string `json:"ftfy"`
}

func writeMiss(m miss) {
	if misses != nil {
		misses.Encode(m)
	}
}

func fixAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		b, _ := mojibake.Fix([]byte(s))
		out[i] = string(b)
	}
	return out
}

func main() {
	root := flag.String("root", "..", "the utf8x module, whose mojibake tests export the cases")
	casesFile := flag.String("cases", "", "the file TestExportRecallSet wrote (default: run it into a temporary file)")
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	rawDir := flag.String("training", "/tmp/utf8x-detect-training/raw", "the training text (man pages it holds are left out of the machine's)")
	manLimit := flag.Int("man", 300, "translated man pages taken from this machine (a seeded sample)")
	rounds := flag.Int("rounds", 5, "speed: timed rounds per text, the best is reported")
	install := flag.Bool("install", false, "install ftfy-js "+ftfyPackage+" with npm (and node with apt-get) when missing")
	nExamples := flag.Int("examples", 4, "example lines shown of each kind of difference")
	only := flag.String("only", "", "run only this section: wholedocs (section 5)")
	withFtfy := flag.Bool("ftfy", true, "run ftfy beside utf8x (false: utf8x alone; section 5 only)")
	wholeMan := flag.Int("wholeman", 60, "section 5: translated man pages a language folder (a seeded sample of those -man takes)")
	wholeDoc := flag.Int("wholedoc", 600, "section 5: /usr/share/doc documents (a seeded sample of the HTML and text files in UTF-8 holding non-ASCII)")
	wholeMisses := flag.String("wholemisses", "", "section 5: write every mangled line utf8x does not restore to this file (JSON lines, as -misses)")
	missFile := flag.String("misses", "", "write every recall case and mangled-text line ftfy restores and utf8x does not to this file (JSON lines)")
	flag.Parse()
	log.SetFlags(0)

	if *install {
		installFtfy()
	}
	tmp, err := os.MkdirTemp("", "mojipeers")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	var nd *node
	if *withFtfy || *only != "wholedocs" {
		if nd, err = newNode(tmp); err != nil {
			log.Fatal(err)
		}
	}
	if *only == "wholedocs" {
		w := bufio.NewWriter(os.Stdout)
		defer w.Flush()
		header(w, nd)
		wholeDocs(w, nd, wholeSets(*rawDir, *manLimit, *wholeMan, *wholeDoc), *nExamples, *wholeMisses)
		return
	}

	path := *casesFile
	if path == "" {
		path = filepath.Join(tmp, "cases.jsonl")
		cmd := exec.Command("go", "test", "-count=1", "-run", "^TestExportRecallSet$", "-v", "./mojibake/")
		cmd.Dir = *root
		cmd.Env = append(os.Environ(), "MOJIBAKE_EXPORT_RECALL="+path)
		out, err := cmd.CombinedOutput()
		if err != nil || bytes.Contains(out, []byte("SKIP")) {
			log.Fatalf("exporting the cases: %v\n%s", err, out)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	cases, err := parseCases(data)
	if err != nil {
		log.Fatalf("%s: %v", path, err)
	}

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	if *missFile != "" {
		f, err := os.Create(*missFile)
		if err != nil {
			log.Fatal(err)
		}
		mw := bufio.NewWriter(f)
		misses = json.NewEncoder(mw)
		misses.SetEscapeHTML(false)
		defer f.Close()
		defer mw.Flush()
	}
	header(w, nd)

	byset := map[string][]exportCase{}
	for _, c := range cases {
		byset[c.Set] = append(byset[c.Set], c)
	}
	run := func(cs []exportCase) answers {
		ins := make([]string, len(cs))
		for i, c := range cs {
			ins[i] = c.In
		}
		a := answers{utf8x: fixAll(ins)}
		if a.ftfy, a.ftfyEnc, _, err = nd.fixLines("lines", ins); err != nil {
			log.Fatal(err)
		}
		return a
	}

	recall := byset["recall"]
	recallTable(w, recall, run(recall), *nExamples)

	fmt.Fprintf(w, "\n## 2. Clean text changed (false positives)\n\n")
	fmt.Fprintf(w, "A line counts as changed when the fixer's output differs from it in any way.\n\n")
	fmt.Fprintln(w, "| set | lines | utf8x changed | ftfy changed | ftfy fix_encoding changed | changed alike by both | only utf8x | only ftfy | both, differently |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	cleanEx := map[string][]string{}
	for _, set := range []string{"clean-heldout", "negative"} {
		cs := byset[set]
		a := run(cs)
		var variants []string
		for _, c := range cs {
			if !slices.Contains(variants, c.Chain) {
				variants = append(variants, c.Chain)
			}
		}
		for _, v := range append(variants, "all") {
			n, cu, cf, ce := 0, 0, 0, 0
			var ag agreement
			for i, c := range cs {
				if v != "all" && c.Chain != v {
					continue
				}
				n++
				if a.utf8x[i] != c.In {
					cu++
				}
				if a.ftfy[i] != c.In {
					cf++
				}
				ag.add(c.In, a.utf8x[i], a.ftfy[i])
				if v == "all" {
					cleanEx = lineEx(cleanEx, *nExamples, set, c.Chain, c.In, a.utf8x[i], a.ftfy[i])
				}
				if a.ftfyEnc[i] != c.In {
					ce++
				}
			}
			name := map[string]string{"clean-heldout": "held-out training lines holding non-ASCII", "negative": "hand-written negatives (mojibake/testdata/negative.txt)"}[set]
			fmt.Fprintf(w, "| %s, %s | %d | %d | %d | %d | %d | %d | %d | %d |\n", name, v, n, cu, cf, ce, ag.alike, ag.onlyU, ag.onlyF, ag.differently)
		}
	}

	// Whole real documents.
	corpus := corpusDocs(*corpusDir)
	html := htmlDocs()
	man := manDocs(*rawDir, *manLimit)
	fmt.Fprintf(w, "\nWhole real documents, each through each fixer whole (`mojibake.Fix(doc)`, `fix_text(doc, config)`; fix_encoding line by line), compared line by line:\n\n")
	fmt.Fprintln(w, "| documents | files | lines | lines holding non-ASCII | utf8x changed | ftfy changed | ftfy fix_encoding changed | changed alike by both | only utf8x | only ftfy | both, differently |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, set := range []struct {
		short, name string
		docs        []document
	}{
		{"corpus", "shared corpus, every valid UTF-8 file (.utf8.txt, .html)", corpus},
		{"html", "/usr/share/doc HTML, valid UTF-8 holding non-ASCII", html},
		{"man", fmt.Sprintf("translated man pages not in the training text (seeded sample, up to %d a language folder)", *manLimit), man},
	} {
		if len(set.docs) == 0 {
			fmt.Fprintf(w, "| %s | 0 | | | | | |\n", set.name)
			continue
		}
		a := runDocs(nd, set.docs)
		lines, high, cu, cf, ce := 0, 0, 0, 0, 0
		var ag agreement
		for i, d := range set.docs {
			n, du := lineCompare(d.text, a.utf8x[i])
			_, df := lineCompare(d.text, a.ftfy[i])
			_, de := lineCompare(d.text, a.ftfyEnc[i])
			lines, cu, cf, ce = lines+n, cu+du, cf+df, ce+de
			for _, l := range strings.Split(d.text, "\n") {
				if strings.ContainsFunc(l, func(r rune) bool { return r >= 0x80 }) {
					high++
				}
			}
			lc, lu, lf := strings.Split(d.text, "\n"), strings.Split(a.utf8x[i], "\n"), strings.Split(a.ftfy[i], "\n")
			if len(lu) != len(lc) || len(lf) != len(lc) {
				log.Printf("%s: a fixer changed the number of lines (%d, utf8x %d, ftfy %d)", d.name, len(lc), len(lu), len(lf))
				continue
			}
			for j, l := range lc {
				ag.add(l, lu[j], lf[j])
				cleanEx = lineEx(cleanEx, *nExamples, set.short, d.name, l, lu[j], lf[j])
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", set.name, len(set.docs), lines, high, cu, cf, ce, ag.alike, ag.onlyU, ag.onlyF, ag.differently)
	}
	if len(cleanEx) > 0 {
		fmt.Fprintf(w, "\nExamples of clean lines changed, up to %d of each kind a set (the line, then each fixer's output):\n\n```\n", *nExamples)
		for _, set := range []string{"clean-heldout", "negative", "corpus", "html", "man"} {
			for _, e := range cleanEx[set] {
				fmt.Fprint(w, e)
			}
		}
		fmt.Fprintf(w, "```\n")
	}

	mangledDocs(w, nd, *corpusDir, *nExamples)
	speed(w, nd, *corpusDir, *rounds)
	wholeDocs(w, nd, wholeSets(*rawDir, *manLimit, *wholeMan, *wholeDoc), *nExamples, *wholeMisses)
}

// header prints the command, the machine and the peer's versions (nd may be
// nil: utf8x alone).
func header(w io.Writer, nd *node) {
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(w, "Command: `cd bench && go run ./cmd/mojipeers %s`  \n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "%s, %d logical CPUs, %s; load average at the start: %s  \n", time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), runtime.Version(), strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	if nd == nil {
		fmt.Fprintf(w, "utf8x is `mojibake.Fix`; ftfy not run.\n\n")
		return
	}
	ver, err := nd.versions()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(w, "Peer: ftfy-js %s (TypeScript port of python-ftfy 6.3.1, upstream 74dd045) on node %s.  \n", ver.Ftfy, ver.Node)
	fmt.Fprintf(w, "\"ftfy\" is `fix_text(s, config)` with this configuration (its encoding repairs at their defaults, every other fix off):\n\n    %s\n\n", ver.Config)
	fmt.Fprintf(w, "\"ftfy fix_encoding\" is plain `fix_encoding(s)` (its default configuration; encoding repairs only). utf8x is `mojibake.Fix`.\n\n")
}

// wholeSets are section 5's documents: of the translated man pages -man
// takes, a seeded sample of manPer a language folder; of /usr/share/doc's
// HTML and text files, a seeded sample of docLimit.
func wholeSets(raw string, manLimit, manPer, docLimit int) []docSet {
	man := manDocs(raw, min(manLimit, manPer))
	doc := sampleDocs(append(htmlDocs(), docTexts()...), docLimit)
	return []docSet{
		{"man", fmt.Sprintf("translated man pages not in the training text (seeded sample, up to %d a language folder)", min(manLimit, manPer)), man},
		{"doc", fmt.Sprintf("/usr/share/doc HTML and text files in UTF-8 holding non-ASCII, each content once (seeded sample of %d)", docLimit), doc},
	}
}

// lineEx keeps, per set, up to limit examples of each kind of change to a
// clean line: changed by utf8x only, by ftfy only, by both alike, by both
// differently.
func lineEx(ex map[string][]string, limit int, set, where, in, u, f string) map[string][]string {
	kind := ""
	switch {
	case u != in && f != in && u == f:
		kind = "both alike"
	case u != in && f != in:
		kind = "both, differently"
	case u != in:
		kind = "utf8x only"
	case f != in:
		kind = "ftfy only"
	default:
		return ex
	}
	n := 0
	for _, e := range ex[set] {
		if strings.HasPrefix(e, kind+" ") {
			n++
		}
	}
	if n >= limit {
		return ex
	}
	ex[set] = append(ex[set], fmt.Sprintf("%s (%s: %s):\n  line  %q\n  utf8x %q\n  ftfy  %q\n", kind, set, where, clip(in), clip(u), clip(f)))
	return ex
}

func clip(s string) string {
	if len(s) <= 240 {
		return s
	}
	cut := 240
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func recallTable(w io.Writer, cs []exportCase, a answers, nEx int) {
	var chains []string
	type row struct {
		cases   int
		u, f, e score
	}
	rows := map[string]*row{}
	lossy := map[string]bool{}
	var uOnly, fOnly []string
	shownU, shownF, shownWant := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for i, c := range cs {
		r := rows[c.Chain]
		if r == nil {
			r = &row{}
			rows[c.Chain] = r
			chains = append(chains, c.Chain)
		}
		lossy[c.Chain] = c.Lossy
		r.cases++
		r.u.add(c, a.utf8x[i])
		r.f.add(c, a.ftfy[i])
		r.e.add(c, a.ftfyEnc[i])
		okU := a.utf8x[i] == c.Want || c.Lossy && matchLossy(a.utf8x[i], c.Want)
		okF := a.ftfy[i] == c.Want || c.Lossy && matchLossy(a.ftfy[i], c.Want)
		if okF && !okU {
			writeMiss(miss{c.Chain, c.Want, c.In, a.utf8x[i], a.ftfy[i]})
		}
		ex := fmt.Sprintf("%s:\n  want  %q\n  in    %q\n  utf8x %q\n  ftfy  %q\n", c.Chain, clip(c.Want), clip(c.In), clip(a.utf8x[i]), clip(a.ftfy[i]))
		switch {
		case shownWant[c.Want]:
		case a.utf8x[i] != c.Want && a.ftfy[i] == c.Want && !shownU[c.Chain] && len(uOnly) < 2*nEx:
			shownU[c.Chain], shownWant[c.Want] = true, true
			uOnly = append(uOnly, ex)
		case a.ftfy[i] != c.Want && a.utf8x[i] == c.Want && !shownF[c.Chain] && len(fOnly) < 2*nEx:
			shownF[c.Chain], shownWant[c.Want] = true, true
			fOnly = append(fOnly, ex)
		}
	}
	cell := func(s score, n int, lossy bool) string {
		if lossy {
			return fmt.Sprintf("%s (%s)", pct(s.exact, n), pct(s.exact+s.lossyOK, n))
		}
		return pct(s.exact, n)
	}
	fmt.Fprintf(w, "## 1. Recall per chain\n\n%d cases: held-out training lines (the lines mojibake's TestTrainingRecall judges, exported by TestExportRecallSet) mangled through each chain. Recall = the output equals the clean line exactly; for the lossy forms, in brackets, exactly or with U+FFFD where a character was lost. \"left as is\" = the fixer gave the mangled line back unchanged.\n\n", len(cs))
	fmt.Fprintln(w, "| chain | cases | utf8x | ftfy | ftfy fix_encoding | utf8x left as is | ftfy left as is |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	var tot row
	for _, ch := range chains {
		r := rows[ch]
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s |\n", ch, r.cases, cell(r.u, r.cases, lossy[ch]), cell(r.f, r.cases, lossy[ch]), cell(r.e, r.cases, lossy[ch]), pct(r.u.untouched, r.cases), pct(r.f.untouched, r.cases))
		if !lossy[ch] {
			tot.cases += r.cases
			tot.u.exact += r.u.exact
			tot.f.exact += r.f.exact
			tot.e.exact += r.e.exact
			tot.u.untouched += r.u.untouched
			tot.f.untouched += r.f.untouched
		}
	}
	nLossy := 0
	for _, l := range lossy {
		if l {
			nLossy++
		}
	}
	fmt.Fprintf(w, "| all but the %d lossy rows (with brackets) | %d | %s | %s | %s | %s | %s |\n", nLossy, tot.cases, pct(tot.u.exact, tot.cases), pct(tot.f.exact, tot.cases), pct(tot.e.exact, tot.cases), pct(tot.u.untouched, tot.cases), pct(tot.f.untouched, tot.cases))
	both, onlyU, onlyF, neither, fffdU, fffdF := 0, 0, 0, 0, 0, 0
	for i, c := range cs {
		if !c.Lossy {
			fffdU += addedFFFD(c.Want, a.utf8x[i])
			fffdF += addedFFFD(c.Want, a.ftfy[i])
		}
		u, f := a.utf8x[i] == c.Want, a.ftfy[i] == c.Want
		switch {
		case u && f:
			both++
		case u:
			onlyU++
		case f:
			onlyF++
		default:
			neither++
		}
	}
	fmt.Fprintf(w, "\nOver all %d cases (exact): both right %d, only utf8x %d, only ftfy %d, neither %d. Answers holding U+FFFD where the clean line has none, on the %d rows without brackets (nothing lost): utf8x %d, ftfy %d.\n", len(cs), both, onlyU, onlyF, neither, len(chains)-nLossy, fffdU, fffdF)
	if len(uOnly) > 0 {
		fmt.Fprintf(w, "\nLines utf8x misses and ftfy restores (at most one a chain, no line twice):\n\n```\n%s```\n", strings.Join(uOnly, ""))
	}
	if len(fOnly) > 0 {
		fmt.Fprintf(w, "\nLines ftfy misses and utf8x restores (at most one a chain, no line twice):\n\n```\n%s```\n", strings.Join(fOnly, ""))
	}
}

// document is one whole real file in UTF-8.
type document struct{ name, text string }

func runDocs(nd *node, docs []document) answers {
	ins := make([]string, len(docs))
	for i, d := range docs {
		ins[i] = d.text
	}
	a := answers{utf8x: fixAll(ins)}
	var err error
	if a.ftfy, a.ftfyEnc, _, err = nd.fixLines("docs", ins); err != nil {
		log.Fatal(err)
	}
	return a
}

// utf8Doc returns b as text when it is valid UTF-8 holding non-ASCII and
// no NUL.
func utf8Doc(b []byte) (string, bool) {
	b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	if !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0 || !bytes.ContainsFunc(b, func(r rune) bool { return r >= 0x80 }) {
		return "", false
	}
	return string(b), true
}

func corpusDocs(dir string) []document {
	var out []document
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		if t, ok := utf8Doc(b); ok {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, document{rel, t})
		}
		return nil
	})
	return out
}

func htmlDocs() []document {
	return usrShareDoc(func(p string) bool { return strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".html.gz") }, false)
}

// usrShareDoc walks /usr/share/doc and returns the regular files keep
// takes that are valid UTF-8 holding non-ASCII (utf8Doc); with once, each
// content only once (Debian's copyright files come in many copies).
func usrShareDoc(keep func(path string) bool, once bool) []document {
	var out []document
	seen := map[[32]byte]bool{}
	filepath.WalkDir("/usr/share/doc", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() || !keep(p) {
			return nil
		}
		b, err := table.ReadMaybeGz(p)
		if err != nil {
			return nil
		}
		t, ok := utf8Doc(b)
		if !ok {
			return nil
		}
		if once {
			h := sha256.Sum256(b)
			if seen[h] {
				return nil
			}
			seen[h] = true
		}
		out = append(out, document{p, t})
		return nil
	})
	return out
}

// manDocs returns a seeded sample of the translated man pages on this
// machine (/usr/share/man/<lang>/man*/) that fetch-training.sh did not copy
// into the training text (it names a copy _usr_share_man_<path with _>).
func manDocs(raw string, limit int) []document {
	inTraining := map[string]bool{}
	dirs, _ := os.ReadDir(raw)
	for _, d := range dirs {
		ents, _ := os.ReadDir(filepath.Join(raw, d.Name()))
		for _, e := range ents {
			inTraining[e.Name()] = true
		}
	}
	if len(inTraining) == 0 {
		log.Printf("no training text in %s: man pages left out (they may be in it)", raw)
		return nil
	}
	const root = "/usr/share/man"
	var out []document
	locs, _ := os.ReadDir(root)
	for _, l := range locs {
		if strings.HasPrefix(l.Name(), "man") || !l.IsDir() {
			continue
		}
		names, _ := filepath.Glob(filepath.Join(root, l.Name(), "man*", "*.gz"))
		slices.Sort(names)
		rand.New(rand.NewSource(1)).Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		got := 0
		for _, n := range names {
			if got >= limit {
				break
			}
			rel, _ := filepath.Rel(root, n)
			if fi, err := os.Lstat(n); err != nil || !fi.Mode().IsRegular() || strings.Contains(n, "fortune") || inTraining["_usr_share_man_"+strings.ReplaceAll(rel, "/", "_")] {
				continue
			}
			b, err := table.ReadMaybeGz(n)
			if err != nil {
				continue
			}
			if t, ok := utf8Doc(b); ok {
				out = append(out, document{n, t})
				got++
			}
		}
	}
	return out
}

var misreadings = []struct {
	name string
	cm   *charmap.Charmap
}{{"windows-1252", charmap.Windows1252}, {"windows-1251", charmap.Windows1251}}

func marsTexts(dir string) []document {
	names, _ := filepath.Glob(filepath.Join(dir, "wikipedia_mars", "*.utf8.txt"))
	slices.Sort(names)
	var out []document
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			continue
		}
		if t, ok := utf8Doc(b); ok {
			out = append(out, document{filepath.Base(n), t})
		}
	}
	return out
}

func mangledDocs(w io.Writer, nd *node, dir string, nEx int) {
	texts := marsTexts(dir)
	if len(texts) == 0 {
		fmt.Fprintf(w, "\n## 3. Whole documents mangled\n\n%s/wikipedia_mars is absent: not measured.\n", dir)
		return
	}
	fmt.Fprintf(w, "\n## 3. Whole documents mangled\n\nEach wikipedia_mars text of the shared corpus misread whole (every byte of it read as the legacy encoding, unassigned bytes as C1 controls), then repaired whole. Share of the lines the misreading changed that come back exactly; and the lines whose repair holds U+FFFD where the clean line has none (nothing was lost: each one is a wrong repair).\n\n")
	fmt.Fprintln(w, "| text | misread as | lines mangled | utf8x | ftfy | ftfy fix_encoding | lines utf8x gave U+FFFD | lines ftfy gave U+FFFD |")
	fmt.Fprintln(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	var ex []string
	for _, m := range misreadings {
		var mex []string
		docs := make([]document, len(texts))
		for i, t := range texts {
			docs[i] = document{t.name, string(table.Misread([]byte(t.text), m.cm))}
		}
		a := runDocs(nd, docs)
		var tc, tu, tf, te, tru, trf int
		for i, t := range texts {
			c, u := restored(t.text, docs[i].text, a.utf8x[i])
			_, f := restored(t.text, docs[i].text, a.ftfy[i])
			_, e := restored(t.text, docs[i].text, a.ftfyEnc[i])
			ru, rf := addedFFFD(t.text, a.utf8x[i]), addedFFFD(t.text, a.ftfy[i])
			tc, tu, tf, te, tru, trf = tc+c, tu+u, tf+f, te+e, tru+ru, trf+rf
			fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s | %d | %d |\n", t.name, m.name, c, pct(u, c), pct(f, c), pct(e, c), ru, rf)
			mex = mangledEx(mex, nEx, t.name+" as "+m.name, t.text, docs[i].text, a.utf8x[i], a.ftfy[i])
			if misses != nil {
				lc, lm, lu, lf := strings.Split(t.text, "\n"), strings.Split(docs[i].text, "\n"), strings.Split(a.utf8x[i], "\n"), strings.Split(a.ftfy[i], "\n")
				if len(lu) == len(lc) && len(lf) == len(lc) && len(lm) == len(lc) {
					for j, l := range lc {
						if lm[j] != l && lf[j] == l && lu[j] != l {
							writeMiss(miss{t.name + " as " + m.name, l, lm[j], lu[j], lf[j]})
						}
					}
				}
			}
		}
		fmt.Fprintf(w, "| all %d texts | %s | %d | %s | %s | %s | %d | %d |\n", len(texts), m.name, tc, pct(tu, tc), pct(tf, tc), pct(te, tc), tru, trf)
		ex = append(ex, mex...)
	}
	if len(ex) > 0 {
		fmt.Fprintf(w, "\nExamples of lines one fixer restores and the other does not (the first of a text, up to %d of each kind a misreading):\n\n```\n%s```\n", nEx, strings.Join(ex, ""))
	}
}

// mangledEx adds, for one text, the first line only utf8x restores and the
// first only ftfy restores, each kind up to limit in ex.
func mangledEx(ex []string, limit int, where, clean, mangled, u, f string) []string {
	lc, lm, lu, lf := strings.Split(clean, "\n"), strings.Split(mangled, "\n"), strings.Split(u, "\n"), strings.Split(f, "\n")
	if len(lu) != len(lc) || len(lf) != len(lc) || len(lm) != len(lc) {
		return ex
	}
	count := func(who string) int {
		n := 0
		for _, e := range ex {
			if strings.HasPrefix(e, "only "+who+" ") {
				n++
			}
		}
		return n
	}
	for _, who := range []string{"utf8x", "ftfy"} {
		if count(who) >= limit {
			continue
		}
		for i, l := range lc {
			if (lu[i] == l) != (lf[i] == l) && (lu[i] == l) == (who == "utf8x") {
				ex = append(ex, fmt.Sprintf("only %s restores (%s):\n  want  %q\n  in    %q\n  utf8x %q\n  ftfy  %q\n", who, where, clip(l), clip(lm[i]), clip(lu[i]), clip(lf[i])))
				break
			}
		}
	}
	return ex
}

// speed times each fixer on a few corpus texts, whole, in its own process:
// utf8x in this one (mojibake.Fix), ftfy in node (fix_text with the
// encoding-only configuration).
func speed(w io.Writer, nd *node, dir string, rounds int) {
	texts := marsTexts(dir)
	pick := map[string]bool{"french.utf8.txt": true, "russian.utf8.txt": true, "chinese.utf8.txt": true}
	type job struct {
		Name   string `json:"name"`
		Text   string `json:"text"`
		Rounds int    `json:"rounds"`
		MinMs  int    `json:"min_ms"`
	}
	var jobs []job
	for _, t := range texts {
		if !pick[t.name] {
			continue
		}
		jobs = append(jobs, job{Name: t.name + ", clean", Text: t.text, Rounds: rounds, MinMs: 200})
		cm := charmap.Windows1252
		as := "windows-1252"
		if t.name == "russian.utf8.txt" {
			cm, as = charmap.Windows1251, "windows-1251"
		}
		jobs = append(jobs, job{Name: t.name + ", misread as " + as, Text: string(table.Misread([]byte(t.text), cm)), Rounds: rounds, MinMs: 200})
	}
	if len(jobs) == 0 {
		return
	}
	var in bytes.Buffer
	for _, j := range jobs {
		b, _ := json.Marshal(j)
		in.Write(b)
		in.WriteByte('\n')
	}
	out, _, err := nd.run("speed", in.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	type result struct {
		Name  string  `json:"name"`
		Bytes int     `json:"bytes"`
		Best  float64 `json:"best_s"`
		CPU   float64 `json:"cpu_s"`
		Runs  int     `json:"runs"`
	}
	node := map[string]result{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r result
		if json.Unmarshal([]byte(l), &r) == nil {
			node[r.Name] = r
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(w, "\n## 4. Speed (on the side)\n\nEach fixer on a whole text in its own process, timed inside it: utf8x `mojibake.Fix` in Go, ftfy-js `fix_text(text, config)` in node. Best of %d rounds of at least 200 ms (wall time of the round over its runs), and MB per second of CPU time over all rounds (Go: this thread's CPU time; node: the process's, its garbage collector's threads included). Load average before the Go rounds: %s.\n\n", rounds, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Fprintln(w, "| text | MB | utf8x MB/s (best round) | utf8x MB/s (CPU) | ftfy MB/s (best round) | ftfy MB/s (CPU) |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: |")
	for _, j := range jobs {
		p := []byte(j.Text)
		best, cpu := goSpeed(p, rounds, 200*time.Millisecond)
		r := node[j.Name]
		nodeBest, nodeCPU := "-", "-"
		if r.Best > 0 {
			nodeBest = fmt.Sprintf("%.1f", float64(r.Bytes)/r.Best/1e6)
		}
		if r.CPU > 0 {
			nodeCPU = fmt.Sprintf("%.1f", float64(r.Bytes)*float64(r.Runs)/r.CPU/1e6)
		}
		goCPU := "-"
		if cpu > 0 {
			goCPU = fmt.Sprintf("%.1f", cpu)
		}
		fmt.Fprintf(w, "| %s | %.2f | %.1f | %s | %s | %s |\n", j.Name, float64(len(p))/1e6, best, goCPU, nodeBest, nodeCPU)
	}
}

// goSpeed returns mojibake.Fix's MB/s on p: the best round by wall time,
// and over all rounds by this thread's CPU time (0 where unknown).
func goSpeed(p []byte, rounds int, minDur time.Duration) (best, cpu float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	runtime.GC()
	total := 0
	c0 := table.ThreadTime()
	for range rounds {
		start, n := time.Now(), 0
		for n == 0 || time.Since(start) < minDur {
			mojibake.Fix(p)
			n++
		}
		total += n
		best = max(best, float64(len(p))*float64(n)/time.Since(start).Seconds()/1e6)
	}
	if d := table.ThreadTime() - c0; d > 0 {
		cpu = float64(len(p)) * float64(total) / d.Seconds() / 1e6
	}
	return best, cpu
}
