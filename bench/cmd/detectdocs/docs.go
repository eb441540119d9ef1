package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	benchtable "github.com/utf8x/utf8x/bench/table"
)

// doc is one whole real document in UTF-8, before it is written into the
// encodings of its language.
type doc struct {
	source string // where it came from: man-heldout, man-other, html-debian, xml-gnome, corpus, ...
	kind   string // file kind: roff, html, xml, text, csv, srt, email, source, binary
	lang   string // the detector's language tag ("" for binary)
	name   string // its path (or the path it was built from)
	text   string // the UTF-8 text (for binary: the raw bytes)
	// built is set for documents whose scaffolding (CSV, subtitles, email,
	// source code) was built around real held-out prose.
	built bool
	// fit marks held-out files of the generator's calibration half.
	fit bool
}

// maxDoc bounds what one document contributes (the largest bucket).
const maxDoc = 1 << 20

// utf8Doc returns b as a document text when it is valid UTF-8 holding
// something beyond ASCII (ASCII documents decide nothing).
func utf8Doc(b []byte) (string, bool) {
	b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	if !utf8.Valid(b) || !hasHigh(b) || bytes.IndexByte(b, 0) >= 0 {
		return "", false
	}
	return string(b), true
}

func hasHigh(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// heldOut returns, per language, the files of the generator's training
// folder (detect/internal/gen) that its split holds out of training: the
// i-th file of raw/<lang> in name order is held out when i%5 == 2
// (heldOutFile in detect/internal/gen/main.go), and of those the ones with
// i/5 odd are the generator's test half, fitted on by nothing (the others
// tune the calibration). English is not taken from here: its split follows
// another order (englishDocs); English pages come from man-other.
func heldOut(raw string, fitToo bool) (map[string][]string, error) {
	out := map[string][]string{}
	// a name is in the test half when its index i has i/5 odd
	dirs, err := os.ReadDir(raw)
	if err != nil {
		return nil, err
	}
	for _, d := range dirs {
		tag := d.Name()
		if _, ok := langs[tag]; !ok || tag == "en" || !d.IsDir() {
			continue
		}
		names, err := filepath.Glob(filepath.Join(raw, tag, "*"))
		if err != nil {
			return nil, err
		}
		sort.Strings(names)
		for i, n := range names {
			if i%5 == 2 && (fitToo || i/5%2 == 1) {
				out[tag] = append(out[tag], n)
				if i/5%2 == 1 {
					testNames[n] = true
				}
			}
		}
	}
	return out, nil
}

// testNames holds the held-out files of the generator's test half.
var testNames = map[string]bool{}

func testHalf(name string) bool { return testNames[name] }

// trainingNames is the set of file names in the training folder: a file on
// this machine whose path, with / turned into _, is among them was copied
// there by fetch-training.sh (in some language's folder).
func trainingNames(raw string) map[string]bool {
	set := map[string]bool{}
	dirs, _ := os.ReadDir(raw)
	for _, d := range dirs {
		ents, _ := os.ReadDir(filepath.Join(raw, d.Name()))
		for _, e := range ents {
			set[e.Name()] = true
		}
	}
	return set
}

// heldOutDocs returns held-out man pages (roff source, as the files hold
// it) and the prose of held-out man pages and catalogs (for the built
// kinds).
func heldOutDocs(raw string, fitToo bool) (pages, prose []doc, err error) {
	files, err := heldOut(raw, fitToo)
	if err != nil {
		return nil, nil, err
	}
	for tag, names := range files {
		for _, n := range names {
			fit := !testHalf(n)
			b, err := benchtable.ReadMaybeGz(n)
			if err != nil {
				continue
			}
			if strings.HasSuffix(n, ".mo") {
				strs, err := moStrings(b)
				if err != nil {
					continue
				}
				text := strings.Join(strs, "\n")
				if t, ok := utf8Doc([]byte(text)); ok {
					prose = append(prose, doc{source: "catalog-heldout", kind: "text", lang: tag, name: n, text: t, fit: fit})
				}
				continue
			}
			t, ok := utf8Doc(b)
			if !ok {
				continue
			}
			pages = append(pages, doc{source: "man-heldout", kind: "roff", lang: tag, name: n, text: t, fit: fit})
			if p, ok := utf8Doc([]byte(roffProse(t))); ok {
				prose = append(prose, doc{source: "man-heldout", kind: "text", lang: tag, name: n, text: p, fit: fit})
			}
		}
	}
	return pages, prose, nil
}

// otherManPages returns the translated man pages installed on this machine
// that the training folder does not hold (other packages' pages), and the
// English ones (/usr/share/man/man*), symbolic links left out.
func otherManPages(root, raw string, limit int, seed int64) []doc {
	train := trainingNames(raw)
	var out []doc
	add := func(path, tag string) {
		if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
			return
		}
		if strings.Contains(path, "fortune") {
			return // Debian's fortunes stay out of everything the project measures
		}
		// fetch-training.sh names a copy after its path under /usr/share/man
		if rel, err := filepath.Rel(root, path); err == nil && train["_usr_share_man_"+strings.ReplaceAll(rel, "/", "_")] {
			return
		}
		b, err := benchtable.ReadMaybeGz(path)
		if err != nil {
			return
		}
		if t, ok := utf8Doc(b); ok {
			out = append(out, doc{source: "man-other", kind: "roff", lang: tag, name: path, text: t})
		}
	}
	locs, _ := os.ReadDir(root)
	for _, l := range locs {
		tag := langOf(l.Name())
		if strings.HasPrefix(l.Name(), "man") {
			tag = "en"
		}
		if tag == "" {
			continue
		}
		pat := filepath.Join(root, l.Name(), "man*", "*.gz")
		if tag == "en" {
			pat = filepath.Join(root, l.Name(), "*.gz")
		}
		names, _ := filepath.Glob(pat)
		sort.Strings(names)
		// a seeded sample of the pages, read until limit are taken:
		// reading every page on the machine takes a minute
		rand.New(rand.NewSource(seed)).Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		got := len(out)
		for _, n := range names {
			if len(out)-got >= limit {
				break
			}
			add(n, tag)
		}
	}
	return out
}

var htmlLang = regexp.MustCompile(`\.([a-z]{2}(?:[-_][a-zA-Z]{2})?)\.html?(?:\.gz)?$`)

// htmlDocs returns Debian's translated HTML documentation: Debian Reference,
// the Debian FAQ and the New Maintainers' Guide, one document per file,
// the language read from the file name (chapter.fr.html).
func htmlDocs(globs []string) []doc {
	var out []doc
	for _, g := range globs {
		names, _ := filepath.Glob(g)
		sort.Strings(names)
		for _, n := range names {
			m := htmlLang.FindStringSubmatch(n)
			if m == nil {
				continue
			}
			tag := langOf(m[1])
			if tag == "" {
				continue
			}
			b, err := benchtable.ReadMaybeGz(n)
			if err != nil {
				continue
			}
			if t, ok := utf8Doc(b); ok {
				out = append(out, doc{source: "html-debian", kind: "html", lang: tag, name: n, text: t})
			}
		}
	}
	return out
}

// helpDocs returns GNOME's Mallard help pages (XML) under root/<locale>/.
func helpDocs(root string, limit int, seed int64) []doc {
	var out []doc
	locs, _ := os.ReadDir(root)
	for _, l := range locs {
		tag := langOf(l.Name())
		if tag == "" || tag == "en" {
			continue
		}
		names, _ := filepath.Glob(filepath.Join(root, l.Name(), "*", "*.page"))
		sort.Strings(names)
		rand.New(rand.NewSource(seed)).Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		got := len(out)
		for _, n := range names {
			if len(out)-got >= limit {
				break
			}
			b, err := os.ReadFile(n)
			if err != nil {
				continue
			}
			if t, ok := utf8Doc(b); ok {
				out = append(out, doc{source: "xml-gnome", kind: "xml", lang: tag, name: n, text: t})
			}
		}
	}
	return out
}

// corpusDocs returns the shared corpus's texts and pages (test data, never
// training data) as kind "corpus".
func corpusDocs(dir string) []doc {
	var out []doc
	for _, pat := range []string{"lipsum/*.utf8.txt", "wikipedia_mars/*.utf8.txt", "wikipedia_mars/*.html"} {
		names, _ := filepath.Glob(filepath.Join(dir, pat))
		sort.Strings(names)
		for _, n := range names {
			base := strings.ToLower(strings.SplitN(filepath.Base(n), ".", 2)[0])
			tag := corpusLang[strings.TrimSuffix(base, "-lipsum")]
			if tag == "" {
				continue
			}
			b, err := os.ReadFile(n)
			if err != nil {
				continue
			}
			if t, ok := utf8Doc(b); ok {
				out = append(out, doc{source: "corpus", kind: "corpus", lang: tag, name: n, text: t})
			}
		}
	}
	return out
}

// binaryDocs returns a few gzip, PNG and GIF files: the right answer for
// them is "binary" (no text encoding).
func binaryDocs(globs []string, per int) []doc {
	var out []doc
	for _, g := range globs {
		names, _ := filepath.Glob(g)
		sort.Strings(names)
		got := 0
		for _, n := range names {
			if got >= per {
				break
			}
			fi, err := os.Lstat(n)
			if err != nil || !fi.Mode().IsRegular() || fi.Size() < 512 || fi.Size() > maxDoc {
				continue
			}
			b, err := os.ReadFile(n)
			if err != nil {
				continue
			}
			out = append(out, doc{source: "binary", kind: "binary", name: n, text: string(b)})
			got++
		}
	}
	return out
}

var (
	roffEsc  = regexp.MustCompile(`\\f(\[[^\]]*\]|\(..|.)|\\\(..|\\\[[^\]]*\]|\\[*n]\(..|\\[*n].|\\s[-+]?\d|\\[&|^/,%:~0]`)
	roffChar = strings.NewReplacer(`\-`, "-", `\ `, " ", `\e`, `\`, `\(em`, "—", `\(en`, "–", `\(lq`, "“", `\(rq`, "”")
)

// roffProse returns the running text of a man page: requests dropped except
// headings and font macros, whose words are kept; escapes removed.
func roffProse(src string) string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		if i := strings.Index(line, `\"`); i >= 0 {
			line = line[:i]
		}
		if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "'") {
			macro, args, _ := strings.Cut(line[1:], " ")
			switch strings.TrimSpace(macro) {
			case "SH", "SS", "B", "I", "BR", "RB", "IR", "RI", "BI", "IB":
				line = strings.ReplaceAll(args, `"`, "")
			default:
				continue
			}
		}
		line = roffChar.Replace(line)
		line = roffEsc.ReplaceAllString(line, "")
		if strings.TrimSpace(line) != "" {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// moStrings returns the translations held in a gettext .mo catalog.
func moStrings(b []byte) ([]string, error) {
	if len(b) < 28 {
		return nil, fmt.Errorf("short .mo file")
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if binary.BigEndian.Uint32(b) == 0x950412de {
		bo = binary.BigEndian
	} else if bo.Uint32(b) != 0x950412de {
		return nil, fmt.Errorf("not a .mo file")
	}
	n, table := int(bo.Uint32(b[8:])), int(bo.Uint32(b[16:]))
	var out []string
	for i := 0; i < n; i++ {
		at := table + 8*i
		if at < 0 || at+8 > len(b) {
			return nil, fmt.Errorf("truncated .mo file")
		}
		l, off := int(bo.Uint32(b[at:])), int(bo.Uint32(b[at+4:]))
		if off < 0 || l < 0 || off+l > len(b) {
			return nil, fmt.Errorf("bad string offset in .mo file")
		}
		s := string(b[off : off+l])
		if s == "" || strings.Contains(s, "Content-Type:") {
			continue
		}
		out = append(out, strings.Split(s, "\x00")...)
	}
	return out, nil
}
