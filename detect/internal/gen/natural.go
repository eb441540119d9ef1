package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/utf8x/utf8x/detect/internal/model"
)

// Natural documents are whole files people wrote, mostly in English, with
// some characters beyond ASCII (names, ©, °, –, quotes, a word of another
// language, now and then a translation): the documentation and the source
// code (Perl, Ruby, Emacs Lisp, Rust, gnulib's C) of Debian packages none
// of the language models train on (fetch-training.sh copies them to
// natural/<package>/). Each is written in the first legacy encoding
// of naturalEncodings that holds it, as a file of its time would have been.
// The sparse ones among them (model.Sparse) are what the sparse map
// (Calibration.SparseX, SparseY) is fitted on: half of the documents, by
// the hash of their names; the other half is only reported on.

// naturalEncodings are tried in order for each document.
var naturalEncodings = []string{"windows-1252", "windows-1250", "windows-1251", "windows-1253",
	"windows-1254", "windows-1257", "windows-1255", "windows-1256", "shift_jis", "gb18030", "big5", "euc-kr"}

// naturalScript is the script a document must write at least three letters
// of to be taken in an encoding made for it: an English page whose only
// characters beyond ASCII are → and ✓ is held by GB18030 alone, and nobody
// wrote such a page in GB18030.
var naturalScript = map[string]*unicode.RangeTable{
	"windows-1251": unicode.Cyrillic, "windows-1253": unicode.Greek, "windows-1255": unicode.Hebrew,
	"windows-1256": unicode.Arabic, "shift_jis": unicode.Han, "gb18030": unicode.Han, "big5": unicode.Han,
	"euc-kr": unicode.Hangul,
}

const (
	// naturalPerPackage bounds what one package gives (one package's
	// HTML manual would otherwise be half the documents).
	naturalPerPackage = 300
	// naturalLimit is what the detector examines of a file.
	naturalLimit = 64 << 10
	// minSparseBlock is the fewest documents a block of the sparse map
	// stands on.
	minSparseBlock = 16
)

// naturalDoc is one document: its encoded bytes (at most naturalLimit, cut
// at a line's end), their text, and whether that is all of the file.
type naturalDoc struct {
	sample
	name  string
	whole bool
}

// naturalDocs reads the documents under dir and returns the fitting and
// the held-out half, and a line for training.sum.
func naturalDocs(dir string) (fit, test []naturalDoc, sum string) {
	pkgs, err := os.ReadDir(dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gen: no natural documents in %s: run fetch-training.sh\n", dir)
		os.Exit(1)
	}
	seen := map[[32]byte]bool{}
	h := sha256.New()
	n := 0
	for _, pkg := range pkgs {
		if !pkg.IsDir() {
			continue
		}
		files, err := os.ReadDir(filepath.Join(dir, pkg.Name()))
		must(err)
		// in the order of their names' hashes, so that the bound takes an
		// even spread of the package
		type named struct {
			key  [32]byte
			name string
		}
		var order []named
		for _, f := range files {
			order = append(order, named{sha256.Sum256([]byte(pkg.Name() + "/" + f.Name())), f.Name()})
		}
		slices.SortFunc(order, func(a, b named) int { return bytes.Compare(a.key[:], b.key[:]) })
		got := 0
		for _, f := range order {
			if got == naturalPerPackage {
				break
			}
			text, ok := naturalText(filepath.Join(dir, pkg.Name(), f.name))
			if !ok || seen[sha256.Sum256([]byte(text))] {
				continue
			}
			d, ok := encodeNatural(text)
			if !ok {
				continue
			}
			seen[sha256.Sum256([]byte(text))] = true
			got++
			n++
			d.name = pkg.Name() + "/" + f.name
			fmt.Fprintf(h, "%s %d\n", d.name, len(text))
			h.Write([]byte(text))
			if f.key[31]&1 == 0 {
				fit = append(fit, d)
			} else {
				test = append(test, d)
			}
		}
	}
	return fit, test, fmt.Sprintf("natural %d %x\n", n, h.Sum(nil))
}

// naturalText returns the text of the file at path (gunzipped when its
// name ends in .gz) when it is a document: 1 KiB to 1 MiB of valid UTF-8
// without NUL bytes and with a character beyond ASCII. A byte order mark
// is left out.
func naturalText(path string) (string, bool) {
	b, err := os.ReadFile(path)
	if err != nil || len(b) > 1<<20 {
		return "", false
	}
	if strings.HasSuffix(path, ".gz") {
		r, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return "", false
		}
		b, err = io.ReadAll(io.LimitReader(r, 1<<20+1))
		if err != nil {
			return "", false
		}
	}
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	if len(b) < 1<<10 || len(b) > 1<<20 || bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b) || !nonASCII(b) {
		return "", false
	}
	return string(b), true
}

// encodeNatural writes text in the first of naturalEncodings that holds
// it (and whose script it writes, naturalScript), up to naturalLimit
// bytes cut after a line.
func encodeNatural(text string) (naturalDoc, bool) {
	for _, name := range naturalEncodings {
		if rt := naturalScript[name]; rt != nil && !writes(text, rt, 3) {
			continue
		}
		lines := strings.SplitAfter(text, "\n")
		out, k, ok := encodePrefix(encodingNamed(name).Enc.NewEncoder(), len(lines), naturalLimit, func(i int) string { return lines[i] })
		kept := len(strings.Join(lines[:k], ""))
		if !ok || kept == 0 || !nonASCII(out) {
			continue
		}
		if t, ok := model.Decode(name, out); !ok || t != text[:kept] {
			continue
		}
		return naturalDoc{sample: sample{bytes: out, text: text[:kept], enc: name, length: len(out)}, whole: kept == len(text)}, true
	}
	return naturalDoc{}, false
}

// writes reports whether s holds at least n letters of the script rt.
func writes(s string, rt *unicode.RangeTable, n int) bool {
	for _, r := range s {
		if unicode.Is(rt, r) {
			if n--; n == 0 {
				return true
			}
		}
	}
	return false
}

func encodingNamed(name string) *model.Encoding {
	for _, e := range model.Encodings {
		if e.Name == name {
			return e
		}
	}
	panic("no encoding " + name)
}

// naturalResult is a document's top reading under m with every map
// applied (the sparse map too when m has one), as the detector gives it.
type naturalResult struct {
	conf            float64
	ok, sparse, any bool
}

// rankNatural ranks d as the detector's statistics do: on the window of
// its bytes, with their histogram when the window is not all of them.
func rankNatural(m *model.Model, d naturalDoc) naturalResult {
	w, contiguous := model.Window(d.bytes)
	var full *[256]int
	if !contiguous || len(w) != len(d.bytes) {
		full = new([256]int)
		for _, b := range d.bytes {
			full[b]++
		}
	}
	ranked := m.RankWindow(w, full, d.whole && contiguous && len(w) == len(d.bytes), contiguous)
	probs := m.Confidences(ranked, w, len(d.bytes))
	for _, s := range ranked {
		if s.Ruled == "" {
			return naturalResult{conf: probs[0], ok: right(s, d.sample), sparse: model.Sparse(s, len(d.bytes)), any: true}
		}
	}
	return naturalResult{}
}

// fitSparse fits the sparse map on the sparse documents of fit: their top
// confidences below model.SparseCap (which the map leaves alone from on)
// in bands, each band's mean confidence mapped to the share of its answers
// that were right, made monotone (bands.monotone, as fitScale's map) and
// bounded by the cap. A block holds at least minSparseBlock documents: the
// first map, whose lowest block was two or three documents, put every
// confidence below 0.05 at 0.007 on their word.
func fitSparse(m *model.Model, fit []naturalDoc) {
	m.SparseX, m.SparseY = nil, nil
	bands := newBands([]float64{0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, model.SparseCap})
	for _, d := range fit {
		if r := rankNatural(m, d); r.any && r.sparse && r.conf < model.SparseCap {
			bands.add(r.conf, r.ok)
		}
	}
	xs, ys := bands.monotone(minSparseBlock)
	for i := range ys {
		ys[i] = min(ys[i], model.SparseCap)
	}
	m.SparseX, m.SparseY = xs, ys
	fmt.Printf("sparse document map: %v -> %v\n", m.SparseX, m.SparseY)
}

// naturalReport prints how the documents of ds fare under m: answers
// (confidence >= 0.5, detect's default), right ones, and answers >= 0.9
// and wrong ones, for the sparse documents and all.
func naturalReport(m *model.Model, title string, ds []naturalDoc) {
	type count struct{ n, bestRight, answered, right, conf, confWrong int }
	add := func(c *count, r naturalResult) {
		c.n++
		c.bestRight += b2i(r.ok)
		if r.conf >= 0.5 {
			c.answered++
			c.right += b2i(r.ok)
		}
		if r.conf >= 0.9 {
			c.conf++
			c.confWrong += b2i(!r.ok)
		}
	}
	var all, sparse count
	for _, d := range ds {
		r := rankNatural(m, d)
		add(&all, r)
		if r.sparse {
			add(&sparse, r)
		}
	}
	for _, c := range []struct {
		name string
		count
	}{{"all", all}, {"sparse", sparse}} {
		fmt.Printf("natural documents, %s, %s: %d, best reading right %d; answered %d, right %d; at >= 0.9 %d, wrong %d\n",
			title, c.name, c.n, c.bestRight, c.answered, c.right, c.conf, c.confWrong)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
