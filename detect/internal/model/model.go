package model

import (
	"encoding/binary"
	"fmt"
	"sync"
	"sync/atomic"

	"math"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// Character classes shared by every language model. A language's own letters
// follow from FirstLetter on; CJK languages use the coarse script classes
// instead and add a cost per character.
const (
	Space       = iota // white space and the start of text
	Digit              // any decimal digit
	Punct              // ASCII punctuation and symbols, and ’ (U+2019, the apostrophe as typeset)
	OtherLetter        // a letter or mark outside the language's alphabet
	Symbol             // non-ASCII punctuation and symbols
	Bad                // C0/C1 controls, U+FFFD (undefined byte, invalid sequence), private use, noncharacters
	ASCIILetter        // A-Z a-z, for languages not written in the Latin script
	Hiragana
	Katakana
	Han
	Hangul
	CJKPunct // ideographic punctuation, full-width forms
	NumCoarse

	FirstLetter = ASCIILetter + 1 // the first class of an alphabetic language's own letters
	MaxClasses  = 64              // classes per language, so a bigram row is a 6-bit shift
)

// BadCost is the cost, in quarter-bits, of each Bad character: text holds
// almost none, so a decoding that yields them is all but ruled out. It is a
// fixed penalty, not learned (training text has none to learn from).
const BadCost = 120

// Lang is the character model of one language.
type Lang struct {
	Tag, Name string
	CJK       bool
	ASCIICost int // quarter-bits per run of ASCII letters (see LangData.ASCII)
	// LetterCost is the quarter-bits per ASCII letter (LangData.Letter),
	// charged at Model.LetterWeight.
	LetterCost int
	// Typical is the mean cost, in quarter-bits, of a non-ASCII character
	// of the language's own held-out text (the bigrams into and out of it).
	Typical float64
	// Words is how much more (or less) a pair of word classes (see
	// WordClass) costs in the language's text than in the Latin-script
	// languages' text pooled, in quarter-bits at a*WordClasses+b (int8
	// in two's complement: LangData.Words itself, read in place), charged
	// at Model.WordWeight; "" for the languages not written in Latin
	// letters (their ASCII letters are quoted text, not theirs).
	Words string
	// Case is the cost, in quarter-bits, of a letter's case (lower or
	// upper, see CaseOf) after a character of case state a, at a<<2|b,
	// charged at Model.CaseWeight with every bigram that involves a
	// non-ASCII character. The bigrams fold case; this says what they
	// leave out: a capital after a small letter is rare in any language,
	// and is what most misreadings of bytes as letters of another script
	// or case produce.
	Case [16]uint8
	m    *Model
	N    int // classes in use
	// index is the language's place in Model.Langs.
	index int
	// low holds the class of each folded letter of an alphabetic
	// language's alphabet below lowLetters, by code point (0: not a letter
	// of the alphabet), and letters those at or beyond it (nil when there
	// is none); both built on first use from alphabet (lowTable). A table
	// read instead of a map's hashing: filling a byte table classifies 256
	// characters, and the map was a sixth of what detecting a small legacy
	// file cost.
	letters map[rune]uint8
	// ascii is Class of each ASCII character, filled on first use
	// (asciiClasses) for the byte tables, which all read ASCII alike.
	ascii atomic.Pointer[[0x80]uint8]
	// wordArr is Words at a<<5|b, built on first use (wordArray) for
	// AddText's loop.
	wordArr atomic.Pointer[[1 << 10]int8]
	// pairArr is BigramCost at a<<4|b for a CJK language (NumCoarse
	// classes), built on first use (pairCosts) for AddText's loop.
	pairArr  atomic.Pointer[[256]uint16]
	low      atomic.Pointer[[lowLetters]uint8]
	lowMu    sync.Mutex
	alphabet string
	// bigram is the cost of a character of class b after one of class a,
	// at a*N+b, in quarter-bits: LangData.Bigram itself, read in place
	// (its column Bad is BadCost: see Build). BigramCost adds, for the
	// generic classes that stand for many characters, the cost of picking
	// one of them (within). Expanding every language's bigrams into a
	// table of 64×64 when first used was a seventh of what detecting a
	// small legacy file cost a process.
	bigram string
	within [MaxClasses]uint8
	Uni    [MaxClasses]uint16 // the same without context (the pre-filter)
	// charIndex and charPages are a CJK language's character costs as the
	// generator wrote them (LangData.CharIndex, CharPages: see CharTable),
	// read in place: building them at run time (pages of 256 code points
	// from the characters and their costs) cost a process about 330,000
	// instructions whenever a text's CJK readings were scored.
	charIndex, charPages string
	rare                 [NumCoarse]uint8 // CJK: cost of a character not in the pages, per class
}

// Model is every language model plus the calibration of its scores.
type Model struct {
	Langs []*Lang
	byTag map[string]*Lang
	// ascii is the cost of an ASCII character after another, the same for
	// every language (index prev<<7|cur, quarter-bits): 128×128 bytes, the
	// generated string itself (a copy cost every process 16 KiB).
	ascii string
	// asciiArr is ascii as an array, which AddText indexes without
	// bounds checks: the string's bytes themselves (a copy cost every
	// process that detected a legacy file 16 KiB of heap, 4 pages).
	asciiArr *[128 * 128]uint8
	Calibration
	// allTables holds a ByteTable for each single-byte encoding and each of
	// its languages with a model, in the order of Encodings and their
	// Langs; tablesOf those of Encodings[i], langsOf their languages.
	// Built on first use (tablesInit), their classes read from classes
	// when UseByteClasses gave them.
	tablesOnce sync.Once
	langsOnce  sync.Once // langsOf (encodingLangs)
	wordsOnce  sync.Once
	wordTab    *wordTable
	ranked     atomic.Int64 // windows RankWindow has ranked
	diffsOnce  sync.Once
	diffs      *readingDiffs
	allTables  []*ByteTable
	tablesOf   [][]*ByteTable
	langsOf    [][]*Lang
	classes    string
}

// Calibration holds the few numbers, fitted by the generator on held-out
// training text, that turn scores into probabilities.
type Calibration struct {
	// Temperature and Growth turn score differences into probabilities:
	// p ∝ exp(-cost·ln2/4/T) with T = Temperature·(n/64)^Growth for a text
	// of n bytes (the bigrams of a longer text are less independent than
	// their sum assumes).
	Temperature, Growth float64
	// LetterWeight scales Lang.LetterCost.
	LetterWeight float64
	// WordWeight scales Lang.Words: how much the ASCII letters' pairs
	// say about the language.
	WordWeight float64
	// CaseWeight scales Lang.Case.
	CaseWeight float64
	// Text is the logistic model of "this is text at all": its inputs are
	// the best reading's excess cost per non-ASCII character over what its
	// language's own text costs (Lang.Typical, in units of 4 bits), the
	// share of those characters that are foreign to the language (outside
	// its alphabet and frequent punctuation; weighed by their number up to
	// 128, in units of 32),
	// and the share of control
	// bytes in the input. TextBias is its intercept. The
	// excess is not weighed by how many characters show it: text unlike
	// the training text (markup, addresses, other subjects) would then lose
	// its answers, while byte salad shows an excess several times larger.
	Text     [3]float64
	TextBias float64
	// MapX and MapY recalibrate the top candidate's confidence: a raw
	// confidence MapX[i] becomes MapY[i], linearly between them (a
	// monotone map fitted by isotonic regression on how often the top
	// reading is right: the temperature alone fits the ranking of all
	// readings, not that). Nil leaves confidences as they are.
	MapX, MapY []float64
	// LengthTilt corrects the mapped top confidence for the input's
	// length: its log-odds grow by LengthTilt per doubling of the length
	// beyond 64 bytes, and shrink by as much per halving below. One map
	// serves every length, but at the same raw confidence a short input
	// (whose raw confidence is mostly its top reading's share) is right
	// less often than a long one (whose raw confidence is mostly the text
	// probability, which doubts real text unlike the training text).
	LengthTilt float64
	// SparseX and SparseY recalibrate, as MapX and MapY do, the top
	// confidence of a sparse document (see Sparse) once Rescale and Tilt
	// have made it: fitted on whole real documents re-encoded into the
	// first legacy encoding that holds them (the generator's natural
	// documents), not on short samples. A few symbols or names in a long
	// ASCII text read as byte salad to the text model, whose confidence
	// then fell to 0.1 or 0.2 when the top reading was right four times in
	// five. The map never lifts a confidence beyond SparseCap.
	SparseX, SparseY []float64
}

// A sparse document is at least SparseMinBytes examined with at most
// SparseHigh non-ASCII characters in the statistics window. Its
// recalibrated confidence stays below SparseCap (under 0.9, the level
// convert -f auto asks for): a few hundred documents cannot show that
// answers resting on a handful of characters are wrong less than once in
// two hundred times.
const (
	SparseMinBytes = 1 << 10
	SparseHigh     = 64
	SparseCap      = 0.89
)

// Sparse reports whether the top reading best of an n-byte input is that
// of a sparse document.
func Sparse(best Scored, n int) bool {
	return n >= SparseMinBytes && best.High <= SparseHigh
}

// SparseRescale recalibrates the top confidence p of a sparse document:
// p itself from SparseCap on, else the map's value, at most SparseCap.
func (c *Calibration) SparseRescale(p float64) float64 {
	if len(c.SparseX) == 0 || len(c.SparseX) != len(c.SparseY) || p >= SparseCap {
		return p
	}
	if p <= c.SparseX[0] {
		// flat below the first point: the natural documents below it were
		// right as often as those at it (a few symbols in English read as
		// byte salad however few they are)
		return math.Min(c.SparseY[0], SparseCap)
	}
	return math.Min(interpolate(c.SparseX, c.SparseY, p), SparseCap)
}

// Tilt applies LengthTilt to a mapped top confidence p of an n-byte input.
func (c *Calibration) Tilt(p float64, n int) float64 {
	if c.LengthTilt == 0 || p <= 0 || p >= 1 {
		return p
	}
	z := math.Log(p/(1-p)) + c.LengthTilt*math.Log2(float64(max(n, 1))/64)
	return 1 / (1 + math.Exp(-z))
}

// Rescale applies the recalibration map to a top confidence p.
func (c *Calibration) Rescale(p float64) float64 {
	if len(c.MapX) == 0 || len(c.MapX) != len(c.MapY) {
		return p
	}
	return interpolate(c.MapX, c.MapY, p)
}

// interpolate maps p through the monotone map x -> y: linearly between
// its points, from (0, 0) to the first, flat after the last.
func interpolate(x, y []float64, p float64) float64 {
	if p <= x[0] {
		return y[0] * p / math.Max(x[0], 1e-12)
	}
	for i := 1; i < len(x); i++ {
		if p <= x[i] {
			f := (p - x[i-1]) / math.Max(x[i]-x[i-1], 1e-12)
			return y[i-1] + f*(y[i]-y[i-1])
		}
	}
	return y[len(y)-1]
}

// Lang returns the model of the language tagged tag, or nil.
func (m *Model) Lang(tag string) *Lang { return m.byTag[tag] }

// LangData is the serialised form of one language, as the generator writes it.
type LangData struct {
	Tag, Name string
	CJK       bool
	Alphabet  string // alphabetic: the letters of classes FirstLetter.. in order; CJK: the scored characters
	Bigram    string // N×N costs, row = previous class
	Uni       string // N costs
	Costs     string // CJK: one cost per character of Alphabet
	// CharIndex and CharPages: CJK: Alphabet and Costs in the form
	// charCost reads, as CharTable makes them.
	CharIndex, CharPages string
	Rare                 string // CJK: NumCoarse costs
	// ASCII is the cost of a run of letters being one of ASCII letters
	// (A-Z, a-z) rather than of other letters: pairs of ASCII characters are
	// not scored by the bigrams, but whether a language is written in them
	// still counts. It is charged per run, not per letter, so that the
	// English names, commands and addresses text in other scripts quotes
	// cost what switching to them costs, not what every letter of them
	// would.
	ASCII byte
	// Letter is the cost of a letter being an ASCII one: within a run, the
	// length of quoted English still says a little about the language.
	Letter byte
	// Typical: see Lang.Typical.
	Typical float64
	// Words: see Lang.Words; WordClasses² bytes (two's complement,
	// row = previous class), or empty.
	Words string
	// Case: see Lang.Case; 3×2 bytes, row = the previous character's
	// case state (none, lower, upper), column = the letter's (lower,
	// upper).
	Case string
}

// buildRoom is what Build makes, in one allocation: the Model, its
// languages and their list. Made apart, the Model (352 bytes) and the list
// (312) were objects of two small size classes of their own, each a fresh
// span, that is a page for the object and one for the span's mark bits,
// at the first detection of every process; together with the languages
// (17 KiB) they fit the languages' size class.
type buildRoom struct {
	m     Model
	list  [buildRoomLangs]*Lang
	langs [buildRoomLangs]Lang
}

// buildRoomLangs is how many languages buildRoom holds, the generated
// model's and one more (TestBuildRoom); Build allocates the three apart
// for more.
const buildRoomLangs = 42

// Build turns serialised language data into a Model. ascii is the shared
// model of ASCII text: 128×128 costs of a character after another. The
// strings of data are read in place, not copied or expanded: building
// costs a process little whatever it detects.
func Build(data []LangData, ascii string, c Calibration) (*Model, error) {
	if len(ascii) != 128*128 {
		return nil, fmt.Errorf("ASCII model has %d entries, want %d", len(ascii), 128*128)
	}
	var m *Model
	var langs []Lang
	if len(data) <= buildRoomLangs {
		r := new(buildRoom)
		m, langs = &r.m, r.langs[:len(data)]
		m.Langs = r.list[:0:len(data)]
	} else {
		m, langs = new(Model), make([]Lang, len(data))
		m.Langs = make([]*Lang, 0, len(data))
	}
	m.byTag, m.Calibration = make(map[string]*Lang, len(data)), c
	m.ascii = ascii
	// The string's own bytes, read in place: never written through.
	m.asciiArr = (*[128 * 128]uint8)(unsafe.Pointer(unsafe.StringData(ascii)))
	// within's costs of every class, for a language that is not CJK and
	// for one that is (called for every class of every language, within
	// was a third of what building cost)
	var withinRows [2][MaxClasses]uint8
	for c := range MaxClasses {
		withinRows[0][c], withinRows[1][c] = within(false, c), within(true, c)
	}
	for i, d := range data {
		l := &langs[i]
		// (field by field: a Lang value built whole went through a
		// temporary of 1 KiB on the stack)
		l.Tag, l.Name, l.CJK, l.ASCIICost, l.LetterCost, l.Typical = d.Tag, d.Name, d.CJK, int(d.ASCII), int(d.Letter), d.Typical
		l.m, l.index = m, i
		switch len(d.Case) {
		case 0:
		case 6:
			for a := 0; a < 3; a++ {
				l.Case[a<<2|CaseLower], l.Case[a<<2|CaseUpper] = d.Case[2*a], d.Case[2*a+1]
			}
		default:
			return nil, fmt.Errorf("%s: %d case costs, want 6", d.Tag, len(d.Case))
		}
		switch len(d.Words) {
		case 0, WordClasses * WordClasses:
			l.Words = d.Words
		default:
			return nil, fmt.Errorf("%s: %d word pair costs, want %d", d.Tag, len(d.Words), WordClasses*WordClasses)
		}
		if d.CJK {
			l.N = NumCoarse
			// The costs are read from CharIndex and CharPages; Alphabet and
			// Costs, which they were made from, are not read at all
			// (TestCJKCosts checks that they agree). Build checks only
			// that every page the index names is there.
			if len(d.CharPages)%256 != 0 || len(d.Rare) != NumCoarse {
				return nil, fmt.Errorf("%s: %d bytes of character pages, %d rare costs", d.Tag, len(d.CharPages), len(d.Rare))
			}
			for _, pg := range []byte(d.CharIndex) {
				if int(pg)<<8 > len(d.CharPages) {
					return nil, fmt.Errorf("%s: character index names page %d of %d", d.Tag, pg, len(d.CharPages)>>8)
				}
			}
			l.charIndex, l.charPages = d.CharIndex, d.CharPages
			copy(l.rare[:], d.Rare)
		} else {
			l.alphabet = d.Alphabet
			l.N = FirstLetter + runeCount(d.Alphabet)
		}
		if l.N > MaxClasses || len(d.Bigram) != l.N*l.N || len(d.Uni) != l.N {
			return nil, fmt.Errorf("%s: %d classes, bigram %d, unigram %d", d.Tag, l.N, len(d.Bigram), len(d.Uni))
		}
		l.bigram = FixBad(d.Bigram, l.N)
		w := &withinRows[0]
		if l.CJK {
			w = &withinRows[1]
		}
		copy(l.within[:l.N], w[:l.N])
		uni := d.Uni[:l.N]
		for a := range uni {
			l.Uni[a] = uint16(uni[a]) + uint16(w[a])
		}
		// Classes beyond N never occur; Bad is fixed whatever training said.
		l.Uni[Bad] = BadCost
		m.Langs = append(m.Langs, l)
		m.byTag[l.Tag] = l
	}
	return m, nil
}

// runeCount is utf8.RuneCountInString(s), counted by the validation
// kernel when s is valid UTF-8, as generated alphabets are: unicode/utf8
// decoded the alphabets' 2,000 letters one by one, about 58,000
// instructions in every process that detected a legacy file.
func runeCount(s string) int {
	p := unsafe.Slice(unsafe.StringData(s), len(s))
	if n, runes, _ := utf8kernel.ValidRunes(p); n == len(p) {
		return runes
	}
	return utf8.RuneCountInString(s)
}

// FixBad returns the n×n bigram costs b with every row's cost of class
// Bad set to BadCost, fixed whatever training said: b itself when it
// says so already (the generator writes them so), else a copy.
func FixBad(b string, n int) string {
	for a := 0; a < n; a++ {
		if b[a*n+Bad] != BadCost {
			c := []byte(b)
			for a := 0; a < n; a++ {
				c[a*n+Bad] = BadCost
			}
			return string(c)
		}
	}
	return b
}

// BigramCost is the cost of a character of class b after one of class a,
// in quarter-bits: the class's cost plus, for the generic classes that
// stand for many characters, the cost of picking one of them. Both
// classes are below l.N (Class gives no others).
func (l *Lang) BigramCost(a, b uint8) int {
	return int(l.bigram[int(a)*l.N+int(b)]) + int(l.within[b])
}

// within is the cost, in quarter-bits, of one character among those its
// class stands for, taken as equally likely: about log2 of the class's size.
// It keeps languages comparable, whether a letter has a class of its own or
// shares a broad one (CJK classes get learned costs per character instead).
func within(cjk bool, c int) uint8 {
	switch c {
	case Digit:
		return 13 // 10 digits
	case Punct:
		return 20 // 32 ASCII punctuation characters
	case OtherLetter:
		return 40 // about 1000 letters
	case Symbol:
		return 36 // about 500 symbols
	case ASCIILetter:
		if !cjk {
			return 19 // 26 letters, case folded
		}
	}
	return 0
}

// Fold is the letter folding every model applies before classifying: lower
// case, and the Romanian comma-below letters as their cedilla forms (the
// single-byte encodings hold only the latter). Below U+2200 (every
// character of the single-byte encodings but a few symbols) it reads
// fold_table.go, generated by genbmp from fold: unicode.ToLower's search
// was most of what the first detection of a small legacy file cost.
func Fold(r rune) rune {
	switch {
	case uint32(r) < uint32(len(foldLow)):
		return rune(foldLow[r])
	case r == utf8.RuneError, 0x2500 <= r && r < 0x2600:
		// The undefined bytes of single-byte encodings, and the box
		// drawing, block and shape characters of the DOS code pages:
		// no case.
		return r
	}
	return fold(r)
}

// ComputeFold computes what fold_table.go holds, for genbmp and the test.
func ComputeFold() []rune {
	t := make([]rune, len(foldLow))
	for r := range t {
		t[r] = fold(rune(r))
	}
	return t
}

func fold(r rune) rune {
	switch r {
	case 'ș', 'Ș':
		return 'ş'
	case 'ț', 'Ț':
		return 'ţ'
	}
	if r < 0x80 {
		if 'A' <= r && r <= 'Z' {
			return r + 32
		}
		return r
	}
	return unicode.ToLower(r)
}

// GenericClass classifies r without any language's alphabet.
func GenericClass(r rune) uint8 {
	if r < 0x80 {
		return asciiClass[r]
	}
	if r < 0x10000 {
		return bmp(r) & classMask
	}
	return genericClass(r)
}

// Case states of a character: not a letter with case (white space,
// digits, punctuation, and the letters of scripts without case), a small
// letter, a capital (or title-case) letter.
const (
	CaseNone = iota
	CaseLower
	CaseUpper
)

// CaseOf is r's case state.
func CaseOf(r rune) uint8 {
	if r < 0x80 {
		return asciiCase[r]
	}
	if r < 0x10000 {
		return bmp(r) >> caseShift
	}
	return caseOf(r)
}

func caseOf(r rune) uint8 {
	switch {
	case unicode.IsUpper(r), unicode.IsTitle(r):
		return CaseUpper
	case unicode.IsLower(r):
		return CaseLower
	}
	return CaseNone
}

var asciiCase = func() (t [128]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		t[b], t[b-32] = CaseLower, CaseUpper
	}
	return t
}()

// The classes and case states of the Basic Multilingual Plane (the case
// state above caseShift) come from bmp_table.go, generated by genbmp from
// genericClass and caseOf: the unicode package's range tables are too slow
// for the scoring loop, and building the table at run time cost every
// process about 6 ms.
//
//go:generate go run ./genbmp

const (
	caseShift = 6
	classMask = 1<<caseShift - 1
)

// BMPBlock is the number of characters in a block of the generated table.
const BMPBlock = 64

// bmp is the class | case<<caseShift of r, a BMP character.
func bmp(r rune) uint8 {
	return bmpBlocks[int(bmpIndex[r/BMPBlock])*BMPBlock+int(r%BMPBlock)]
}

// ComputeBMP computes what bmp_table.go holds, for genbmp and the test.
func ComputeBMP() []byte {
	t := make([]byte, 0x10000)
	for r := range t {
		t[r] = genericClass(rune(r)) | caseOf(rune(r))<<caseShift
	}
	return t
}

func genericClass(r rune) uint8 {
	if r < 0x80 {
		return asciiClass[r]
	}
	switch {
	case r == 0x2019:
		// The apostrophe as typeset: inside words (English "you’re",
		// French "l’homme") in every language's text, quoted English
		// included, where it reads as the ASCII apostrophe does. As a
		// symbol of its own, the languages whose training text writes
		// ' made an English word with ’ cost more than an undefined
		// byte in its place.
		return Punct
	case r < 0xA0, r == utf8.RuneError, r >= 0xE000 && r < 0xF900, r >= 0xFDD0 && r < 0xFDF0, r&0xFFFE == 0xFFFE, r >= 0xF0000:
		return Bad
	case r == 0xA0 || r == 0x3000 && false:
		return Space
	case r >= 0x3040 && r < 0x30A0:
		if r >= 0x3099 && r <= 0x309C {
			return Katakana
		}
		return Hiragana
	case r >= 0x30A0 && r < 0x3100, r >= 0x31F0 && r < 0x3200, r >= 0xFF66 && r < 0xFFA0:
		return Katakana
	case r >= 0x3000 && r < 0x3040, r >= 0xFF00 && r < 0xFF66, r >= 0xFFE0 && r < 0xFFF0:
		return CJKPunct
	case unicode.Is(unicode.Han, r):
		return Han
	case unicode.Is(unicode.Hangul, r):
		return Hangul
	case unicode.IsLetter(r), unicode.IsMark(r):
		return OtherLetter
	case unicode.IsDigit(r):
		return Digit
	case unicode.IsSpace(r):
		return Space
	case unicode.IsControl(r), !unicode.IsPrint(r) && !unicode.Is(unicode.Cf, r):
		return Bad
	}
	return Symbol
}

var asciiClass = func() (t [128]uint8) {
	for r := range t {
		switch {
		case r == ' ', r == '\t', r == '\n', r == '\r', r == '\f':
			t[r] = Space
		case r < 0x20 || r == 0x7F:
			t[r] = Bad
		case '0' <= r && r <= '9':
			t[r] = Digit
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z':
			t[r] = ASCIILetter
		default:
			t[r] = Punct
		}
	}
	return t
}()

// Class is r's class in language l.
func (l *Lang) Class(r rune) uint8 {
	if l.CJK {
		c := GenericClass(r)
		if c == OtherLetter && r < 0x80 {
			return ASCIILetter
		}
		return c
	}
	f, low := Fold(r), l.lowTable() // lowTable builds letters too
	if f < lowLetters {
		if c := low[f]; c != 0 {
			return c
		}
	} else if c, ok := l.letters[f]; ok {
		return c
	}
	c := GenericClass(r)
	if c > Bad {
		return OtherLetter // ASCII letters (when not in the alphabet) and CJK scripts
	}
	return c
}

// lowLetters bounds the letters Lang.low holds: the alphabets of Latin,
// Greek, Cyrillic, Armenian, Hebrew and Arabic script.
const lowLetters = 0x800

// lowTable returns l.low, building it on first use (an atomic load when
// built, small enough to be inlined into Class).
func (l *Lang) lowTable() *[lowLetters]uint8 {
	if t := l.low.Load(); t != nil {
		return t
	}
	return l.buildLow()
}

func (l *Lang) buildLow() *[lowLetters]uint8 {
	l.lowMu.Lock()
	defer l.lowMu.Unlock()
	if t := l.low.Load(); t != nil {
		return t
	}
	t := new([lowLetters]uint8)
	c := FirstLetter
	for _, r := range l.alphabet {
		if r < lowLetters {
			t[r] = uint8(c)
		} else {
			if l.letters == nil {
				l.letters = map[rune]uint8{}
			}
			l.letters[r] = uint8(c)
		}
		c++
	}
	l.low.Store(t)
	return t
}

// asciiClasses returns the class of each ASCII character in l, computed on
// first use.
func (l *Lang) asciiClasses() *[0x80]uint8 {
	if t := l.ascii.Load(); t != nil {
		return t
	}
	return l.buildASCII()
}

// buildASCII is asciiClasses the first time, out of line.
func (l *Lang) buildASCII() *[0x80]uint8 {
	t := new([0x80]uint8)
	for r := range t {
		t[r] = l.Class(rune(r))
	}
	l.ascii.Store(t) // computed alike by any goroutine that races here
	return t
}

// CharTable turns a CJK language's scored characters (alphabet, in UTF-8)
// and their costs (one byte each) into the form charCost reads: index has
// a byte for each block of 256 code points up to the last block holding
// one of the characters, the number of the block's page in pages (0: no
// page, 1: the first); a page holds 256 bytes, each its code point's cost
// plus one (0: not a scored character). The generator writes them.
func CharTable(alphabet, costs string) (index, pages string, err error) {
	var idx, pg []byte
	i := 0
	for _, r := range alphabet {
		if i >= len(costs) {
			return "", "", fmt.Errorf("more characters than %d costs", len(costs))
		}
		c := costs[i]
		i++
		if c == 0xFF {
			return "", "", fmt.Errorf("%U: cost %d leaves no room for the one added", r, c)
		}
		b := int(r >> 8)
		for len(idx) <= b {
			idx = append(idx, 0)
		}
		if idx[b] == 0 {
			if len(pg)>>8 == 0xFF {
				return "", "", fmt.Errorf("more than %d pages of characters", 0xFF)
			}
			pg = append(pg, make([]byte, 256)...)
			idx[b] = byte(len(pg) >> 8)
		}
		pg[(int(idx[b])-1)<<8|int(r&0xFF)] = c + 1
	}
	if i != len(costs) {
		return "", "", fmt.Errorf("%d characters, %d costs", i, len(costs))
	}
	return string(idx), string(pg), nil
}

// charCost is the extra cost of r within its class (CJK languages only).
func (l *Lang) charCost(r rune, c uint8) int {
	if !l.CJK || c < ASCIILetter {
		return 0
	}
	if b := uint32(r) >> 8; b < uint32(len(l.charIndex)) {
		if pg := l.charIndex[b]; pg != 0 {
			if k := l.charPages[(int(pg)-1)<<8|int(r&0xFF)]; k != 0 {
				return int(k) - 1
			}
		}
	}
	return int(l.rare[c])
}

// RuneScorer scores a stream of runes against one language.
type RuneScorer struct {
	L        *Lang
	prev     uint8
	wide     bool // the previous rune was not ASCII (the start counts as ASCII)
	prevRune rune
	Cost     int // quarter-bits, ASCII letters aside (see Total)
	Runes    int
	Bads     int
	Letters  int // ASCII letters
	// Wide counts the non-ASCII runes; WideCost is the part of Cost
	// charged for pairs that involve one.
	Wide, WideCost int
	Foreign        int // non-ASCII runes of a foreignClass
	// words sums Lang.Words over the pairs of word classes so far, the
	// last of them wordPrev.
	words    int
	wordPrev uint8
	// cases sums Lang.Case over the pairs the bigrams charge; prevCase
	// is the previous rune's case state.
	cases    int
	prevCase uint8
}

// foreignClass reports whether c is a class of characters outside a
// language's alphabet and frequent punctuation.
func foreignClass(c uint8) bool { return c == OtherLetter || c == Symbol || c == Bad }

// Total is the cost of the runes added, ASCII letters included.
func (s *RuneScorer) Total() float64 {
	t := float64(s.Cost) + s.L.m.LetterWeight*float64(s.Letters*s.L.LetterCost)
	if s.L.Words != "" && s.L.m.WordWeight != 0 {
		w := s.words
		if s.wordPrev != 0 { // the end of the text ends a word
			w += int(int8(s.L.Words[int(s.wordPrev)*WordClasses]))
		}
		t += math.Round(s.L.m.WordWeight * float64(w))
	}
	return t + s.CaseCost()
}

// CaseCost is the part of Total charged for the case of letters (Lang.Case
// at Model.CaseWeight), all of it for pairs that involve a non-ASCII rune.
func (s *RuneScorer) CaseCost() float64 { return s.L.caseCost(s.cases) }

// caseCost weighs a sum of Lang.Case costs.
func (l *Lang) caseCost(sum int) float64 {
	if l.m.CaseWeight == 0 {
		return 0
	}
	return math.Round(l.m.CaseWeight * float64(sum))
}

// Add scores one rune. As in ByteTable.Score, a pair of ASCII characters
// costs nothing in the bigrams; its word classes are charged as
// Lang.WordCost charges them.
func (s *RuneScorer) Add(r rune) {
	var c, k uint8
	switch {
	case r < 0x80:
		c, k = s.L.asciiClasses()[r], asciiCase[r]
	case s.L.CJK && r < 0x10000:
		v := bmp(r)
		c, k = v&classMask, v>>caseShift
	default:
		c, k = s.L.classCase(r)
	}
	if s.L.Words != "" {
		w := uint8(0)
		if r < 0x80 {
			w = wordClass[r]
		}
		if w|s.wordPrev != 0 {
			s.words += int(int8(s.L.Words[int(s.wordPrev)*WordClasses+int(w)]))
		}
		s.wordPrev = w
	}
	if isASCIILetter(r) {
		s.Letters++
		if !isASCIILetter(s.prevRune) {
			s.Cost += s.L.ASCIICost
		}
	}
	if r < 0x80 && !s.wide {
		if s.Runes > 0 {
			s.Cost += int(s.L.m.ascii[s.prevRune<<7|r])
		}
		s.prev, s.prevRune, s.prevCase = c, r, k
		s.Runes++
		return
	}
	s.cases += int(s.L.Case[s.prevCase<<2|k])
	s.prevCase = k
	s.wide = r >= 0x80
	s.prevRune = r
	b := s.L.BigramCost(s.prev, c) + s.L.charCost(r, c)
	s.Cost += b
	s.WideCost += b
	if r >= 0x80 {
		s.Wide++
		if foreignClass(c) {
			s.Foreign++
		}
	}
	if c == Bad {
		s.Bads++
	}
	s.prev = c
	s.Runes++
}

// classCase is Class and CaseOf of r, from tables for ASCII and, in CJK
// languages (whose classes are the generic ones), the BMP.
func (l *Lang) classCase(r rune) (c, k uint8) {
	switch {
	case r < 0x80:
		return l.asciiClasses()[r], asciiCase[r]
	case l.CJK && r < 0x10000:
		v := bmp(r)
		return v & classMask, v >> caseShift
	}
	return l.Class(r), CaseOf(r)
}

// AddText adds the runes of the UTF-8 text p as Add does (an invalid byte
// is U+FFFD, as ranging over a string reads it). A run of ASCII after
// ASCII is added a byte at a time in registers, its classes not looked up
// but the last one's: the text decoded from a single-byte language's
// input read as a multi-byte encoding is mostly such runs.
func (s *RuneScorer) AddText(p []byte) { s.addText(p, utf8kernel.ValidPrefix(p) == len(p)) }

// addText is AddText; valid says p is known to be well-formed UTF-8 (a
// decoder's output, checked), which the loop over non-ASCII runes then
// does not check again.
func (s *RuneScorer) addText(p []byte, valid bool) {
	l := s.L
	ascii, words, asciiRun := l.m.asciiArr, l.wordArray(), l.ASCIICost
	for i := 0; i < len(p); {
		if b := p[i]; b >= 0x80 || s.wide {
			if l.CJK {
				i = s.addWideCJK(p, i, valid)
				continue
			}
			r, n := utf8.DecodeRune(p[i:])
			s.Add(r)
			i += n
			continue
		}
		cost, wsum, wp, letters := s.Cost, s.words, s.wordPrev, s.Letters
		prev, n := s.prevRune, s.Runes
		// A run of ASCII: the word classes tell the letters (class 0 is
		// anything else), a language without Words reads zeros (its
		// pair 0-0 is never charged: wordArray leaves it 0), and only
		// the text's first character has no pair before it.
		wt := words
		if wt == nil {
			wt = &noWords
		}
		prevLetter := isASCIILetter(prev)
		j := i
		if n == 0 {
			// the first character of the text (ASCII, as p[i] is)
			w := wordClass[p[j]]
			wsum += int(wt[(uint(wp)<<5|uint(w))&(1<<10-1)])
			wp, prevLetter = w, w != 0
			if w != 0 {
				letters++
				cost += asciiRun
			}
			prev = rune(p[j])
			n++
			j++
		}
		for ; j < len(p); j++ {
			b := p[j]
			if b >= 0x80 {
				break
			}
			w := wordClass[b]
			wsum += int(wt[(uint(wp)<<5|uint(w))&(1<<10-1)])
			wp = w
			if w != 0 {
				letters++
				if !prevLetter {
					cost += asciiRun
				}
			}
			prevLetter = w != 0
			cost += int(ascii[(uint(prev)<<7|uint(b))&(128*128-1)])
			prev = rune(b)
			n++
		}
		s.Cost, s.Letters = cost, letters
		if words != nil {
			s.words, s.wordPrev = wsum, wp
		}
		s.prevRune, s.Runes = prev, n
		s.prev, s.prevCase = l.asciiClasses()[prev], asciiCase[prev]
		i = j
	}
}

// addWideCJK is AddText's step for a CJK language at a rune Add scores as
// a bigram (one not ASCII, or the first ASCII one after them): the run of
// non-ASCII runes from i on (wideRunCJK), then the ASCII rune after them
// (asciiAfterWide); it returns where it stopped. A Cyrillic or Greek text
// read as Big5, GBK or EUC-KR is mostly such runes, and utf8.DecodeRune and
// Add for each of them were most of what a process detecting one small
// such file cost. TestAddTextMatchesAdd and TestAddTextMatchesAddRandom
// hold it to Add.
func (s *RuneScorer) addWideCJK(p []byte, i int, valid bool) int {
	if p[i] >= 0x80 {
		i = s.wideRunCJK(p, i, valid)
	}
	if i < len(p) && p[i] < 0x80 && s.wide {
		s.asciiAfterWide(p[i])
		i++
	}
	return i
}

// wideIncr is what a non-ASCII rune of class c adds to wideBMP's packed
// counts: Runes, Wide, Foreign and Bads, 16 bits each.
var wideIncr = func() (t [16]uint64) {
	for c := range t {
		t[c] = 1 | 1<<16
		if foreignClass(uint8(c)) {
			t[c] |= 1 << 32
		}
		if c == Bad {
			t[c] |= 1 << 48
		}
	}
	return t
}()

// wideRunCJK adds the non-ASCII runes of p from i on, up to an ASCII byte
// or the end, as Add would, and returns where it stopped: in well-formed
// UTF-8 (valid) the BMP characters through wideBMP, anything else through
// Add.
func (s *RuneScorer) wideRunCJK(p []byte, i int, valid bool) int {
	l := s.L
	// A non-ASCII rune after an ASCII letter ends a word: charged once,
	// before the run (within it the previous word class stays 0).
	if l.Words != "" && s.wordPrev != 0 {
		s.words += int(int8(l.Words[int(s.wordPrev)*WordClasses]))
		s.wordPrev = 0
	}
	for i < len(p) && p[i] >= 0x80 {
		if valid && p[i] < 0xF0 {
			i = s.wideBMP(p, i)
			continue
		}
		r, n := utf8.DecodeRune(p[i:])
		s.Add(r)
		i += n
	}
	return i
}

// wideBMP adds the characters of two and three bytes of p, well-formed
// UTF-8, from i on, as Add would, up to any other, and returns where it
// stopped; at most 65,535 of them, which its packed counts hold. (No call
// in the loop: its state stays in registers.)
func (s *RuneScorer) wideBMP(p []byte, i int) int {
	l := s.L
	pc, cc := l.pairCosts(), &l.Case
	charIndex, charPages, rare := l.charIndex, l.charPages, &l.rare
	end := min(len(p), i+(1<<17)-2)
	prev, prevCase := uint(s.prev), uint(s.prevCase)
	// costs: WideCost's growth in the high 32 bits, the case costs' in
	// the low (each below 2^32 for 65,535 runes)
	var costs, packed uint64
	r := rune(-1)
	for i < end {
		b := p[i]
		if b < 0xC0 || b >= 0xF0 {
			break
		}
		if b >= 0xE0 {
			r = rune(b&0x0F)<<12 | rune(p[i+1]&0x3F)<<6 | rune(p[i+2]&0x3F)
			i += 3
		} else {
			r = rune(b&0x1F)<<6 | rune(p[i+1]&0x3F)
			i += 2
		}
		v := bmpBlocks[uint(bmpIndex[uint32(r)/BMPBlock&(1<<16/BMPBlock-1)])*BMPBlock+uint(uint32(r)%BMPBlock)]
		c, k := uint(v&classMask), uint(v>>caseShift)
		bc := uint64(pc[(prev<<4|c)&255])
		if c >= ASCIILetter { // Lang.charCost
			x := uint64(rare[c])
			if blk := uint32(r) >> 8; blk < uint32(len(charIndex)) {
				if pg := charIndex[blk]; pg != 0 {
					if y := charPages[(int(pg)-1)<<8|int(r&0xFF)]; y != 0 {
						x = uint64(y) - 1
					}
				}
			}
			bc += x
		}
		costs += bc<<32 | uint64(cc[(prevCase<<2|k)&15])
		packed += wideIncr[c&15]
		prev, prevCase = c, k
	}
	if r < 0 {
		return i
	}
	// Cost grows with WideCost here (no ASCII letter is met).
	s.Cost += int(costs >> 32)
	s.WideCost += int(costs >> 32)
	s.cases += int(costs & 0xFFFFFFFF)
	s.prev, s.prevCase = uint8(prev), uint8(prevCase)
	s.Runes += int(packed & 0xFFFF)
	s.Wide += int(packed >> 16 & 0xFFFF)
	s.Foreign += int(packed >> 32 & 0xFFFF)
	s.Bads += int(packed >> 48)
	s.prevRune, s.wide = r, true
	return i
}

// asciiAfterWide is Add of the ASCII rune b after a non-ASCII one, in a
// CJK language: the bigram from the rune before.
func (s *RuneScorer) asciiAfterWide(b byte) {
	l := s.L
	r := rune(b)
	c, k := l.asciiClasses()[b&0x7F], asciiCase[b&0x7F]
	if l.Words != "" {
		w := wordClass[b]
		if w|s.wordPrev != 0 {
			s.words += int(int8(l.Words[int(s.wordPrev)*WordClasses+int(w)]))
		}
		s.wordPrev = w
	}
	if w := wordClass[b]; w != 0 {
		s.Letters++
		if !isASCIILetter(s.prevRune) {
			s.Cost += l.ASCIICost
		}
	}
	s.cases += int(l.Case[(s.prevCase<<2|k)&15])
	s.prevCase = k
	s.wide = false
	s.prevRune = r
	bc := int(l.pairCosts()[(uint(s.prev)<<4|uint(c))&255]) + l.charCost(r, c)
	s.Cost += bc
	s.WideCost += bc
	if c == Bad {
		s.Bads++
	}
	s.prev = c
	s.Runes++
}

// pairCosts returns BigramCost of a CJK language at a<<4|b, built on
// first use.
func (l *Lang) pairCosts() *[256]uint16 {
	if t := l.pairArr.Load(); t != nil {
		return t
	}
	t := new([256]uint16)
	// BigramCost row by row (called for each pair, it was 30
	// instructions a pair, 4 languages of 256 in every process that
	// read a small legacy file as CJK)
	n := min(l.N, 16)
	w := l.within[:n]
	for a := range n {
		row, out := l.bigram[a*l.N:][:n], t[a<<4:][:n]
		for b := range out {
			out[b] = uint16(int(row[b]) + int(w[b]))
		}
	}
	l.pairArr.Store(t) // computed alike by any goroutine that races here
	return t
}

// noWords is the word array of a language without Words.
var noWords [1 << 10]int8

// wordArray returns l.Words at a<<5|b, built on first use, or nil when l
// has no Words.
func (l *Lang) wordArray() *[1 << 10]int8 {
	if l.Words == "" {
		return nil
	}
	if t := l.wordArr.Load(); t != nil {
		return t
	}
	// Languages with the same Words (the CJK languages) share the array.
	if l.m != nil {
		for _, o := range l.m.Langs {
			if t := o.wordArr.Load(); t != nil && o.Words == l.Words {
				l.wordArr.Store(t)
				return t
			}
		}
	}
	t := new([1 << 10]int8)
	for a := range WordClasses {
		row, out := l.Words[a*WordClasses:][:WordClasses], t[a<<5:][:WordClasses]
		for b := range out {
			out[b] = int8(row[b])
		}
	}
	t[0] = 0           // the pair 0-0 (no letter) is never charged
	l.wordArr.Store(t) // computed alike by any goroutine that races here
	return t
}

// ByteTable is a single-byte encoding seen through one language: the class
// of every byte. Scoring a text is then one table walk, no decoding.
type ByteTable struct {
	Enc *Encoding
	L   *Lang
	// cls holds Class | CaseOf<<caseShift of the character of each byte:
	// read from the generated classes (see Model.UseByteClasses) or
	// computed when first used (fill), so that a process that detects one
	// small file does not classify the bytes of about 150 tables.
	cls    *[256]uint8
	filled sync.Once
	// hi and lo, when the classes are the generated ones (readClasses),
	// are cls[0x80:] read in place from them and where cls[:0x80] is
	// (the language's ASCII classes, or the table's own): UniScore reads
	// hi, and fill makes cls from them for the tables scored in full
	// (a small file's process copied all 147 tables, 10 pages, for the
	// 20 or so it scores).
	hi *[128]uint8
	lo string
	// bad marks the bytes whose class is Bad (bit b&63 of bad[b>>6]),
	// computed on first use (badBytes).
	bad atomic.Pointer[[4]uint64]
}

// badBytes returns t's bytes of class Bad as a 256-bit mask.
func (t *ByteTable) badBytes() *[4]uint64 {
	if m := t.bad.Load(); m != nil {
		return m
	}
	t.fill()
	m := new([4]uint64)
	for b, c := range t.cls {
		if c&classMask == Bad {
			m[b>>6] |= 1 << (b & 63)
		}
	}
	t.bad.Store(m)
	return m
}

// fill computes the classes, once, unless they were given.
func (t *ByteTable) fill() {
	t.filled.Do(func() {
		switch {
		case t.cls != nil:
		case t.hi != nil:
			cls := new([256]uint8)
			copy(cls[:0x80], t.lo)
			copy(cls[0x80:], t.hi[:])
			t.cls = cls
		default:
			t.cls = computeClasses(t.Enc, t.L)
		}
	})
}

// computeClasses classifies the characters of e's bytes in l.
func computeClasses(e *Encoding, l *Lang) *[256]uint8 {
	t := new([256]uint8)
	// ASCII reads alike in every encoding: its classes are the
	// language's, computed once (asciiClasses).
	ac := l.asciiClasses()
	for b, u := range e.Table {
		r := rune(u)
		if r == rune(b) && b < 0x80 {
			t[b] = ac[b] | asciiCase[b]<<caseShift
		} else {
			t[b] = l.Class(r) | CaseOf(r)<<caseShift
		}
	}
	return t
}

// ClassOf is the class of byte b's character.
func (t *ByteTable) ClassOf(b byte) uint8 {
	t.fill()
	return t.cls[b] & classMask
}

// Score returns the cost of p, starting after white space: the bigrams and
// the case of letters (Lang.Case). Pairs of ASCII characters are not
// scored: every candidate reads them alike, and their cost under different
// languages' models would only be noise in the choice of an encoding.
func (t *ByteTable) Score(p []byte) int {
	high := make([]int32, 0, len(p))
	for i, b := range p {
		if b >= 0x80 {
			high = append(high, int32(i))
		}
	}
	return t.scoreAt(p, high)
}

// scoreAt is Score, with high the positions of p's bytes above 7F: only
// the pairs around them are scored, so the table walks them alone and not
// the ASCII between (the positions are found once for every table).
func (t *ByteTable) scoreAt(p []byte, high []int32) int {
	t.fill()
	cls, l := t.cls, t.L
	bg, n, w, cc := l.bigram, l.N, &l.within, &l.Case
	cost, cases := 0, 0
	prev := uint8(Space) // class | case<<caseShift of the previous byte
	next := 0            // the byte after the last one scored
	for _, q := range high {
		i := int(q)
		if i > next {
			// ASCII after the last byte scored: the pair it ends with
			// the byte at i is the first scored since.
			prev = cls[p[i-1]]
		}
		c := cls[p[i]]
		cost += int(bg[int(prev&classMask)*n+int(c&classMask)]) + int(w[c&classMask])
		cases += int(cc[prev>>caseShift<<2|c>>caseShift])
		prev, next = c, i+1
		if i+1 < len(p) && p[i+1] < 0x80 {
			c = cls[p[i+1]]
			cost += int(bg[int(prev&classMask)*n+int(c&classMask)]) + int(w[c&classMask])
			cases += int(cc[prev>>caseShift<<2|c>>caseShift])
			prev, next = c, i+2
		}
	}
	return cost + int(l.caseCost(cases))
}

// scorePairs is Score of the text whose scored pairs ps lists: the table
// reads each distinct pair of bytes once, with its count, and not each
// occurrence (Cyrillic or Greek text repeats a few hundred pairs thousands
// of times).
func (t *ByteTable) scorePairs(ps *bytePairs) int {
	t.fill()
	cls, l := t.cls, t.L
	bg, n, w, cc := l.bigram, l.N, &l.within, &l.Case
	cost, cases := 0, 0
	if ps.start {
		// The text starts with a byte above 7F, after white space.
		c := cls[ps.first]
		cost += int(bg[Space*n+int(c&classMask)]) + int(w[c&classMask])
		cases += int(cc[c>>caseShift])
	}
	for _, x := range ps.pairs {
		a, c := cls[x.a], cls[x.b]
		cost += int(x.n) * (int(bg[int(a&classMask)*n+int(c&classMask)]) + int(w[c&classMask]))
		cases += int(x.n) * int(cc[a>>caseShift<<2|c>>caseShift])
	}
	return cost + int(l.caseCost(cases))
}

// bytePairs are the pairs of bytes a ByteTable scores in a text, counted:
// each byte above 7F after the byte before it, and the ASCII byte after it
// after it.
type bytePairs struct {
	start bool // the text starts with a byte above 7F, first
	first byte
	pairs []bytePair // (collect fills them in their room when it is enough)
	// small, when not nil, is collectSmall's table (else it takes one of
	// smallPairTables); counts, when not nil, collect's counts, all zero
	// (else it takes one of pairCounts); keys is room for collect's list
	// of pairs. RankWindow gives them from its windowStats, where the
	// first window of a process finds them without allocating deep in
	// the stack (which made the stack grow) or growing a list.
	small  *smallPairScratch
	counts *[1 << 16]uint16
	keys   []uint16
}

// room returns ps.pairs with n elements, in their room when it holds them.
func (ps *bytePairs) room(n int) []bytePair {
	if cap(ps.pairs) >= n {
		return ps.pairs[:n]
	}
	return make([]bytePair, n)
}

type bytePair struct {
	a, b byte
	n    int32
}

// pairCounts are the scratch counts of collect, all zero between uses.
var pairCounts = sync.Pool{New: func() any { return new([1 << 16]uint16) }}

// collect lists the pairs of p, whose bytes above 7F are at high. It
// reports false for texts too long for its counts (over 65536 bytes: each
// occurrence of a pair ends at a byte of its own after the first, so none
// is counted more than 65535 times in a window of statistics, which is at
// most 4*statBytes long).
func (ps *bytePairs) collect(p []byte, high []int32) bool {
	if len(p) > 1<<16 {
		return false
	}
	// With at most smallPairs/4 bytes above 7F the pairs fit collectSmall's
	// table; with more, they usually do too (a 4 KiB Russian or Greek text
	// has about 1,000 bytes above 7F and 300-400 pairs), else it gives up
	// and they are counted below.
	if ps.collectSmall(p, high) {
		return true
	}
	cnt := ps.counts
	if cnt == nil {
		cnt = pairCounts.Get().(*[1 << 16]uint16)
		defer pairCounts.Put(cnt)
	}
	keys := ps.keys[:0]
	add := func(k uint16) {
		if cnt[k] == 0 {
			keys = append(keys, k)
		}
		cnt[k]++
	}
	for _, q := range high {
		i := int(q)
		if i == 0 {
			ps.start, ps.first = true, p[0]
		} else {
			add(uint16(p[i-1])<<8 | uint16(p[i]))
		}
		if i+1 < len(p) && p[i+1] < 0x80 {
			add(uint16(p[i])<<8 | uint16(p[i+1]))
		}
	}
	ps.pairs = ps.room(len(keys))
	for j, k := range keys {
		ps.pairs[j] = bytePair{byte(k >> 8), byte(k), int32(cnt[k])}
		cnt[k] = 0
	}
	return true
}

// smallPairs is the size of collectSmall's table: a text with at most
// smallPairs/4 bytes above 7F has at most half as many pairs around them,
// so the table is at most half full.
const smallPairs = 1024

// smallPairTable is collectSmall's open-addressed table of pairs: the pair
// in the high half of an entry, its count in the low (0: empty; a text of
// at most smallPairs/4 bytes above 7F counts no pair 65536 times).
type smallPairTable [smallPairs]uint32

// smallPairScratch is collectSmall's table and the list of its keys in
// the order first seen (the list was on its stack: 1 KiB, under which the
// statistics' deepest calls ran).
type smallPairScratch struct {
	tab  smallPairTable
	keys [smallPairs / 2]uint16
}

var smallPairTables = sync.Pool{New: func() any { return new(smallPairScratch) }}

// collectSmall is collect for a text with few pairs (a small file's): the
// pairs counted in a 4 KiB table instead of the 128 KiB of counts, whose
// pages a process touched one by one (about 30 page faults for a 4 KiB
// French text, 36 for a Russian one: each page read, which maps the zero
// page, before it was written). The pairs come out in the order collect
// gives. It reports false, leaving ps as it found it, when the text has
// more than smallPairs/2 pairs (never with at most smallPairs/4 bytes
// above 7F).
func (ps *bytePairs) collectSmall(p []byte, high []int32) bool {
	scratch := ps.small
	if scratch == nil {
		scratch = smallPairTables.Get().(*smallPairScratch)
		defer smallPairTables.Put(scratch)
	}
	tab := &scratch.tab
	keys := scratch.keys[:0]
	full := false
	add := func(k uint16) {
		for h := uint32(k) * 0x9E3779B1 >> (32 - 10); ; h = (h + 1) % smallPairs {
			switch {
			case tab[h]&0xFFFF == 0:
				if len(keys) == len(scratch.keys) {
					full = true
					return
				}
				tab[h] = uint32(k)<<16 | 1
				keys = append(keys, k)
				return
			case uint16(tab[h]>>16) == k:
				tab[h]++
				return
			}
		}
	}
	start, first := false, byte(0)
	for _, q := range high {
		i := int(q)
		if i == 0 {
			start, first = true, p[0]
		} else {
			add(uint16(p[i-1])<<8 | uint16(p[i]))
		}
		if i+1 < len(p) && p[i+1] < 0x80 {
			add(uint16(p[i])<<8 | uint16(p[i+1]))
		}
		if full {
			*tab = smallPairTable{}
			return false
		}
	}
	ps.start, ps.first = start, first
	ps.pairs = ps.room(len(keys))
	for j, k := range keys {
		h := uint32(k) * 0x9E3779B1 >> (32 - 10)
		for uint16(tab[h]>>16) != k || tab[h]&0xFFFF == 0 {
			h = (h + 1) % smallPairs
		}
		ps.pairs[j] = bytePair{byte(k >> 8), byte(k), int32(tab[h] & 0xFFFF)}
	}
	*tab = smallPairTable{}
	return true
}

// ASCIIPairs is the cost of the pairs of ASCII characters in p under the
// shared ASCII model: what ByteTable.Score leaves out.
func (m *Model) ASCIIPairs(p []byte) int {
	cost := 0
	for i := 1; i < len(p); i++ {
		if a, b := p[i-1], p[i]; a|b < 0x80 {
			cost += int(m.ascii[int(a)<<7|int(b)])
		}
	}
	return cost
}

// WordClasses is the number of word classes: 0 for anything but an ASCII
// letter (white space, punctuation, digits, and every non-ASCII character,
// whose evidence the bigrams weigh), 1-26 for the letters a-z, case folded.
const WordClasses = 27

// WordClass is the word class of byte b, read as ASCII.
func WordClass(b byte) uint8 { return wordClass[b] }

var wordClass = func() (t [256]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		t[b], t[b-32] = uint8(b-'a'+1), uint8(b-'a'+1)
	}
	return t
}()

// WordPairs counts the pairs of word classes in p that involve an ASCII
// letter, with the start and end of p as class 0, and returns them as
// (index a<<5|b, count) pairs, for WordCost. ASCII letters read the same in
// every encoding: they are evidence of the language, not of the encoding.
func WordPairs(p []byte) []WordPair {
	var counts [WordClasses << 5]int32
	prev := uint8(0)
	for _, b := range p {
		c := wordClass[b]
		counts[int(prev)<<5|int(c)]++
		prev = c
	}
	counts[int(prev)<<5]++
	counts[0] = 0
	return wordPairList(&counts)
}

// wordPairList lists the pairs counts counts (at a<<5|b) as WordPairs.
func wordPairList(counts *[WordClasses << 5]int32) []WordPair {
	return appendWordPairs(nil, counts)
}

// appendWordPairs is wordPairList appended to out.
func appendWordPairs(out []WordPair, counts *[WordClasses << 5]int32) []WordPair {
	for i, n := range counts {
		if n != 0 {
			out = append(out, WordPair{uint16(i>>5*WordClasses + i&31), n})
		}
	}
	return out
}

// WordPair is a pair of word classes (a*WordClasses+b) and how often it
// occurs.
type WordPair struct {
	Index uint16
	N     int32
}

// WordCost is the cost, in quarter-bits, that l's model of ASCII words
// adds to a text with the word pairs w (WordPairs), at the model's
// WordWeight: negative when its ASCII words read like l's.
func (l *Lang) WordCost(w []WordPair) int {
	if l.Words == "" || l.m.WordWeight == 0 {
		return 0
	}
	// Two sums, of the even and the odd pairs, then added: integers, so
	// the same total (one language after another over the same pairs,
	// this was a fourteenth of what detecting a small French file cost).
	words := l.Words
	s0, s1 := 0, 0
	for ; len(w) >= 2; w = w[2:] {
		s0 += int(w[0].N) * int(int8(words[w[0].Index]))
		s1 += int(w[1].N) * int(int8(words[w[1].Index]))
	}
	if len(w) == 1 {
		s0 += int(w[0].N) * int(int8(words[w[0].Index]))
	}
	return l.wordCostOf(s0 + s1)
}

// wordCostOf is WordCost of a sum of l.Words over the pairs.
func (l *Lang) wordCostOf(sum int) int {
	if l.Words == "" || l.m.WordWeight == 0 {
		return 0
	}
	return int(math.Round(l.m.WordWeight * float64(sum)))
}

// wordTable holds the Words of every language that has them by pair, two
// languages to an int64 (the second's cost shifted 32 bits up): a pair's
// count times one word adds to both languages' sums at once, and a walk
// over the pairs serves all of them (WordCost, language by language, was
// a twentieth of what detecting a small file cost).
type wordTable struct {
	langs  []*Lang
	packed []int64 // at pair*(len(langs)+1)/2 + j: langs 2j and 2j+1
}

// wordTableAfter is how many windows a Model ranks before it builds its
// wordTable.
const wordTableAfter = 2

// maxWordSum bounds the pair counts wordSums takes: the sum of a lane
// (at most 128 a pair) stays within 31 bits.
const maxWordSum = 1 << 23

// words returns m's wordTable, built on first use.
func (m *Model) words() *wordTable {
	m.wordsOnce.Do(func() {
		t := &wordTable{}
		for _, l := range m.Langs {
			if l.Words != "" {
				t.langs = append(t.langs, l)
			}
		}
		w := (len(t.langs) + 1) / 2
		t.packed = make([]int64, WordClasses*WordClasses*w)
		for i, l := range t.langs {
			shift := 32 * uint(i%2)
			for pair := range WordClasses * WordClasses {
				t.packed[pair*w+i/2] += int64(int8(l.Words[pair])) << shift
			}
		}
		m.wordTab = t
	})
	return m.wordTab
}

// wordSums sets sums[l.index] to the sum of l.Words over the pairs w for
// every language with Words (WordCost before its weight), and reports
// false, setting nothing, when w counts too many pairs for the table.
func (m *Model) wordSums(w []WordPair, sums []int) bool {
	total := 0
	for _, x := range w {
		total += int(x.N)
	}
	if total >= maxWordSum {
		return false
	}
	t := m.words()
	nw := (len(t.langs) + 1) / 2
	var accBuf [32]int64
	acc := accBuf[:0]
	if nw > len(accBuf) {
		acc = make([]int64, nw)
	}
	acc = acc[:nw]
	for _, x := range w {
		n := int64(x.N)
		row := t.packed[int(x.Index)*nw : int(x.Index)*nw+nw]
		a := acc[:len(row)] // (spares the loop its bounds checks)
		for j, v := range row {
			a[j] += n * v
		}
	}
	for i, l := range t.langs {
		a := acc[i/2]
		lo := int64(int32(a))
		if i%2 == 0 {
			sums[l.index] = int(lo)
		} else {
			sums[l.index] = int((a - lo) >> 32)
		}
	}
	return true
}

func isASCIILetter(r rune) bool { return r < 0x80 && 'a' <= r|0x20 && r|0x20 <= 'z' }

// asciiLetter marks the bytes A-Z and a-z.
var asciiLetter = func() (t [256]bool) {
	for b := 'A'; b <= 'Z'; b++ {
		t[b], t[b+32] = true, true
	}
	return t
}()

// ASCIIRuns counts the ASCII letters in p and their runs.
func ASCIIRuns(p []byte) (letters, runs int) {
	in := false
	for _, b := range p {
		l := asciiLetter[b]
		if l {
			letters++
			if !in {
				runs++
			}
		}
		in = l
	}
	return letters, runs
}

// UniScore is the unigram cost of a byte histogram: the cheap pre-filter.
// present lists the bytes above 7F the histogram counts (the others are
// not read).
func (t *ByteTable) UniScore(hist *[256]int, present []byte) int {
	cost := 0
	if hi := t.hi; hi != nil {
		uni := &t.L.Uni
		for _, b := range present {
			cost += hist[b] * int(uni[hi[b-0x80]&classMask])
		}
		return cost
	}
	t.fill()
	uni, cls := &t.L.Uni, t.cls
	for _, b := range present {
		cost += hist[b] * int(uni[cls[b]&classMask])
	}
	return cost
}

// Prob converts the costs of readings of an n-byte text to probabilities.
func (m *Model) Prob(costs []float64, n int) []float64 {
	t := m.Temperature * math.Pow(float64(max(n, 1))/64, m.Growth)
	p := make([]float64, len(costs))
	min := math.Inf(1)
	for _, c := range costs {
		min = math.Min(min, c)
	}
	sum := 0.0
	for i, c := range costs {
		p[i] = math.Exp(-(c - min) * math.Ln2 / 4 / t)
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}

// TextFeatures are the inputs of the text model (see Calibration.Text) for
// best, the top reading of the statistics window p.
func (m *Model) TextFeatures(best Scored, p []byte) [3]float64 {
	var f [3]float64
	if best.Lang != nil && best.High > 0 {
		f[0] = (best.HighCost/float64(best.High) - best.Lang.Typical) / 16
		// the share of foreign characters, weighed by how many characters
		// show it (up to 128): one symbol in a short text is common, a
		// fifth of 200 characters is not text
		f[1] = float64(best.Foreign) / float64(best.High) * float64(min(best.High, 128)) / 32
	}
	f[2] = float64(controls(p)) / float64(max(len(p), 1))
	return f
}

// controls counts the bytes of p that controlByte marks, skipping the
// words of eight bytes with none below 20 and no DEL (most of a text's:
// a byte at a time, the count was a fiftieth of what detecting a small
// file cost).
func controls(p []byte) int {
	const lows, highs = 0x0101010101010101, 0x8080808080808080
	n := 0
	for ; len(p) >= 8; p = p[8:] {
		x := binary.LittleEndian.Uint64(p)
		ctl := x & (lows * 0xE0) // zero in each byte below 20
		del := x ^ (lows * 0x7F) // zero in each 7F
		if ((ctl-lows)&^ctl|(del-lows)&^del)&highs != 0 {
			for _, b := range p[:8] {
				n += int(controlByte[b])
			}
		}
	}
	for _, b := range p {
		n += int(controlByte[b])
	}
	return n
}

// controlByte is 1 for the control bytes TextFeatures counts: C0 but tab,
// line feed, carriage return and form feed, and DEL.
var controlByte = func() (t [256]uint8) {
	for b := range 0x20 {
		if b != '\t' && b != '\n' && b != '\r' && b != '\f' {
			t[b] = 1
		}
	}
	t[0x7F] = 1
	return t
}()

// TextProb is the probability that p, whose best reading is best, is text
// in any of the encodings at all rather than binary data or byte salad.
func (m *Model) TextProb(best Scored, p []byte) float64 {
	f := m.TextFeatures(best, p)
	z := m.TextBias
	for i, w := range m.Text {
		z += w * f[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// Confidences returns the probability that each candidate of ranked that
// was scored (Ruled == "") is right, in order: the share of its reading
// among the readings, times the probability that p (the statistics window
// of an n-byte input) is text at all.
func (m *Model) Confidences(ranked []Scored, p []byte, n int) []float64 {
	var costs []float64
	var best *Scored
	for i, s := range ranked {
		if s.Ruled == "" {
			costs = append(costs, s.Cost)
			if best == nil {
				best = &ranked[i]
			}
		}
	}
	probs := m.Prob(costs, len(p))
	if best != nil {
		// The top reading's share, discounted by the chance that p is no
		// text at all, is recalibrated; the others share what is left in
		// their proportions.
		t := m.TextProb(*best, p)
		top := probs[0] * t
		probs[0] = m.Tilt(m.Rescale(top), len(p))
		if Sparse(*best, n) {
			probs[0] = m.SparseRescale(probs[0])
		}
		rest := (1 - probs[0]) / math.Max(1-top, 1e-12) * t
		for i := 1; i < len(probs); i++ {
			probs[i] = math.Min(probs[i]*rest, probs[0])
		}
	}
	return probs
}
