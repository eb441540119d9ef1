package model

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/utf8x/utf8x"
	"math"
	"unicode"
	"unicode/utf8"
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
	// languages' text pooled, in quarter-bits at a<<5|b, charged at
	// Model.WordWeight; nil for the languages not written in Latin
	// letters (their ASCII letters are quoted text, not theirs).
	Words *[WordClasses << 5]int8
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
	// letters maps each folded letter of an alphabetic language's alphabet
	// at or beyond lowLetters to its class (nil when there is none); low
	// holds the others, by code point (0: not a letter of the alphabet),
	// built on first use from alphabet (lowTable). A table read instead of
	// a map's hashing: filling a byte table classifies 256 characters, and
	// the map was a sixth of what detecting a small legacy file cost.
	letters map[rune]uint8
	// ascii is Class of each ASCII character, filled on first use
	// (asciiClasses) for the byte tables, which all read ASCII alike.
	ascii     [0x80]uint8
	asciiOnce sync.Once
	low       atomic.Pointer[[lowLetters]uint8]
	lowMu     sync.Mutex
	alphabet  string
	// Bigram is the cost of a character of class b after one of class a, at
	// a<<6|b, in quarter-bits: the class's cost plus, for the generic classes
	// that stand for many characters, the cost of picking one of them.
	// Filled from bigramData on first use (bigrams): the pre-filter reads
	// only Uni, and building every language's 8 KiB of bigrams when the
	// model was built was a third of what detecting a small legacy file
	// cost a process.
	Bigram     *[MaxClasses * MaxClasses]uint16
	bigramOnce sync.Once
	bigramData string
	Uni        [MaxClasses]uint16 // the same without context (the pre-filter)
	chars      map[rune]uint8     // CJK: cost of the character within its coarse class
	// charsOnce builds chars from charData on first use: most inputs are
	// never read as CJK, and building the maps cost every process that
	// detected anything about a millisecond.
	charsOnce           sync.Once
	charData, charCosts string
	rare                [NumCoarse]uint8 // CJK: cost of a character not in chars, per class
}

// Model is every language model plus the calibration of its scores.
type Model struct {
	Langs []*Lang
	byTag map[string]*Lang
	// ascii is the cost of an ASCII character after another, the same for
	// every language (index prev<<7|cur, quarter-bits): 128×128 bytes, the
	// generated string itself (a copy cost every process 16 KiB).
	ascii string
	Calibration
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
	x, y := c.MapX, c.MapY
	if len(x) == 0 || len(x) != len(y) {
		return p
	}
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
	Rare      string // CJK: NumCoarse costs
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

// Build turns serialised language data into a Model. ascii is the shared
// model of ASCII text: 128×128 costs of a character after another.
func Build(data []LangData, ascii string, c Calibration) (*Model, error) {
	m := &Model{byTag: map[string]*Lang{}, Calibration: c}
	if len(ascii) != 128*128 {
		return nil, fmt.Errorf("ASCII model has %d entries, want %d", len(ascii), 128*128)
	}
	m.ascii = ascii
	for _, d := range data {
		l := &Lang{Tag: d.Tag, Name: d.Name, CJK: d.CJK, ASCIICost: int(d.ASCII), LetterCost: int(d.Letter), Typical: d.Typical, m: m}
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
		case 0:
		case WordClasses * WordClasses:
			l.Words = new([WordClasses << 5]int8)
			for a := 0; a < WordClasses; a++ {
				row, out := d.Words[a*WordClasses:(a+1)*WordClasses], l.Words[a<<5:a<<5+WordClasses]
				for b := 0; b < len(row); b++ { // bytes, not runes
					out[b] = int8(row[b])
				}
			}
		default:
			return nil, fmt.Errorf("%s: %d word pair costs, want %d", d.Tag, len(d.Words), WordClasses*WordClasses)
		}
		if d.CJK {
			l.N = NumCoarse
			if n := utf8.RuneCountInString(d.Alphabet); n != len(d.Costs) || len(d.Rare) != NumCoarse {
				return nil, fmt.Errorf("%s: %d characters, %d costs, %d rare costs", d.Tag, n, len(d.Costs), len(d.Rare))
			}
			l.charData, l.charCosts = d.Alphabet, d.Costs
			copy(l.rare[:], d.Rare)
		} else {
			l.alphabet = d.Alphabet
			c := FirstLetter
			for _, r := range d.Alphabet {
				if r >= lowLetters {
					if l.letters == nil {
						l.letters = map[rune]uint8{}
					}
					l.letters[r] = uint8(c)
				}
				c++
			}
			l.N = c
		}
		if l.N > MaxClasses || len(d.Bigram) != l.N*l.N || len(d.Uni) != l.N {
			return nil, fmt.Errorf("%s: %d classes, bigram %d, unigram %d", d.Tag, l.N, len(d.Bigram), len(d.Uni))
		}
		l.bigramData = d.Bigram
		for a := 0; a < l.N; a++ {
			l.Uni[a] = uint16(d.Uni[a]) + within(l.CJK, a)
		}
		// Classes beyond N never occur; Bad is fixed whatever training said.
		l.Uni[Bad] = BadCost
		m.Langs = append(m.Langs, l)
		m.byTag[l.Tag] = l
	}
	return m, nil
}

// bigrams returns l.Bigram, filling it on first use.
func (l *Lang) bigrams() *[MaxClasses * MaxClasses]uint16 {
	l.bigramOnce.Do(func() {
		bg := new([MaxClasses * MaxClasses]uint16)
		var w [MaxClasses]uint16
		for c := range w {
			w[c] = within(l.CJK, c)
		}
		for a := 0; a < l.N; a++ {
			row, out := l.bigramData[a*l.N:(a+1)*l.N], bg[a<<6:a<<6+l.N]
			for b := 0; b < len(row); b++ { // bytes, not runes
				out[b] = uint16(row[b]) + w[b]
			}
		}
		// Classes beyond N never occur; Bad is fixed whatever training said.
		for a := 0; a < MaxClasses; a++ {
			bg[a<<6|Bad] = BadCost
		}
		l.Bigram = bg
	})
	return l.Bigram
}

// within is the cost, in quarter-bits, of one character among those its
// class stands for, taken as equally likely: about log2 of the class's size.
// It keeps languages comparable, whether a letter has a class of its own or
// shares a broad one (CJK classes get learned costs per character instead).
func within(cjk bool, c int) uint16 {
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
	if f := Fold(r); f < lowLetters {
		if c := l.lowTable()[f]; c != 0 {
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
		}
		c++
	}
	l.low.Store(t)
	return t
}

// asciiClasses returns the class of each ASCII character in l, computed on
// first use.
func (l *Lang) asciiClasses() *[0x80]uint8 {
	l.asciiOnce.Do(func() {
		for r := range l.ascii {
			l.ascii[r] = l.Class(rune(r))
		}
	})
	return &l.ascii
}

// buildChars fills chars from the serialised characters and costs.
func (l *Lang) buildChars() {
	l.chars = make(map[rune]uint8, len(l.charCosts))
	i := 0
	for _, r := range l.charData {
		l.chars[r] = l.charCosts[i]
		i++
	}
}

// charCost is the extra cost of r within its class (CJK languages only).
func (l *Lang) charCost(r rune, c uint8) int {
	if !l.CJK || c < ASCIILetter {
		return 0
	}
	l.charsOnce.Do(l.buildChars)
	if k, ok := l.chars[r]; ok {
		return int(k)
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
	if s.L.Words != nil && s.L.m.WordWeight != 0 {
		w := s.words
		if s.wordPrev != 0 { // the end of the text ends a word
			w += int(s.L.Words[int(s.wordPrev)<<5])
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
	c := s.L.Class(r)
	if s.L.Words != nil {
		w := uint8(0)
		if r < 0x80 {
			w = wordClass[r]
		}
		if w|s.wordPrev != 0 {
			s.words += int(s.L.Words[int(s.wordPrev)<<5|int(w)])
		}
		s.wordPrev = w
	}
	if isASCIILetter(r) {
		s.Letters++
		if !isASCIILetter(s.prevRune) {
			s.Cost += s.L.ASCIICost
		}
	}
	k := CaseOf(r)
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
	b := int(s.L.bigrams()[int(s.prev)<<6|int(c)]) + s.L.charCost(r, c)
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

// ByteTable is a single-byte encoding seen through one language: the class
// of every byte. Scoring a text is then one table walk, no decoding.
type ByteTable struct {
	Enc *Encoding
	L   *Lang
	// byteClasses holds the classes, allocated when filled: Rank makes a
	// table for every pair of encoding and language, about 110 KiB of
	// arrays that were allocated (and zeroed) whether filled or not.
	*byteClasses
	// filled fills the arrays once: Rank holds a table for every pair of
	// encoding and language, but the pre-filter (UniScore) reads only the
	// classes of the bytes present, and only the few pairs it lets through
	// are scored in full, so a process that detects one small file does
	// not build about 140 tables it never reads.
	filled sync.Once
	ready  atomic.Bool // filled has run
}

// byteClasses are the arrays of a filled ByteTable.
type byteClasses struct {
	Class [256]uint8
	Case  [256]uint8 // CaseOf each byte's character
	// both is Class | Case<<caseShift: one load per byte in Score.
	both [256]uint8
}

// NewByteTable builds the table of e (single-byte) for l.
func NewByteTable(e *Encoding, l *Lang) *ByteTable {
	t := newLazyTable(e, l)
	t.fill()
	return t
}

// newLazyTable is a table whose arrays are filled on first use (fill).
func newLazyTable(e *Encoding, l *Lang) *ByteTable { return &ByteTable{Enc: e, L: l} }

// fill fills the arrays, once.
func (t *ByteTable) fill() {
	t.filled.Do(func() {
		t.byteClasses = new(byteClasses)
		// ASCII reads alike in every encoding: its classes are the
		// language's, computed once (asciiClasses).
		ac := t.L.asciiClasses()
		for b := 0; b < 0x80; b++ {
			if t.Enc.Table[b] == rune(b) {
				t.Class[b], t.Case[b] = ac[b], asciiCase[b]
			} else {
				t.Class[b], t.Case[b] = t.L.Class(t.Enc.Table[b]), CaseOf(t.Enc.Table[b])
			}
			t.both[b] = t.Class[b] | t.Case[b]<<caseShift
		}
		for b := 0x80; b < 256; b++ {
			t.Class[b] = t.L.Class(t.Enc.Table[b])
			t.Case[b] = CaseOf(t.Enc.Table[b])
			t.both[b] = t.Class[b] | t.Case[b]<<caseShift
		}
		t.ready.Store(true)
	})
}

// Score returns the cost of p, starting after white space: the bigrams and
// the case of letters (Lang.Case). Pairs of ASCII characters are not
// scored: every candidate reads them alike, and their cost under different
// languages' models would only be noise in the choice of an encoding. Runs
// of ASCII are skipped at the validator's speed.
func (t *ByteTable) Score(p []byte) int {
	t.fill()
	cost, cases := 0, 0
	bg, cc := t.L.bigrams(), &t.L.Case
	prev := uint8(Space) // class | case<<caseShift of the previous byte
	for i := 0; i < len(p); {
		if p[i] < 0x80 {
			n := utf8x.ASCIIPrefix(p[i:])
			i += n
			if i == len(p) {
				break
			}
			if n > 0 {
				prev = t.both[p[i-1]]
			}
		}
		c := t.both[p[i]]
		cost += int(bg[int(prev&classMask)<<6|int(c&classMask)])
		cases += int(cc[prev>>caseShift<<2|c>>caseShift])
		prev = c
		i++
		if i < len(p) && p[i] < 0x80 {
			c = t.both[p[i]]
			cost += int(bg[int(prev&classMask)<<6|int(c&classMask)])
			cases += int(cc[prev>>caseShift<<2|c>>caseShift])
			prev = c
			i++
		}
	}
	return cost + int(t.L.caseCost(cases))
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
	var out []WordPair
	for i, n := range counts {
		if n != 0 {
			out = append(out, WordPair{uint16(i), n})
		}
	}
	return out
}

// WordPair is a pair of word classes (a<<5|b) and how often it occurs.
type WordPair struct {
	Index uint16
	N     int32
}

// WordCost is the cost, in quarter-bits, that l's model of ASCII words
// adds to a text with the word pairs w (WordPairs), at the model's
// WordWeight: negative when its ASCII words read like l's.
func (l *Lang) WordCost(w []WordPair) int {
	if l.Words == nil || l.m.WordWeight == 0 {
		return 0
	}
	sum := 0
	for _, x := range w {
		sum += int(x.N) * int(l.Words[x.Index])
	}
	return int(math.Round(l.m.WordWeight * float64(sum)))
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
// An unfilled table classifies only the bytes present, without filling.
func (t *ByteTable) UniScore(hist *[256]int) int {
	cost := 0
	if t.ready.Load() {
		for b, n := range hist[0x80:] {
			if n != 0 {
				cost += n * int(t.L.Uni[t.Class[b+0x80]])
			}
		}
		return cost
	}
	for b, n := range hist[0x80:] {
		if n != 0 {
			cost += n * int(t.L.Uni[t.L.Class(t.Enc.Table[b+0x80])])
		}
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
	ctrl := 0
	for _, b := range p {
		if b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7F {
			ctrl++
		}
	}
	f[2] = float64(ctrl) / float64(max(len(p), 1))
	return f
}

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
// among the readings, times the probability that p is text at all.
func (m *Model) Confidences(ranked []Scored, p []byte) []float64 {
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
		rest := (1 - probs[0]) / math.Max(1-top, 1e-12) * t
		for i := 1; i < len(probs); i++ {
			probs[i] = math.Min(probs[i]*rest, probs[0])
		}
	}
	return probs
}
