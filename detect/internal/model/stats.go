package model

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Scored is one encoding's reading of a text.
type Scored struct {
	Name, Iconv string
	Lang        *Lang   // the language that read it best
	Cost        float64 // quarter-bits, prior included; lower is better
	// Ruled says why the encoding was not scored in full ("" when it was).
	Ruled string
	// Equiv lists encodings that decode the text to exactly the same
	// characters; they were merged into this one.
	Equiv []string
	// High is the number of non-ASCII characters read, HighCost the part
	// of Cost charged for the pairs that involve them (under Lang).
	High     int
	HighCost float64
	// Foreign counts the non-ASCII characters outside the language's
	// alphabet and frequent punctuation (classes OtherLetter, Symbol, Bad).
	Foreign int
}

// The byte pre-filter lets the TopGroups best groups of single-byte
// encodings through to full bigram scoring, each with its LangsPerGroup best
// languages; with at most FewHigh bytes above 7F, all of their languages
// (a full score then costs little, and the byte frequencies of one or two
// characters say too little: English text with a single ’ or — was never
// scored as English, as other languages use those characters more often).
// probeBytes is how much of a long window a multi-byte or UTF-16 reading
// is scored on before the rest is decoded (see RankWindow).
const probeBytes = 1 << 10

const (
	// SharedPrior is how much better (quarter-bits) another member of a
	// group of encodings that read the input alike must read it, in its
	// own languages, to be named instead of the most used one.
	SharedPrior = 48

	TopGroups     = 8
	LangsPerGroup = 2
	FewHigh       = 64
)

var (
	tablesOnce sync.Map // *Model -> []*ByteTable
)

func (m *Model) tables() []*ByteTable {
	if v, ok := tablesOnce.Load(m); ok {
		return v.([]*ByteTable)
	}
	var ts []*ByteTable
	for _, e := range Encodings {
		if e.Table == nil {
			continue
		}
		for _, tag := range e.Langs {
			if l := m.Lang(tag); l != nil {
				ts = append(ts, newLazyTable(e, l))
			}
		}
	}
	v, _ := tablesOnce.LoadOrStore(m, ts)
	return v.([]*ByteTable)
}

// Rank scores every legacy encoding on p (the statistics prefix). full is the
// byte histogram of everything read (p included, and perhaps more); it decides
// which encodings read the input identically and charges undefined bytes seen
// beyond p. complete says p is the whole input (so an odd length rules out
// UTF-16). The result is sorted, best first.
//
// Single-byte encodings that read every byte present the same way form one
// group, scored once per language of any member: the member whose own
// languages (and prior) read it best names the group, the others are listed
// in Equiv. A byte-frequency pre-filter picks the languages worth a full
// bigram pass.
func (m *Model) Rank(p []byte, full *[256]int, complete bool) []Scored {
	return m.RankWindow(p, full, complete, true)
}

// RankWindow is Rank on a window of the input that is its contiguous start
// or not (lines picked from it): only a contiguous start can be read as
// UTF-16. Every reading is scored on all of p, so that their costs compare.
func (m *Model) RankWindow(p []byte, full *[256]int, complete, contiguous bool) []Scored {
	var hist [256]int
	for _, b := range p {
		hist[b]++
	}
	if full == nil {
		full = &hist
	}
	type group struct {
		members []*Encoding
		tables  map[*Lang]*ByteTable
	}
	// The bytes above 7F present, walked by sameReading instead of all
	// 128 for every pair of encodings.
	var presentBuf [128]byte
	present := presentBuf[:0]
	for b := 0x80; b < 256; b++ {
		if full[b] != 0 {
			present = append(present, byte(b))
		}
	}
	var groups []*group
	for _, e := range Encodings {
		if e.Table == nil {
			continue
		}
		var g *group
		for _, h := range groups {
			if sameReading(h.members[0], e, present) {
				g = h
				break
			}
		}
		if g == nil {
			g = &group{tables: map[*Lang]*ByteTable{}}
			groups = append(groups, g)
		}
		g.members = append(g.members, e)
	}
	ts := m.tables()
	type cand struct {
		g   *group
		t   *ByteTable
		uni int
	}
	// ts holds each encoding's tables together, in the order of
	// Encodings, as groups hold their members: walking a group's members'
	// tables visits them in the order of ts, without testing all of ts
	// against every group.
	byEnc := make(map[*Encoding][]*ByteTable, len(Encodings))
	for i := 0; i < len(ts); {
		j := i + 1
		for j < len(ts) && ts[j].Enc == ts[i].Enc {
			j++
		}
		byEnc[ts[i].Enc] = ts[i:j]
		i = j
	}
	cands := make([]cand, 0, len(ts))
	for _, g := range groups {
		for _, e := range g.members {
			for _, t := range byEnc[e] {
				if g.tables[t.L] == nil {
					g.tables[t.L] = t
					cands = append(cands, cand{g, t, t.UniScore(&hist)})
				}
			}
		}
	}
	letters, runs := ASCIIRuns(p)
	asciiPairs := m.ASCIIPairs(p)
	words := WordPairs(p)
	// asciiCost depends on the language alone: computed once for each
	// (the word pairs' walk, repeated for every candidate table, was a
	// tenth of what detecting a small file cost).
	asciiCosts := make(map[*Lang]int, len(m.Langs))
	asciiCost := func(l *Lang) int {
		c, ok := asciiCosts[l]
		if !ok {
			c = runs*l.ASCIICost + int(m.LetterWeight*float64(letters*l.LetterCost)) + l.WordCost(words)
			asciiCosts[l] = c
		}
		return c
	}
	for i := range cands {
		cands[i].uni += asciiCost(cands[i].t.L)
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(a.uni, b.uni) })
	// Full scores for the best languages by byte frequencies: at least the
	// best two of every group among the TopGroups best groups.
	type score struct {
		k, high float64
		foreign int
	}
	cost := map[*group]map[*Lang]score{}
	high := 0
	for _, n := range hist[0x80:] {
		high += n
	}
	perGroupMax := LangsPerGroup
	if high <= FewHigh {
		perGroupMax = len(m.Langs)
	}
	// beyond lists the bytes read beyond p (full counts more of them).
	var beyondBuf [256]byte
	beyond := beyondBuf[:0]
	if full != &hist {
		for b, n := range full {
			if n > hist[b] {
				beyond = append(beyond, byte(b))
			}
		}
	}
	perGroup := map[*group]int{}
	var order []*group
	for _, c := range cands {
		if cost[c.g] == nil {
			if len(order) >= TopGroups {
				continue
			}
			cost[c.g] = map[*Lang]score{}
			order = append(order, c.g)
		}
		if perGroup[c.g] >= perGroupMax {
			continue
		}
		perGroup[c.g]++
		sc := c.t.Score(p)
		k := float64(sc + asciiCost(c.t.L) + asciiPairs)
		for _, b := range beyond {
			if c.t.Class[b] == Bad {
				k += float64((full[b] - hist[b]) * BadCost)
			}
		}
		foreign := 0
		for b, n := range hist[0x80:] {
			if n > 0 && foreignClass(c.t.Class[b+0x80]) {
				foreign += n
			}
		}
		cost[c.g][c.t.L] = score{k, float64(sc), foreign}
	}
	var out []Scored
	for _, g := range groups {
		costs := cost[g]
		if costs == nil {
			for _, e := range g.members {
				out = append(out, Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Ruled: "its byte frequencies fit none of its languages"})
			}
			continue
		}
		// The members read the input alike: the one named is the most used
		// (Encodings' first, Windows-1252) unless another one's own
		// languages read it better by more than SharedPrior (12 bits: two
		// curly quotes are no evidence of Vietnamese). The reading is
		// scored by the language that reads it best.
		var best Scored
		best.Cost = 1e18
		chosen, named := 1e18, (*Encoding)(nil)
		for _, e := range g.members {
			for _, tag := range e.Langs {
				l := m.Lang(tag)
				k, ok := costs[l]
				if !ok {
					continue
				}
				c := k.k + float64(e.Prior)
				if c < best.Cost {
					best = Scored{Name: e.Name, Iconv: e.Iconv, Lang: l, Cost: c, High: high, HighCost: k.high, Foreign: k.foreign}
				}
				usage := 0.0
				if e != Encodings[0] {
					usage = SharedPrior
				}
				if c+usage < chosen {
					chosen, named = c+usage, e
				}
			}
		}
		if named != nil {
			best.Name, best.Iconv = named.Name, named.Iconv
		}
		if best.Lang == nil { // no member's languages were scored: name the first
			e := g.members[0]
			out = append(out, Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Ruled: "its byte frequencies fit none of its languages"})
			continue
		}
		for _, e := range g.members {
			if e.Name != best.Name {
				best.Equiv = append(best.Equiv, e.Name)
			}
		}
		out = append(out, best)
	}
	// Multi-byte encodings: decode and score the characters of the same
	// window (scoring a shorter one made their costs look lower on long
	// inputs, and they overtook the right reading).
	q := p
	lone := loneHighBytes(q)
	// Decoding costs far more than a table walk: a reading that costs
	// more than twice the best single-byte reading per byte on the
	// window's first probeBytes is ruled out without decoding the rest.
	bestSingle := math.Inf(1)
	for _, s := range out {
		if s.Ruled == "" {
			bestSingle = math.Min(bestSingle, s.Cost)
		}
	}
	probe := q
	if len(q) > 2*probeBytes {
		probe = q[:probeBytes]
		if i := bytes.LastIndexByte(probe, '\n'); i > probeBytes/2 {
			probe = probe[:i+1]
		}
	}
	hopeless := func(s Scored) bool {
		return len(probe) < len(q) && s.Ruled == "" && bestSingle > 0 &&
			s.Cost/float64(len(probe)) > 2*bestSingle/float64(len(q))
	}
	const farWorse = "reads more than twice as badly as the best single-byte reading on the first bytes"
	for _, e := range Encodings {
		if e.Table != nil {
			continue
		}
		if lone {
			out = append(out, Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Ruled: "bytes above 7F stand alone between ASCII, as no double-byte text has them"})
			continue
		}
		if len(probe) < len(q) {
			if s := m.scoreDecoded(e, probe, false); s.Ruled != "" || hopeless(s) {
				if s.Ruled == "" {
					s.Ruled = farWorse
				}
				s.Cost = 1e18
				out = append(out, s)
				continue
			}
		}
		out = append(out, m.scoreDecoded(e, q, complete))
	}
	if contiguous && (!complete || len(q)%2 == 0) {
		for _, be := range []bool{false, true} {
			if len(probe) < len(q) {
				if s, ok := m.scoreUTF16(probe[:len(probe)&^1], be); !ok || hopeless(s) {
					continue
				}
			}
			if s, ok := m.scoreUTF16(q, be); ok {
				out = append(out, s)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Scored) int { return cmp.Compare(a.Cost, b.Cost) })
	return out
}

// loneHighBytes reports whether most bytes above 7F in p stand alone
// between ASCII bytes: the mark of accented letters in Latin-script text. In
// double-byte text such a byte would be a whole character between ASCII
// characters (a lead byte with an ASCII trail byte), which is rare; so the
// double-byte encodings are not worth decoding.
func loneHighBytes(p []byte) bool {
	high, lone := 0, 0
	for i, b := range p {
		if b >= 0x80 {
			high++
			if (i == 0 || p[i-1] < 0x80) && (i+1 == len(p) || p[i+1] < 0x80) {
				lone++
			}
		}
	}
	return high >= 4 && lone*4 >= high*3
}

// sameReading reports whether e and f read every byte of present (bytes
// above 7F) alike, up to Romanian's comma-below and cedilla forms of s and
// t, which the models cannot tell apart (Fold) and no byte distinguishes.
func sameReading(e, f *Encoding, present []byte) bool {
	for _, b := range present {
		if e.Table[b] != f.Table[b] && (Fold(e.Table[b]) != Fold(f.Table[b]) || !commaForm(e.Table[b]) && !commaForm(f.Table[b])) {
			return false
		}
	}
	return true
}

// commaForm reports whether r is one of ș, ț, Ș, Ț.
func commaForm(r rune) bool { return r == 'ș' || r == 'ț' || r == 'Ș' || r == 'Ț' }

// scoreDecoded scores p decoded with e, a multi-byte encoding. complete
// says p is the whole input: a sequence its end cuts short is then an
// invalid one, as for UTF-8 and an odd length for UTF-16; otherwise it is
// where the prefix was cut, and costs nothing.
func (m *Model) scoreDecoded(e *Encoding, p []byte, complete bool) Scored {
	s := Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18}
	text, err := e.Enc.NewDecoder().Bytes(p)
	if err != nil {
		s.Ruled = "does not decode"
		return s
	}
	for _, tag := range e.Langs {
		l := m.Lang(tag)
		if l == nil {
			continue
		}
		rs := RuneScorer{L: l}
		nonASCII := 0
		for _, r := range string(text) {
			rs.Add(r)
			if r >= 0x80 {
				nonASCII++
			}
		}
		// A sequence cut by the end of a prefix is not the encoding's fault.
		if !complete && len(text) >= 3 && string(text[len(text)-3:]) == "\uFFFD" && rs.Bads > 0 {
			rs.Cost -= BadCost
			rs.Bads--
		}
		c := rs.Total() + float64(e.Prior)
		if c < s.Cost {
			s.Cost, s.Lang, s.High, s.HighCost, s.Foreign = c, l, rs.Wide, float64(rs.WideCost)+rs.CaseCost(), rs.Foreign
		}
		if rs.Bads*4 > nonASCII {
			s.Ruled = "invalid or undefined sequences"
		}
	}
	return s
}

// scoreUTF16 reads p as UTF-16 without a byte order mark and without NUL
// bytes (inputs with NULs are settled by structure before statistics). Only
// text whose code units sit in one script is scored, against that script's
// languages.
func (m *Model) scoreUTF16(p []byte, bigEndian bool) (Scored, bool) {
	return m.scoreUTF16Gate(p, bigEndian, 0.7)
}

// UTF16Cost scores p read as UTF-16 against the languages of the script most
// of its characters belong to; false when that script has no models.
func (m *Model) UTF16Cost(p []byte, bigEndian bool) (float64, bool) {
	s, ok := m.scoreUTF16Gate(p, bigEndian, 0)
	return s.Cost / float64(max(len(p), 1)), ok
}

func (m *Model) scoreUTF16Gate(p []byte, bigEndian bool, gate float64) (Scored, bool) {
	name, iconv := "utf-16le", "UTF-16LE"
	if bigEndian {
		name, iconv = "utf-16be", "UTF-16BE"
	}
	if len(p) < 4 {
		return Scored{}, false
	}
	units := make([]uint16, len(p)/2)
	for i := range units {
		if bigEndian {
			units[i] = binary.BigEndian.Uint16(p[2*i:])
		} else {
			units[i] = binary.LittleEndian.Uint16(p[2*i:])
		}
	}
	// Text read as UTF-16 whose units are mostly two printable ASCII
	// bytes is ASCII text (Latin letters, markup) paired up into
	// ideographs: real UTF-16 text without NULs (CJK) has its high bytes
	// in the ideograph blocks and only about a fifth of its units so.
	pairs := 0
	for _, u := range units {
		pairs += int(printableASCII[u>>8] & printableASCII[u&0xFF])
	}
	if pairs*5 >= len(units)*3 {
		return Scored{}, false
	}
	runes := utf16.Decode(units)
	var pages [numScripts]int
	for _, r := range runes {
		if r == utf8.RuneError {
			return Scored{}, false // unpaired surrogate: not UTF-16
		}
		pages[scriptOf(r)]++
	}
	top, n := 0, 0
	for k, v := range pages {
		if v > n {
			top, n = k, v
		}
	}
	langs := scriptLangs[top]
	if langs == nil || float64(n) < float64(len(runes))*gate {
		return Scored{}, false
	}
	s := Scored{Name: name, Iconv: iconv, Cost: 1e18}
	for _, tag := range langs {
		l := m.Lang(tag)
		if l == nil {
			continue
		}
		rs := RuneScorer{L: l}
		for _, r := range runes {
			rs.Add(r)
		}
		// the prior: UTF-16 without byte order mark or NUL bytes is rare
		if c := rs.Total() + 8; c < s.Cost {
			s.Cost, s.Lang, s.High, s.HighCost, s.Foreign = c, l, rs.Wide, float64(rs.WideCost)+rs.CaseCost(), rs.Foreign
		}
	}
	return s, true
}

const (
	otherScript = iota
	greek
	cyrillicScript
	hebrew
	arabic
	thai
	cjk
	numScripts
)

var scriptLangs = [numScripts][]string{
	greek: {"el"}, cyrillicScript: cyrillic, hebrew: {"he"}, arabic: {"ar", "fa"},
	thai: {"th"}, cjk: {"ja", "zh-hans", "zh-hant", "ko"},
}

func scriptOf(r rune) int {
	switch {
	case r >= 0x370 && r < 0x400:
		return greek
	case r >= 0x400 && r < 0x530:
		return cyrillicScript
	case r >= 0x590 && r < 0x600:
		return hebrew
	case r >= 0x600 && r < 0x700, r >= 0xFB50 && r < 0xFF00:
		return arabic
	case r >= 0xE00 && r < 0xE80:
		return thai
	case r >= 0x3000 && r < 0xA000, r >= 0xAC00 && r < 0xD7B0, r >= 0xFF00 && r < 0xFFF0:
		return cjk
	}
	return otherScript
}

// printableASCII is 1 for the bytes of printable ASCII and tab, LF and CR.
var printableASCII = func() (t [256]uint8) {
	for b := 0x20; b < 0x7F; b++ {
		t[b] = 1
	}
	t['\t'], t['\n'], t['\r'] = 1, 1, 1
	return t
}()

// statHigh bounds the statistics: they score the lines holding the first
// statHigh bytes above 7F, and no more than statBytes of them. Structure
// checks (UTF-8 validity, byte presence) cover everything examined.
const statHigh = 2048

// statBytes caps the text the statistics score.
const statBytes = 16 << 10

// Window is the text the statistics score: the lines of p that hold a
// byte above 7F, in order, up to statHigh such bytes or statBytes in all,
// and whether it is p's contiguous start (no line was left out). Only
// those bytes tell the encodings apart; lines of ASCII (markup, roff
// requests, CSV punctuation, code) read alike in every candidate, and on
// a long document they would outweigh the few lines that carry the
// answer. Cutting at line feeds never splits a character of a supported
// encoding: 0A is neither a lead nor a trail byte in any of them. Every
// candidate is scored on this same window, so their costs compare.
func Window(p []byte) (w []byte, contiguous bool) {
	w, contiguous = evidenceLines(p)
	if s, changed := stripMarkup(w); changed {
		return s, false
	}
	return w, contiguous
}

// evidenceLines is Window before markup is taken out.
func evidenceLines(p []byte) (w []byte, contiguous bool) {
	p = p[:min(len(p), 4*statBytes)]
	high, start, keep := 0, 0, 0
	var out []byte
	for start < len(p) {
		end := bytes.IndexByte(p[start:], '\n')
		if end < 0 {
			end = len(p)
		} else {
			end += start + 1
		}
		line := p[start:end]
		if n := highBytes(line); n > 0 {
			if keep == start && out == nil {
				keep = end // still p's own start: no copy yet
			} else {
				if out == nil {
					out = append(make([]byte, 0, statBytes), p[:keep]...)
				}
				out = append(out, line...)
			}
			high += n
		}
		start = end
		size := keep
		if out != nil {
			size = len(out)
		}
		if high >= statHigh || size >= statBytes {
			break
		}
	}
	switch {
	case high == 0:
		// Nothing above 7F (NULs or controls decided instead): the start.
		return p[:min(len(p), statBytes)], true
	case out == nil:
		// p's start, perhaps without the ASCII lines after the last kept one
		return p[:keep], true
	}
	return out, false
}

// stripMarkup replaces each HTML or XML tag and character reference in w
// (all ASCII, within a line) with a space, and reports whether it found
// any. Tags are English words and punctuation the text around them does
// not contain: within the lines that carry the answer they would still
// tilt the language models towards English and its encodings. '<', '>'
// and '&' are never trail bytes of a supported double-byte encoding, so
// no character is split.
func stripMarkup(w []byte) ([]byte, bool) {
	var out []byte
	last := 0 // w[last:] is not copied yet
	for i := 0; i < len(w); i++ {
		if b := w[i]; b != '<' && b != '&' {
			continue
		}
		n := markupLen(w[i:])
		if n == 0 {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(w))
		}
		out = append(append(out, w[last:i]...), ' ')
		i += n - 1
		last = i + 1
	}
	if out == nil {
		return w, false
	}
	return append(out, w[last:]...), true
}

// markupLen is the length of the tag ("<p>", "</a>", "<?xml ...?>",
// "<!-- -->" on one line) or character reference ("&amp;", "&#233;") p
// starts with, or 0.
func markupLen(p []byte) int {
	if len(p) < 3 {
		return 0
	}
	if p[0] == '&' {
		for j := 1; j < len(p) && j <= 12; j++ {
			switch b := p[j]; {
			case b == ';':
				if j > 1 {
					return j + 1
				}
				return 0
			case b == '#' && j == 1, 'a' <= b|0x20 && b|0x20 <= 'z', '0' <= b && b <= '9':
			default:
				return 0
			}
		}
		return 0
	}
	if c := p[1]; !(c == '/' || c == '!' || c == '?' || 'a' <= c|0x20 && c|0x20 <= 'z') {
		return 0
	}
	for j := 2; j < len(p) && j < 512; j++ {
		switch b := p[j]; {
		case b == '>':
			return j + 1
		case b >= 0x80 || b == '\n' || b == '<':
			return 0
		}
	}
	return 0
}

// highBytes counts the bytes above 7F in p, eight at a time.
func highBytes(p []byte) int {
	n := 0
	for len(p) >= 8 {
		n += bits.OnesCount64(binary.LittleEndian.Uint64(p) & 0x8080808080808080)
		p = p[8:]
	}
	for _, b := range p {
		n += int(b >> 7)
	}
	return n
}
