// Command gen builds the detector's language models from the training text
// that fetch-training.sh gathers (Debian's translated manual pages and gettext
// catalogs), fits the calibration that turns scores into probabilities
// (see calibrate) on held-out files of that same text, and writes
// ../model/tables.go and training.sum (a digest of the text each language
// was trained on).
//
//	go generate ./detect            # regenerate (needs the training text)
//	go run ./detect/internal/gen -check   # what CI runs
package main

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"go/format"
	"log"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/utf8x/utf8x/detect/internal/model"
)

type language struct {
	tag, name string
	cjk       bool
}

// languages the models cover: every language a supported legacy encoding
// commonly carries and the training sources hold.
var languages = []language{
	{"en", "English", false}, {"fr", "French", false}, {"de", "German", false},
	{"es", "Spanish", false}, {"it", "Italian", false}, {"pt", "Portuguese", false},
	{"nl", "Dutch", false}, {"sv", "Swedish", false}, {"da", "Danish", false},
	{"no", "Norwegian", false}, {"fi", "Finnish", false}, {"ca", "Catalan", false},
	{"cs", "Czech", false}, {"pl", "Polish", false}, {"hu", "Hungarian", false},
	{"sk", "Slovak", false}, {"sl", "Slovenian", false}, {"hr", "Croatian", false},
	{"ro", "Romanian", false}, {"ru", "Russian", false}, {"uk", "Ukrainian", false},
	{"bg", "Bulgarian", false}, {"sr", "Serbian", false}, {"mk", "Macedonian", false},
	{"be", "Belarusian", false}, {"el", "Greek", false}, {"tr", "Turkish", false},
	{"he", "Hebrew", false}, {"ar", "Arabic", false}, {"fa", "Persian", false},
	{"lt", "Lithuanian", false}, {"lv", "Latvian", false},
	{"et", "Estonian", false}, {"vi", "Vietnamese", false}, {"th", "Thai", false},
	{"is", "Icelandic", false}, {"eo", "Esperanto", false},
	{"ja", "Japanese", true}, {"zh-hans", "Chinese (simplified)", true},
	{"zh-hant", "Chinese (traditional)", true}, {"ko", "Korean", true},
}

// nonLatin holds the alphabetic languages not written in Latin letters.
var nonLatin = map[string]bool{"ru": true, "uk": true, "bg": true, "sr": true, "mk": true, "be": true,
	"el": true, "he": true, "ar": true, "fa": true, "th": true}

const (
	maxTrain = 3 << 20 // bytes of training text per language
	// maxTrainEnglish is larger: English text's typographic punctuation
	// (— “ ” † in 80-9F of Windows-1252) is rare in manual pages and
	// catalogs, and only enough of it earns those characters their own
	// classes.
	maxTrainEnglish = 12 << 20
	maxHeldOut      = 256 << 10
	cjkChars        = 1800 // characters with their own cost per CJK language
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	check := flag.Bool("check", false, "verify the committed tables instead of writing them")
	flag.Parse()
	dir := os.Getenv("UTF8X_DETECT_TRAINING")
	if dir == "" {
		dir = "/tmp/utf8x-detect-training"
	}
	here := genDir()
	tablesPath := filepath.Join(here, "..", "model", "tables.go")
	sumPath := filepath.Join(here, "training.sum")
	if _, err := os.Stat(filepath.Join(dir, "raw")); err != nil {
		if !*check {
			log.Fatalf("no training text in %s/raw: run fetch-training.sh first", dir)
		}
		checkWithoutTraining(tablesPath, sumPath)
		return
	}
	src, sum := generate(filepath.Join(dir, "raw"))
	if *check {
		old, _ := os.ReadFile(tablesPath)
		oldSum, _ := os.ReadFile(sumPath)
		if !bytes.Equal(old, src) || !bytes.Equal(oldSum, sum) {
			log.Fatalf("%s or %s is stale: run go generate ./detect and commit", tablesPath, sumPath)
		}
		fmt.Println("detect tables match the training text")
		return
	}
	must(os.WriteFile(tablesPath, src, 0o644))
	must(os.WriteFile(sumPath, sum, 0o644))
}

// genDir is this generator's folder, whether run by go generate (from
// ./detect) or from the module root.
func genDir() string {
	for _, d := range []string{"internal/gen", "detect/internal/gen", "."} {
		if _, err := os.Stat(filepath.Join(d, "fetch-training.sh")); err == nil {
			return d
		}
	}
	log.Fatal("run from the module root or ./detect")
	return ""
}

// checkWithoutTraining is the check CI can make without the training text:
// the tables are exactly what the generator wrote (their recorded digest
// matches their content) for the training text training.sum describes.
func checkWithoutTraining(tablesPath, sumPath string) {
	src, err := os.ReadFile(tablesPath)
	must(err)
	sum, err := os.ReadFile(sumPath)
	must(err)
	head, body, ok := bytes.Cut(src, []byte("\n\n"))
	if !ok {
		log.Fatalf("%s: no header", tablesPath)
	}
	want := fmt.Sprintf("training %x, tables %x", sha256.Sum256(sum), sha256.Sum256(body))
	if !bytes.Contains(head, []byte(want)) {
		log.Fatalf("%s was edited by hand or training.sum changed: regenerate (fetch-training.sh, go generate ./detect)", tablesPath)
	}
	fmt.Println("detect tables: digest matches (training text absent, not regenerated)")
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

func generate(raw string) (src, sum []byte) {
	var data []model.LangData
	heldOut := map[string]*heldText{}
	var texts []string
	var sumBuf bytes.Buffer
	runShare, letterShare := map[string]float64{}, map[string]float64{}
	enDocs, enCatalogs, err := englishDocs(raw)
	must(err)
	enPages := not(enCatalogs)
	for _, lg := range languages {
		files, pages, err := readLanguage(filepath.Join(raw, lg.tag))
		must(err)
		if lg.tag == "en" {
			files, pages = enDocs, enPages
		}
		var train []string
		size, limit := 0, maxTrain
		if lg.tag == "en" {
			limit = maxTrainEnglish
		}
		h := &heldText{}
		heldOut[lg.tag] = h
		// Whole files are held out (every fifth), so that the calibration
		// is fitted on text the models have not seen the like of, line for
		// line: calibration on lines of the training files themselves comes
		// out overconfident. Every other held-out file is kept for the
		// tests (TestHeldOutCalibration): fitted on by nothing.
		for i, lines := range files {
			for _, l := range lines {
				if !ofLanguage(lg.tag, l) {
					continue
				}
				if lg.tag == "vi" {
					l = to1258(l)
				}
				if heldOutFile(i) {
					if fitFile(i) {
						h.add(pages[i], l)
					}
				} else if size < limit {
					train = append(train, l)
					size += len(l) + 1
				}
			}
		}
		if size < 20000 {
			log.Fatalf("%s: only %d bytes of training text", lg.tag, size)
		}
		text := strings.Join(train, "\n")
		texts = append(texts, text)
		fmt.Fprintf(&sumBuf, "%s %d %x\n", lg.tag, len(text), sha256.Sum256([]byte(text)))
		var d model.LangData
		if lg.cjk {
			d = trainCJK(lg, text)
		} else {
			d = trainAlphabetic(lg, text)
		}
		runShare[lg.tag], letterShare[lg.tag] = asciiRunShare(text), asciiLetterShare(text)
		d.ASCII, d.Letter = cost(runShare[lg.tag]), cost(letterShare[lg.tag])
		data = append(data, d)
	}
	poolASCII(data, runShare, letterShare)
	trainWords(data, texts)
	trainCase(data, texts)
	// English lines to mix into held-out samples: the strings of the
	// English catalog documents held out (never trained on).
	english := englishLines(enDocs, enCatalogs, fitFile, maxHeldOut)
	ascii := trainASCII(texts)
	m, err := model.Build(data, ascii, model.Calibration{Temperature: 1})
	must(err)
	natFit, natTest, natSum := naturalDocs(filepath.Join(raw, "..", "natural"))
	sumBuf.WriteString(natSum)
	cal, quote := calibrate(m, heldOut, english, runShare, natFit, natTest)
	for i := range data {
		data[i].Typical = m.Langs[i].Typical
		data[i].ASCII = quotedRunCost(runShare[data[i].Tag], quote)
	}
	body := writeTables(data, ascii, cal)
	head := fmt.Sprintf("// Code generated by detect/internal/gen from the text training.sum lists; DO NOT EDIT.\n// training %x, tables %x", sha256.Sum256(sumBuf.Bytes()), sha256.Sum256(body))
	return append([]byte(head+"\n\n"), body...), sumBuf.Bytes()
}

// ofLanguage reports whether a line can be text of the language tagged
// tag: for the languages not written in Latin letters, one with a letter of
// their script. Their catalogs hold many strings left in English (more
// than half the letters of the Hebrew ones are ASCII), which are not
// text in the language and made a fitting half's held-out samples mostly
// English with a right-to-left mark or two.
func ofLanguage(tag, line string) bool {
	if !nonLatin[tag] {
		return true
	}
	for _, r := range line {
		if r >= 0x80 && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

func not(b []bool) []bool {
	out := make([]bool, len(b))
	for i, v := range b {
		out[i] = !v
	}
	return out
}

// heldOutFile reports whether the i-th file of a language (sorted by name)
// is held out of training; fitFile whether calibration is fitted on it
// (the other held-out files are the tests').
func heldOutFile(i int) bool { return i%5 == 2 }
func fitFile(i int) bool     { return heldOutFile(i) && i/5%2 == 0 }
func testFile(i int) bool    { return heldOutFile(i) && i/5%2 == 1 }

// cost quantises -log2(p) to quarter-bits.
func cost(p float64) byte {
	q := math.Round(-math.Log2(p) * 4)
	return byte(math.Max(0, math.Min(255, q)))
}

func trainAlphabetic(lg language, text string) model.LangData {
	letters := map[rune]int{}
	total := 0
	for _, r := range text {
		switch c := model.GenericClass(r); {
		case c == model.OtherLetter || c == model.ASCIILetter:
			letters[model.Fold(r)]++
			total++
		case c == model.Symbol:
			// frequent punctuation (’ « » – …) earns a class of its own
			letters[r]++
		}
	}
	// ASCII letters are letters of the alphabet only of languages written
	// in Latin letters (by script, not by how much English a language's
	// training text quotes: Hebrew catalogs quote more than half).
	latin := !nonLatin[lg.tag]
	var alpha []rune
	for r, n := range letters {
		if (r >= 0x80 || latin) && n*50000 >= total {
			alpha = append(alpha, r)
		}
	}
	sort.Slice(alpha, func(i, j int) bool {
		if letters[alpha[i]] != letters[alpha[j]] {
			return letters[alpha[i]] > letters[alpha[j]]
		}
		return alpha[i] < alpha[j]
	})
	if max := model.MaxClasses - model.FirstLetter; len(alpha) > max {
		alpha = alpha[:max]
	}
	d := model.LangData{Tag: lg.tag, Name: lg.name, Alphabet: string(alpha)}
	m, err := model.Build([]model.LangData{{Tag: lg.tag, Alphabet: d.Alphabet,
		Bigram: strings.Repeat("\x00", sq(model.FirstLetter+len(alpha))), Uni: strings.Repeat("\x00", model.FirstLetter+len(alpha))}}, zeroASCII, model.Calibration{Temperature: 1})
	must(err)
	d.Bigram, d.Uni = bigrams(m.Langs[0], text)
	return d
}

func sq(n int) int { return n * n }

var zeroASCII = strings.Repeat("\x00", 128*128)

// trainASCII builds the shared model of ASCII text: the cost of each ASCII
// character after another, from the pairs of ASCII characters in every
// language's text, each language weighing the same.
func trainASCII(texts []string) string {
	pair := make([]float64, 128*128)
	for _, text := range texts {
		counts := make([]float64, 128*128)
		total := 0.0
		prev := rune(-1)
		for _, r := range text {
			if r < 0x80 && prev >= 0 {
				counts[prev<<7|r]++
				total++
			}
			prev = r
			if r >= 0x80 {
				prev = -1
			}
		}
		for i := range counts {
			pair[i] += counts[i] / (total + 1)
		}
	}
	out := make([]byte, 128*128)
	for a := 0; a < 128; a++ {
		row := 0.0
		for b := 0; b < 128; b++ {
			row += pair[a<<7|b]
		}
		for b := 0; b < 128; b++ {
			// add-k smoothing with k small: an unseen pair costs about 20 bits
			out[a<<7|b] = cost((pair[a<<7|b] + 1e-6) / (row + 128e-6))
		}
	}
	return string(out)
}

// trainWords gives each language its model of ASCII words
// (LangData.Words): the cost of each pair of word classes
// (model.WordClass) in its text, less the cost in the pooled text of all
// languages (each weighing the same). The languages not written in Latin
// letters share the model of what their text quotes. Its ASCII letters are then
// evidence of the language, and with it of the encoding whose non-ASCII
// bytes make sense in it: English with one quote mark is English, whose
// bytes are not Estonian letters. texts are the training texts, in the
// order of data.
func trainWords(data []model.LangData, texts []string) {
	const n = model.WordClasses
	counts := make([][]float64, len(data))
	pool := make([]float64, n*n)
	for i := range data {
		c := make([]float64, n*n)
		prev := 0
		for _, r := range texts[i] {
			k := 0
			if r < 0x80 {
				k = int(model.WordClass(byte(r)))
			}
			c[prev*n+k]++
			prev = k
		}
		c[0] = 0
		counts[i] = c
		total := 0.0
		for _, v := range c {
			total += v
		}
		for j, v := range c {
			pool[j] += v / total
		}
	}
	// The languages not written in Latin letters share one model: what
	// ASCII their text quotes depends on its source and subject, not on
	// its script (see poolASCII), and left per language it decided
	// between scripts (Greek with an English word read as Russian).
	quoted := make([]float64, n*n)
	var quoting []int
	for i, d := range data {
		if d.CJK || nonLatin[d.Tag] {
			quoting = append(quoting, i)
		}
	}
	for _, i := range quoting {
		total := 0.0
		for _, v := range counts[i] {
			total += v
		}
		for j, v := range counts[i] {
			quoted[j] += v / total / float64(len(quoting)) * 1e6
		}
	}
	for _, i := range quoting {
		counts[i] = quoted
	}
	cond := func(c []float64, prior []float64, beta float64) []float64 {
		out := make([]float64, n*n)
		for a := 0; a < n; a++ {
			row := 0.0
			for b := 0; b < n; b++ {
				row += c[a*n+b]
			}
			for b := 0; b < n; b++ {
				pr := 1.0 / n
				if prior != nil {
					pr = prior[a*n+b]
				}
				out[a*n+b] = (c[a*n+b] + beta*pr) / (row + beta)
			}
		}
		return out
	}
	// the pooled pairs are smoothed towards uniform, each language's
	// towards the pool (a pair a language's text lacks costs what
	// the pool says, a little more)
	poolCond := cond(pool, nil, 1e-3)
	for i := range data {
		own := cond(counts[i], poolCond, 50)
		w := make([]byte, n*n)
		for j := range w {
			if j == 0 {
				continue
			}
			d := math.Round(4 * (math.Log2(poolCond[j]) - math.Log2(own[j])))
			w[j] = byte(int8(math.Max(-127, math.Min(127, d))))
		}
		data[i].Words = string(w)
	}
}

// trainCase gives each language its model of the case of letters
// (LangData.Case): how often a letter is a small or a capital one after a
// character of each case state (none, small, capital), counted over the
// pairs of characters the bigrams charge (those that involve a non-ASCII
// character), smoothed towards all languages pooled (each weighing the
// same): the scripts without case see cased letters only in what they
// quote, and English has few non-ASCII letters. texts are the training
// texts, in the order of data.
func trainCase(data []model.LangData, texts []string) {
	counts := make([][9]float64, len(data))
	var pool [9]float64
	for i := range data {
		var c [9]float64
		prev, prevWide := uint8(model.CaseNone), false
		total := 0.0
		for _, r := range texts[i] {
			k := model.CaseOf(r)
			wide := r >= 0x80
			if (wide || prevWide) && k != model.CaseNone {
				c[prev*3+k]++
				total++
			}
			prev, prevWide = k, wide
		}
		counts[i] = c
		for j, v := range c {
			pool[j] += v / (total + 1)
		}
	}
	cond := func(c, prior [9]float64, beta float64) [9]float64 {
		var out [9]float64
		for a := 0; a < 3; a++ {
			row := c[a*3+model.CaseLower] + c[a*3+model.CaseUpper]
			for _, b := range []int{model.CaseLower, model.CaseUpper} {
				out[a*3+b] = (c[a*3+b] + beta*prior[a*3+b]) / (row + beta)
			}
		}
		return out
	}
	even := [9]float64{0, 0.5, 0.5, 0, 0.5, 0.5, 0, 0.5, 0.5}
	poolCond := cond(pool, even, 1e-3)
	for i := range data {
		own := cond(counts[i], poolCond, 50)
		var b []byte
		for a := 0; a < 3; a++ {
			b = append(b, cost(own[a*3+model.CaseLower]), cost(own[a*3+model.CaseUpper]))
		}
		data[i].Case = string(b)
	}
}

// quotedRunCost is the cost of a run of ASCII letters in a language whose
// own text has a share p of such runs, when a share q of runs is quoted
// from other text (English names, titles, commands, addresses), which is
// in ASCII letters whatever the language: -log2((1-q)p + q).
func quotedRunCost(p, q float64) byte { return cost((1-q)*p + q) }

// poolASCII gives the languages not written in Latin letters one cost of
// ASCII letters, their mean: how much English (names, commands, addresses)
// a text quotes depends on its source and subject, not on its script, and
// these languages' training sources quote it in very different measure
// (Persian catalogs a third as often as Russian manual pages). Left per
// language, that difference decided between scripts: Persian in
// Windows-1256 among Markdown links read as KOI8-R Russian. The CJK
// languages form a pool of their own (they split text into runs
// differently).
func poolASCII(data []model.LangData, runShare, letterShare map[string]float64) {
	for _, cjk := range []bool{false, true} {
		var tags []string
		for _, d := range data {
			if d.CJK == cjk && (cjk || nonLatin[d.Tag]) {
				tags = append(tags, d.Tag)
			}
		}
		run, letter := 0.0, 0.0
		for _, t := range tags {
			run += runShare[t] / float64(len(tags))
			letter += letterShare[t] / float64(len(tags))
		}
		for i, d := range data {
			if d.CJK == cjk && (cjk || nonLatin[d.Tag]) {
				data[i].ASCII, data[i].Letter = cost(run), cost(letter)
				runShare[d.Tag], letterShare[d.Tag] = run, letter
			}
		}
	}
}

// asciiLetterShare is the share of text's letters that are ASCII ones.
func asciiLetterShare(text string) float64 {
	ascii, all := 1.0, 2.0
	for _, r := range text {
		if c := model.GenericClass(r); c == model.ASCIILetter || c >= model.OtherLetter && c != model.Symbol && c != model.Bad && c != model.CJKPunct {
			all++
			if c == model.ASCIILetter {
				ascii++
			}
		}
	}
	return ascii / all
}

// asciiRunShare is the share of the runs of letters of text that are runs
// of ASCII letters: runs split where letters change between ASCII and not.
func asciiRunShare(text string) float64 {
	ascii, all := 1.0, 2.0
	prev := -1 // 0: ASCII letter, 1: other letter, -1: no letter
	for _, r := range text {
		k := -1
		if c := model.GenericClass(r); c == model.ASCIILetter {
			k = 0
		} else if c >= model.OtherLetter && c != model.Symbol && c != model.Bad && c != model.CJKPunct {
			k = 1
		}
		if k >= 0 && k != prev {
			all++
			if k == 0 {
				ascii++
			}
		}
		prev = k
	}
	return ascii / all
}

// bigrams counts class pairs over text and returns smoothed costs.
func bigrams(l *model.Lang, text string) (bigram, uni string) {
	n := l.N
	pair := make([]float64, n*n)
	single := make([]float64, n)
	prev := model.Space
	for _, r := range text {
		c := int(l.Class(r))
		pair[prev*n+c]++
		single[c]++
		prev = c
	}
	total := 0.0
	for _, v := range single {
		total += v
	}
	pu := make([]float64, n)
	ub := make([]byte, n)
	for c := range pu {
		pu[c] = (single[c] + 0.5) / (total + 0.5*float64(n))
		ub[c] = cost(pu[c])
	}
	bb := make([]byte, n*n)
	beta := float64(n)
	for a := 0; a < n; a++ {
		row := 0.0
		for b := 0; b < n; b++ {
			row += pair[a*n+b]
		}
		for b := 0; b < n; b++ {
			bb[a*n+b] = cost((pair[a*n+b] + beta*pu[b]) / (row + beta))
		}
	}
	return string(bb), string(ub)
}

func trainCJK(lg language, text string) model.LangData {
	d := model.LangData{Tag: lg.tag, Name: lg.name, CJK: true,
		Costs: "x", Alphabet: "x", Rare: strings.Repeat("\x00", model.NumCoarse),
		Bigram: strings.Repeat("\x00", sq(model.NumCoarse)), Uni: strings.Repeat("\x00", model.NumCoarse)}
	m, err := model.Build([]model.LangData{d}, zeroASCII, model.Calibration{Temperature: 1})
	must(err)
	l := m.Langs[0]
	d.Bigram, d.Uni = bigrams(l, text)
	chars := map[rune]int{}
	perClass := make([]float64, model.NumCoarse)
	for _, r := range text {
		if c := l.Class(r); c >= model.ASCIILetter {
			chars[r]++
			perClass[c]++
		}
	}
	var top []rune
	for r := range chars {
		top = append(top, r)
	}
	sort.Slice(top, func(i, j int) bool {
		if chars[top[i]] != chars[top[j]] {
			return chars[top[i]] > chars[top[j]]
		}
		return top[i] < top[j]
	})
	if len(top) > cjkChars {
		top = top[:cjkChars]
	}
	sort.Slice(top, func(i, j int) bool { return top[i] < top[j] })
	inTop := make([]float64, model.NumCoarse)
	var costs []byte
	for _, r := range top {
		c := l.Class(r)
		inTop[c] += float64(chars[r])
		costs = append(costs, cost(float64(chars[r])/(perClass[c]+1)))
	}
	// how many characters each class holds beyond the scored ones
	others := [model.NumCoarse]float64{model.ASCIILetter: 52, model.Hiragana: 90, model.Katakana: 200,
		model.Han: 20000, model.Hangul: 11172, model.CJKPunct: 200}
	rare := make([]byte, model.NumCoarse)
	for c := model.ASCIILetter; c < model.NumCoarse; c++ {
		mass := (perClass[c] - inTop[c] + 1) / (perClass[c] + 2)
		rare[c] = cost(mass / others[c])
	}
	d.Alphabet, d.Costs, d.Rare = string(top), string(costs), string(rare)
	// The costs in the form the detector reads, so that no process builds
	// it (model.CharTable).
	d.CharIndex, d.CharPages, err = model.CharTable(d.Alphabet, d.Costs)
	must(err)
	return d
}

func writeTables(data []model.LangData, ascii string, c model.Calibration) []byte {
	var b bytes.Buffer
	b.WriteString("package model\n\n")
	fmt.Fprintf(&b, "// Fitted is the calibration fitted on held-out training text.\nvar Fitted = Calibration{Temperature: %.4f, Growth: %.4f, LetterWeight: %.4f, WordWeight: %.4f, CaseWeight: %.4f,\n\tText: [3]float64{%.4f, %.4f, %.4f}, TextBias: %.4f,\n\tMapX: %#v,\n\tMapY: %#v,\n\tLengthTilt: %.4f,\n\tSparseX: %#v,\n\tSparseY: %#v}\n\n",
		c.Temperature, c.Growth, c.LetterWeight, c.WordWeight, c.CaseWeight, c.Text[0], c.Text[1], c.Text[2], c.TextBias, c.MapX, c.MapY, c.LengthTilt, c.SparseX, c.SparseY)
	fmt.Fprintf(&b, "// ASCIIModel is the shared model of ASCII text.\nconst ASCIIModel = %q\n\n", ascii)
	b.WriteString("// Data is the serialised language models.\nvar Data = []LangData{\n")
	for _, d := range data {
		// Build sets every cost of class Bad to BadCost: written so, the
		// bigrams are read in place without a fixed copy.
		d.Bigram = model.FixBad(d.Bigram, len(d.Uni))
		fmt.Fprintf(&b, "\t{Tag: %q, Name: %q, CJK: %v, ASCII: %d, Letter: %d, Typical: %.2f,\n\t\tAlphabet: %q,\n\t\tBigram: %q,\n\t\tUni: %q,\n", d.Tag, d.Name, d.CJK, d.ASCII, d.Letter, d.Typical, d.Alphabet, d.Bigram, d.Uni)
		if d.CJK {
			fmt.Fprintf(&b, "\t\tCosts: %q,\n\t\tRare: %q,\n\t\tCharIndex: %q,\n\t\tCharPages: %q,\n", d.Costs, d.Rare, d.CharIndex, d.CharPages)
		}
		if d.Words != "" {
			fmt.Fprintf(&b, "\t\tWords: %q,\n", d.Words)
		}
		if d.Case != "" {
			fmt.Fprintf(&b, "\t\tCase: %q,\n", d.Case)
		}
		b.WriteString("\t},\n")
	}
	b.WriteString("}\n\n")
	// The classes of every byte table, so that a process classifies no
	// bytes (model.UseByteClasses).
	m, err := model.Build(data, ascii, c)
	must(err)
	fmt.Fprintf(&b, "// ByteClasses is the class and case state of every byte of every\n// single-byte encoding in each of its languages (ComputeByteClasses).\nconst ByteClasses = %q\n", model.ComputeByteClasses(m))
	src, err := format.Source(b.Bytes())
	must(err)
	return src
}

var _ = utf8.RuneError
