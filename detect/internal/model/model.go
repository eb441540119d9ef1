package model

import (
	"fmt"
	"sync"

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
	Punct              // ASCII punctuation and symbols
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
	m         *Model
	N         int            // classes in use
	letters   map[rune]uint8 // alphabetic: folded letter -> class
	// Bigram is the cost of a character of class b after one of class a, at
	// a<<6|b, in quarter-bits: the class's cost plus, for the generic classes
	// that stand for many characters, the cost of picking one of them.
	Bigram [MaxClasses * MaxClasses]uint16
	Uni    [MaxClasses]uint16 // the same without context (the pre-filter)
	chars  map[rune]uint8     // CJK: cost of the character within its coarse class
	rare   [NumCoarse]uint8   // CJK: cost of a character not in chars, per class
}

// Model is every language model plus the calibration of its scores.
type Model struct {
	Langs []*Lang
	byTag map[string]*Lang
	// ascii is the cost of an ASCII character after another, the same for
	// every language (index prev<<7|cur, quarter-bits).
	ascii [128 * 128]uint8
	// Temperature and Growth turn score differences into probabilities:
	// p ∝ exp(-cost·ln2/4/T) with T = Temperature·(n/64)^Growth for a text
	// of n bytes (the bigrams of a longer text are less independent than
	// their sum assumes). Fitted by the generator on held-out
	// training text.
	Temperature, Growth float64
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
}

// Build turns serialised language data into a Model. ascii is the shared
// model of ASCII text: 128×128 costs of a character after another.
func Build(data []LangData, ascii string, temperature, growth float64) (*Model, error) {
	m := &Model{byTag: map[string]*Lang{}, Temperature: temperature, Growth: growth}
	if len(ascii) != len(m.ascii) {
		return nil, fmt.Errorf("ASCII model has %d entries, want %d", len(ascii), len(m.ascii))
	}
	copy(m.ascii[:], ascii)
	for _, d := range data {
		l := &Lang{Tag: d.Tag, Name: d.Name, CJK: d.CJK, ASCIICost: int(d.ASCII), m: m}
		if d.CJK {
			l.N = NumCoarse
			l.chars = map[rune]uint8{}
			i := 0
			for _, r := range d.Alphabet {
				if i >= len(d.Costs) {
					return nil, fmt.Errorf("%s: fewer costs than characters", d.Tag)
				}
				l.chars[r] = d.Costs[i]
				i++
			}
			if i != len(d.Costs) || len(d.Rare) != NumCoarse {
				return nil, fmt.Errorf("%s: %d characters, %d costs, %d rare costs", d.Tag, i, len(d.Costs), len(d.Rare))
			}
			copy(l.rare[:], d.Rare)
		} else {
			l.letters = map[rune]uint8{}
			c := FirstLetter
			for _, r := range d.Alphabet {
				l.letters[r] = uint8(c)
				c++
			}
			l.N = c
		}
		if l.N > MaxClasses || len(d.Bigram) != l.N*l.N || len(d.Uni) != l.N {
			return nil, fmt.Errorf("%s: %d classes, bigram %d, unigram %d", d.Tag, l.N, len(d.Bigram), len(d.Uni))
		}
		for a := 0; a < l.N; a++ {
			for b := 0; b < l.N; b++ {
				l.Bigram[a<<6|b] = uint16(d.Bigram[a*l.N+b]) + within(l.CJK, b)
			}
			l.Uni[a] = uint16(d.Uni[a]) + within(l.CJK, a)
		}
		// Classes beyond N never occur; Bad is fixed whatever training said.
		for a := 0; a < MaxClasses; a++ {
			l.Bigram[a<<6|Bad] = BadCost
		}
		l.Uni[Bad] = BadCost
		m.Langs = append(m.Langs, l)
		m.byTag[l.Tag] = l
	}
	return m, nil
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
// single-byte encodings hold only the latter).
func Fold(r rune) rune {
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
		bmpOnce.Do(buildBMP)
		return bmpClass[r]
	}
	return genericClass(r)
}

// The classes of the Basic Multilingual Plane, computed once on first use:
// the unicode package's range tables are too slow for the scoring loop.
var (
	bmpOnce  sync.Once
	bmpClass *[0x10000]uint8
)

func buildBMP() {
	t := new([0x10000]uint8)
	for r := range t {
		t[r] = genericClass(rune(r))
	}
	bmpClass = t
}

func genericClass(r rune) uint8 {
	if r < 0x80 {
		return asciiClass[r]
	}
	switch {
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
	if c, ok := l.letters[Fold(r)]; ok {
		return c
	}
	c := GenericClass(r)
	if c > Bad {
		return OtherLetter // ASCII letters (when not in the alphabet) and CJK scripts
	}
	return c
}

// charCost is the extra cost of r within its class (CJK languages only).
func (l *Lang) charCost(r rune, c uint8) int {
	if !l.CJK || c < ASCIILetter {
		return 0
	}
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
	Cost     int // quarter-bits
	Runes    int
	Bads     int
}

// Add scores one rune. As in ByteTable.Score, a pair of ASCII characters
// costs nothing.
func (s *RuneScorer) Add(r rune) {
	c := s.L.Class(r)
	if isASCIILetter(r) && !isASCIILetter(s.prevRune) {
		s.Cost += s.L.ASCIICost
	}
	if r < 0x80 && !s.wide {
		if s.Runes > 0 {
			s.Cost += int(s.L.m.ascii[s.prevRune<<7|r])
		}
		s.prev, s.prevRune = c, r
		s.Runes++
		return
	}
	s.wide = r >= 0x80
	s.prevRune = r
	s.Cost += int(s.L.Bigram[int(s.prev)<<6|int(c)]) + s.L.charCost(r, c)
	if c == Bad {
		s.Bads++
	}
	s.prev = c
	s.Runes++
}

// ByteTable is a single-byte encoding seen through one language: the class
// of every byte. Scoring a text is then one table walk, no decoding.
type ByteTable struct {
	Enc   *Encoding
	L     *Lang
	Class [256]uint8
}

// NewByteTable builds the table of e (single-byte) for l.
func NewByteTable(e *Encoding, l *Lang) *ByteTable {
	t := &ByteTable{Enc: e, L: l}
	for b := 0; b < 256; b++ {
		t.Class[b] = l.Class(e.Table[b])
	}
	return t
}

// Score returns the cost of p, starting after white space. Pairs of ASCII
// characters are not scored: every candidate reads them alike, and their
// cost under different languages' models would only be noise in the choice
// of an encoding. Runs of ASCII are skipped at the validator's speed.
func (t *ByteTable) Score(p []byte) int {
	cost := 0
	bg := &t.L.Bigram
	prev := uint8(Space)
	for i := 0; i < len(p); {
		if p[i] < 0x80 {
			n := utf8x.ASCIIPrefix(p[i:])
			i += n
			if i == len(p) {
				break
			}
			if n > 0 {
				prev = t.Class[p[i-1]]
			}
		}
		c := t.Class[p[i]]
		cost += int(bg[int(prev)<<6|int(c)])
		prev = c
		i++
		if i < len(p) && p[i] < 0x80 {
			c = t.Class[p[i]]
			cost += int(bg[int(prev)<<6|int(c)])
			prev = c
			i++
		}
	}
	return cost
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

func isASCIILetter(r rune) bool { return r < 0x80 && 'a' <= r|0x20 && r|0x20 <= 'z' }

// asciiLetter marks the bytes A-Z and a-z.
var asciiLetter = func() (t [256]bool) {
	for b := 'A'; b <= 'Z'; b++ {
		t[b], t[b+32] = true, true
	}
	return t
}()

// ASCIIRuns counts the runs of ASCII letters in p.
func ASCIIRuns(p []byte) int {
	n := 0
	in := false
	for _, b := range p {
		l := asciiLetter[b]
		if l && !in {
			n++
		}
		in = l
	}
	return n
}

// UniScore is the unigram cost of a byte histogram: the cheap pre-filter.
func (t *ByteTable) UniScore(hist *[256]int) int {
	cost := 0
	for b, n := range hist[0x80:] {
		b += 0x80
		if n != 0 {
			cost += n * int(t.L.Uni[t.Class[b]])
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
