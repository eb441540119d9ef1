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
	"unsafe"

	"github.com/utf8x/utf8x/internal/utf8kernel"
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

// tables returns m.allTables, built on first use (tablesInit).
func (m *Model) tables() []*ByteTable {
	m.tablesInit()
	return m.allTables
}

// tablesInit builds m.allTables, m.tablesOf and m.langsOf, once.
func (m *Model) tablesInit() {
	m.tablesOnce.Do(func() {
		m.tablesOf = make([][]*ByteTable, len(Encodings))
		langsOf := m.encodingLangs()
		n := 0
		for i, e := range Encodings {
			if e.Table != nil {
				n += len(langsOf[i])
			}
		}
		all := make([]ByteTable, n)
		m.allTables = make([]*ByteTable, n)
		for i := range all {
			m.allTables[i] = &all[i]
		}
		k := 0
		for i, e := range Encodings {
			if e.Table == nil {
				continue
			}
			m.tablesOf[i] = m.allTables[k : k+len(m.langsOf[i])]
			for _, l := range m.langsOf[i] {
				all[k].Enc, all[k].L = e, l
				k++
			}
		}
		if m.classes != "" {
			m.readClasses()
		}
	})
}

// encodingLangs returns m.langsOf, made on first use: the languages with
// a model of each encoding, in one array. (Each encoding's list grown on
// its own was about 100 allocations, and looked up twice, for
// UseByteClasses and tablesInit, about 300 map lookups.)
func (m *Model) encodingLangs() [][]*Lang {
	m.langsOnce.Do(func() {
		total := 0
		for _, e := range Encodings {
			total += len(e.Langs)
		}
		all := make([]*Lang, 0, total)
		langsOf := make([][]*Lang, len(Encodings))
		for i, e := range Encodings {
			start := len(all)
			for _, tag := range e.Langs {
				if l := m.Lang(tag); l != nil {
					all = append(all, l)
				}
			}
			if len(all) > start {
				langsOf[i] = all[start:len(all):len(all)]
			}
		}
		m.langsOf = langsOf
	})
	return m.langsOf
}

// UseByteClasses gives m the classes of every byte table, as
// ComputeByteClasses computes them (the generator writes them, as
// ByteClasses): a process that detects one small file then classifies no
// bytes. It reports false, and the classes are computed when first used,
// when they do not fit m's tables (tables generated before a change of
// Encodings). Call it before m detects anything.
func (m *Model) UseByteClasses(classes string) bool {
	if len(classes) != m.classesLen() {
		return false
	}
	m.classes = classes
	return true
}

// classesLen is the length of m's classes: the ASCII bytes of each
// language, then each byte table's bytes 80-FF, after its bytes 00-7F when
// its encoding's are not ASCII's.
func (m *Model) classesLen() int {
	n := len(m.Langs) * 0x80
	langsOf := m.encodingLangs()
	for i, e := range Encodings {
		if e.Table == nil {
			continue
		}
		k := len(langsOf[i])
		if !e.lowASCII {
			k *= 2
		}
		n += k * 0x80
	}
	return n
}

// readClasses gives the tables their classes from m.classes: the bytes
// 80-FF of each in place (hi), and where its bytes 00-7F are (lo), from
// which fill makes its cls when it is first scored in full.
func (m *Model) readClasses() {
	langs := m.classes[:len(m.Langs)*0x80]
	rest := m.classes[len(langs):]
	for _, t := range m.allTables {
		if t.Enc.lowASCII {
			t.lo = langs[t.L.index*0x80:][:0x80]
		} else {
			t.lo, rest = rest[:0x80], rest[0x80:]
		}
		t.hi = (*[128]uint8)(unsafe.Pointer(unsafe.StringData(rest)))
		rest = rest[0x80:]
	}
}

// ComputeByteClasses computes what UseByteClasses reads for m.
func ComputeByteClasses(m *Model) string {
	m.tablesInit()
	var out []byte
	for _, l := range m.Langs {
		ac := l.asciiClasses()
		for b := range ac {
			out = append(out, ac[b]|asciiCase[b]<<caseShift)
		}
	}
	for _, t := range m.allTables {
		cls := computeClasses(t.Enc, t.L)
		if !t.Enc.lowASCII {
			out = append(out, cls[:0x80]...)
		}
		out = append(out, cls[0x80:]...)
	}
	return string(out)
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
	// One pass over the window gathers what every candidate reads of it.
	ws := windowStatsPool.Get().(*windowStats)
	defer windowStatsPool.Put(ws)
	ws.reset()
	ws.scan(p, m.asciiArr)
	hist := &ws.hist
	if full == nil {
		full = hist
	}
	m.tablesInit()
	if len(ws.high) > 4*smallPairs && len(p) <= 1<<16 && ws.pairCounts == nil {
		// collect's counts, allocated here rather than below rankSingle's
		// frame (see rankMulti), for a window whose pairs are unlikely to
		// fit collectSmall's table (a 4 KiB Russian text's do: its
		// ~1,000 bytes above 7F make 300-400 pairs)
		ws.pairCounts = new([1 << 16]uint16)
	}
	out := m.rankSingle(ws, p, full)
	out = m.rankMulti(out, p, ws.high, complete, contiguous)
	// Sorted by index: moving the readings themselves (and their pointers'
	// write barriers) cost more than the comparisons.
	order := ws.orderBuf[:0]
	for i := range out {
		order = append(order, int32(i))
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(out[a].Cost, out[b].Cost) })
	sorted := make([]Scored, len(out))
	for i, j := range order {
		sorted[i] = out[j]
	}
	clear(out) // (the pool keeps no readings alive)
	ws.out = out[:0]
	return sorted
}

// rankSingle returns the readings of the single-byte encodings of the
// window p, whose statistics ws holds (full: the histogram of everything
// read), in ws.out. A function of its own, not inlined into RankWindow,
// whose frame then stays small under rankMulti's decoders (see rankMulti).
//
//go:noinline
func (m *Model) rankSingle(ws *windowStats, p []byte, full *[256]int) []Scored {
	hist := &ws.hist
	// After a few windows the process is detecting many files: what pays
	// for itself over several (the packed word table, the encodings'
	// differences and the tables' undefined bytes as bit masks) is built.
	reuse := m.ranked.Add(1) > wordTableAfter
	var diffs *readingDiffs
	if reuse {
		diffs = m.readingDiffs()
	}
	// The bytes above 7F present, walked by sameReading instead of all
	// 128 for every pair of encodings; seen those of p itself.
	var presentMask [2]uint64
	present, seen := ws.presentBuf[:0], ws.seenBuf[:0]
	for b := 0x80; b < 256; b++ {
		if full[b] != 0 {
			present = append(present, byte(b))
			presentMask[(b-0x80)>>6] |= 1 << (b & 63)
		}
		if hist[b] != 0 {
			seen = append(seen, byte(b))
		}
	}
	// Each group's members are in order in one array (appending to a
	// slice of each group cost a hundredth of a small file's detection).
	groupOf := ws.groupOfBuf[:0]
	if len(Encodings) > len(ws.groupOfBuf) {
		groupOf = make([]int, 0, len(Encodings))
	}
	groups, firsts, sizes := ws.groupBuf[:0], ws.firstBuf[:0], ws.sizeBuf[:0]
	for i, e := range Encodings {
		g := -1
		if e.Table != nil {
			for k, f := range firsts {
				var same bool
				if diffs != nil {
					same = diffs.same(f, i, &presentMask)
				} else {
					same = sameReading(Encodings[f], e, present)
				}
				if same {
					g = k
					break
				}
			}
			if g < 0 {
				g = len(groups)
				groups, firsts, sizes = append(groups, group{}), append(firsts, i), append(sizes, 0)
			}
			sizes[g]++
		}
		groupOf = append(groupOf, g)
	}
	memberBuf := grown(&ws.members, len(Encodings))
	for g := range groups {
		groups[g].members, memberBuf = memberBuf[:0:sizes[g]], memberBuf[sizes[g]:]
	}
	for i, g := range groupOf {
		if g >= 0 {
			groups[g].members = append(groups[g].members, i)
		}
	}
	nl := len(m.Langs)
	type cand = rankCand
	type score = rankScore
	// taken marks the languages a group has a table of (its first
	// member's that reads them); score is a full score of one, slot the
	// place of a group's language's score in scores, plus one. (Their
	// slices are ws's, kept between windows.)
	taken := grown(&ws.taken, len(groups)*nl)
	cands := ws.cands[:0]
	for g := range groups {
		for _, i := range groups[g].members {
			for _, t := range m.tablesOf[i] {
				if k := g*nl + t.L.index; !taken[k] {
					taken[k] = true
					cands = append(cands, cand{g, len(cands), t, t.UniScore(hist, seen)})
				}
			}
		}
	}
	letters, runs, asciiPairs, words := ws.letters, ws.runs, ws.asciiPairs, ws.words
	// asciiCost depends on the language alone: computed once for each
	// (the word pairs' walk, repeated for every candidate table, was a
	// tenth of what detecting a small file cost).
	asciiCosts := grown(&ws.asciiCosts, nl)
	asciiDone := grown(&ws.asciiDone, nl)
	wordSums := grown(&ws.wordSums, nl)
	// The packed word table pays for its building (about 200,000
	// instructions) after a few windows: a process that detects one file
	// weighs the words language by language.
	packed := reuse && m.wordSums(words, wordSums)
	asciiCost := func(l *Lang) int {
		if !asciiDone[l.index] {
			wc := 0
			if packed {
				wc = l.wordCostOf(wordSums[l.index])
			} else {
				wc = l.WordCost(words)
			}
			asciiCosts[l.index] = runs*l.ASCIICost + int(m.LetterWeight*float64(letters*l.LetterCost)) + wc
			asciiDone[l.index] = true
		}
		return asciiCosts[l.index]
	}
	for i := range cands {
		cands[i].uni += asciiCost(cands[i].t.L)
	}
	// The candidates rank by the unigram cost, ties in their order. Each
	// group's are together in cands (start), and only the best of the
	// best groups are scored in full: the groups are ranked by their best
	// candidate, and the few of a group sorted, not all of them (the sort
	// was a fiftieth of what detecting a small file cost).
	byCost := func(a, b cand) int { return cmp.Or(cmp.Compare(a.uni, b.uni), cmp.Compare(a.order, b.order)) }
	start := grown(&ws.start, len(groups)+1)
	for i := range cands {
		start[cands[i].g+1] = i + 1
	}
	ranked := ws.ranked[:0] // each group's best
	for g := range groups {
		if start[g+1] < start[g] {
			start[g+1] = start[g] // no candidates
		}
		if c := cands[start[g]:start[g+1]]; len(c) > 0 {
			ranked = append(ranked, slices.MinFunc(c, byCost))
		}
	}
	slices.SortFunc(ranked, byCost)
	// Full scores for the best languages by byte frequencies: at least the
	// best two of every group among the TopGroups best groups.
	slot := grown(&ws.slot, len(groups)*nl)
	scores := ws.scores[:0]
	high := 0
	for _, b := range seen {
		high += hist[b]
	}
	perGroupMax := LangsPerGroup
	if high <= FewHigh {
		perGroupMax = nl
	}
	// beyond lists the bytes read beyond p (full counts more of them).
	var beyondMask [4]uint64
	beyond := ws.beyondBuf[:0]
	if full != hist {
		for b, n := range full {
			if n > hist[b] {
				beyond = append(beyond, byte(b))
				beyondMask[b>>6] |= 1 << (b & 63)
			}
		}
	}
	// The pairs every table scores, counted once for all of them.
	pairs := bytePairs{pairs: ws.pairs[:0], small: &ws.pairScratch, counts: ws.pairCounts, keys: ws.room.keys[:0]}
	pairsOK := pairs.collect(p, ws.high)
	inTop := grown(&ws.inTop, len(groups))
	chosen := ws.chosen[:0]
	for _, r := range ranked[:min(len(ranked), TopGroups)] {
		inTop[r.g] = true
		c := cands[start[r.g]:start[r.g+1]]
		if len(c) > perGroupMax {
			slices.SortFunc(c, byCost)
			c = c[:perGroupMax]
		}
		chosen = append(chosen, c...)
	}
	for _, c := range chosen {
		var sc int
		if pairsOK {
			sc = c.t.scorePairs(&pairs)
		} else {
			sc = c.t.scoreAt(p, ws.high)
		}
		k := float64(sc + asciiCost(c.t.L) + asciiPairs)
		cls := c.t.cls // filled by scoring
		if reuse && len(beyond) > 0 {
			// the undefined bytes among them alone
			bad := c.t.badBytes()
			for j, w := range bad {
				for w &= beyondMask[j]; w != 0; w &= w - 1 {
					b := j<<6 | bits.TrailingZeros64(w)
					k += float64((full[b] - hist[b]) * BadCost)
				}
			}
		} else {
			for _, b := range beyond {
				if cls[b]&classMask == Bad {
					k += float64((full[b] - hist[b]) * BadCost)
				}
			}
		}
		foreign := 0
		for _, b := range seen {
			if foreignClass(cls[b] & classMask) {
				foreign += hist[b]
			}
		}
		scores = append(scores, score{k, float64(sc), foreign})
		slot[c.g*nl+c.t.L.index] = int16(len(scores))
	}
	ws.cands, ws.ranked, ws.scores, ws.chosen = cands, ranked, scores, chosen
	out := ws.out[:0]
	for g := range groups {
		members := groups[g].members
		if !inTop[g] {
			for _, i := range members {
				e := Encodings[i]
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
		for _, i := range members {
			e := Encodings[i]
			for _, l := range m.langsOf[i] {
				j := slot[g*nl+l.index]
				if j == 0 {
					continue
				}
				k := scores[j-1]
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
			e := Encodings[members[0]]
			out = append(out, Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Ruled: "its byte frequencies fit none of its languages"})
			continue
		}
		for _, i := range members {
			if e := Encodings[i]; e.Name != best.Name {
				best.Equiv = append(best.Equiv, e.Name)
			}
		}
		out = append(out, best)
	}
	return out
}

// rankMulti appends to out, which holds the readings of the single-byte
// encodings, those of the multi-byte encodings and UTF-16 of the window p
// (whose bytes above 7F are at high). A function of its own, not inlined:
// its readings (Scored values) took RankWindow's frame to 3 KiB, under
// which the decoders ran, and made the main goroutine's stack grow (a
// copy of every frame) in processes that detected one small file.
//
//go:noinline
func (m *Model) rankMulti(out []Scored, p []byte, high []int32, complete, contiguous bool) []Scored {
	// Multi-byte encodings: decode and score the characters of the same
	// window (scoring a shorter one made their costs look lower on long
	// inputs, and they overtook the right reading).
	q := p
	lone := loneHigh(q, high)
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
	// The parts of the window decoded, cut once for all the encodings.
	texts := mbTextSet{ascii: m.asciiArr, off: !mbCut}
	for _, e := range Encodings {
		if e.Table != nil {
			continue
		}
		if lone {
			out = append(out, Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Ruled: "bytes above 7F stand alone between ASCII, as no double-byte text has them"})
			continue
		}
		if len(probe) < len(q) && probe[len(probe)-1] == '\n' {
			out = append(out, m.scoreProbed(e, probe, q, &texts, complete, hopeless, farWorse))
			continue
		}
		if len(probe) < len(q) {
			if s := m.scoreDecodedEarly(e, probe, texts.of(probe), false, true); s.Ruled != "" || hopeless(s) {
				if s.Ruled == "" {
					s.Ruled = farWorse
				}
				s.Cost = 1e18
				out = append(out, s)
				continue
			}
		}
		out = append(out, m.scoreDecoded(e, q, texts.of(q), complete))
	}
	texts.release()
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
	return out
}

// group is a set of encodings that read every byte present alike (in
// RankWindow). Slices indexed by group and language stand in for maps:
// their hashing was a tenth of what detecting a small file cost.
type group struct {
	members []int // indexes in Encodings
}

// rankCand is a byte table RankWindow may score in full: its group, its
// place in order, and its unigram cost.
type rankCand struct {
	g, order int
	t        *ByteTable
	uni      int
}

// rankScore is a full score of one candidate.
type rankScore struct {
	k, high float64
	foreign int
}

// grown returns *buf resized to n zero values, reusing its room.
func grown[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	} else {
		*buf = (*buf)[:n]
		clear(*buf)
	}
	return *buf
}

// windowStats is what RankWindow reads of its window, gathered in one
// pass (scan): separate walks for each took a tenth of what detecting a
// small file cost.
type windowStats struct {
	hist [256]int
	// high holds the positions of the bytes above 7F: the byte tables
	// score the pairs around them alone (ByteTable.Score).
	high []int32
	// asciiPairs is Model.ASCIIPairs; words, letters and runs are
	// WordPairs and ASCIIRuns.
	asciiPairs    int
	words         []WordPair
	letters, runs int
	wordCounts    [wordCountsLen]int32
	// RankWindow's scratch, kept with the rest between windows (the
	// arrays were on its stack, and made the main goroutine's stack grow
	// to 32 KiB in every process that detected a small legacy file).
	presentBuf, seenBuf                  [128]byte
	beyondBuf                            [256]byte
	groupBuf                             [64]group
	groupOfBuf, sizeBuf, firstBuf        [64]int
	orderBuf                             [64]int32
	members, start, asciiCosts, wordSums []int
	taken, asciiDone, inTop              []bool
	slot                                 []int16
	cands, ranked, chosen                []rankCand
	scores                               []rankScore
	out                                  []Scored
	pairs                                []bytePair
	pairScratch                          smallPairScratch
	pairCounts                           *[1 << 16]uint16 // collect's, when a window needed them
	room                                 wsRoom
}

// wsRoom is the room the slices of a windowStats start with (newWindowStats),
// sized for the model generated: in the windowStats, one allocation for
// all of them. Grown one
// by one from nothing, they were about 20 allocations of as many sizes in
// the first window a process ranked, each size a span of its own (the
// runtime's first page of it, and the page of its marks), about 40 page
// faults in a process that detected one small file. A model that outgrows
// the room (TestWindowStatsRoom) still works: the slices then grow as
// before.
type wsRoom struct {
	words                [WordClasses * WordClasses]WordPair
	high                 [1 << 10]int32
	members              [wsEncodings]int
	start                [wsEncodings + 1]int
	asciiCosts, wordSums [wsLangs]int
	asciiDone            [wsLangs]bool
	inTop                [wsEncodings]bool
	taken                [wsEncodings * wsLangs]bool
	slot                 [wsEncodings * wsLangs]int16
	cands, chosen        [wsTables]rankCand
	ranked               [wsEncodings]rankCand
	scores               [wsTables]rankScore
	out                  [wsEncodings + 2]Scored
	pairs                [2048]bytePair
	keys                 [2048]uint16
}

// The room of wsRoom: at least the encodings (Encodings), languages and
// byte tables of the generated model (39, 39 and 147 today).
const (
	wsEncodings = 48
	wsLangs     = 48
	wsTables    = 160
)

// newWindowStats returns a windowStats whose slices start in its room.
func newWindowStats() *windowStats {
	ws := new(windowStats)
	r := &ws.room
	ws.words, ws.high = r.words[:0], r.high[:0]
	ws.members, ws.start = r.members[:0], r.start[:0]
	ws.asciiCosts, ws.wordSums = r.asciiCosts[:0], r.wordSums[:0]
	ws.taken, ws.asciiDone, ws.inTop = r.taken[:0], r.asciiDone[:0], r.inTop[:0]
	ws.slot = r.slot[:0]
	ws.cands, ws.ranked, ws.chosen = r.cands[:0], r.ranked[:0], r.chosen[:0]
	ws.scores, ws.out, ws.pairs = r.scores[:0], r.out[:0], r.pairs[:0]
	return ws
}

// windowStatsPool keeps windowStats, with the room their slices grew to,
// between windows.
var windowStatsPool = sync.Pool{New: func() any { return newWindowStats() }}

// reset zeroes ws's statistics, keeping its slices' room.
func (ws *windowStats) reset() {
	// (one at a time: a tuple assignment built both zero values on the
	// stack, 6 KiB of RankWindow's frame)
	ws.hist = [256]int{}
	ws.wordCounts = [wordCountsLen]int32{}
	ws.high, ws.words = ws.high[:0], ws.words[:0]
	ws.asciiPairs, ws.letters, ws.runs = 0, 0, 0
}

// scan gathers ws from p, with ascii the model of ASCII pairs.
func (ws *windowStats) scan(p []byte, ascii *[128 * 128]uint8) {
	if n := highBytes(p); cap(ws.high) < n {
		ws.high = make([]int32, 0, n)
	}
	counts, hist := &ws.wordCounts, &ws.hist
	prevWord, prev := uint8(0), byte(0x80)
	pairs := 0
	for i, b := range p {
		hist[b]++
		c := wordClass[b]
		// (the masks cost less than the bounds checks they spare:
		// word classes are below 32, and both bytes of an ASCII pair
		// below 0x80)
		counts[(uint(prevWord)<<5|uint(c))&(wordCountsLen-1)]++
		prevWord = c
		if b >= 0x80 {
			ws.high = append(ws.high, int32(i))
		} else if prev < 0x80 {
			pairs += int(ascii[(uint(prev)<<7|uint(b))&(128*128-1)])
		}
		prev = b
	}
	ws.asciiPairs += pairs
	counts[uint(prevWord)<<5&(wordCountsLen-1)]++
	counts[0] = 0
	// Every letter is counted once as the second of a pair, and a run
	// starts at each letter after a non-letter (class 0).
	for a := 0; a < WordClasses; a++ {
		for c := 1; c < WordClasses; c++ {
			ws.letters += int(counts[a<<5|c])
		}
	}
	for c := 1; c < WordClasses; c++ {
		ws.runs += int(counts[c])
	}
	ws.words = appendWordPairs(ws.words[:0], (*[WordClasses << 5]int32)(counts[:WordClasses<<5]))
}

// wordCountsLen is the length of windowStats.wordCounts: a power of two
// (pairs of word classes a<<5|b fill WordClasses<<5 of it).
const wordCountsLen = 32 << 5

// mbCut says the multi-byte readings decode only the pieces of a window
// that need it (mbText); tests turn it off to compare.
var mbCut = true

// loneHigh is loneHighBytes of p, whose bytes above 7F are at high.
func loneHigh(p []byte, high []int32) bool {
	lone := 0
	for _, q := range high {
		i := int(q)
		if (i == 0 || p[i-1] < 0x80) && (i+1 == len(p) || p[i+1] < 0x80) {
			lone++
		}
	}
	return len(high) >= 4 && lone*4 >= len(high)*3
}

// sameReading reports whether e and f read every byte of present (bytes
// above 7F) alike, up to Romanian's comma-below and cedilla forms of s and
// t, which the models cannot tell apart (Fold) and no byte distinguishes.
func sameReading(e, f *Encoding, present []byte) bool {
	for _, b := range present {
		if !sameByte(e, f, b) {
			return false
		}
	}
	return true
}

// sameByte reports whether e and f read byte b alike (sameReading).
func sameByte(e, f *Encoding, b byte) bool { return SameByte(e, f, b) }

// SameByte reports whether the single-byte encodings e and f read byte b
// alike, up to Romanian's comma-below and cedilla forms of s and t: the
// rule by which Scored.Equiv lists encodings.
func SameByte(e, f *Encoding, b byte) bool {
	r, q := rune(e.Table[b]), rune(f.Table[b])
	return r == q || Fold(r) == Fold(q) && (commaForm(r) || commaForm(q))
}

// readingDiffs holds, for each pair of single-byte encodings (indexes i <
// j in Encodings), the bytes above 7F that they read differently
// (sameByte) as a 128-bit mask: sameReading's walk over the bytes present,
// for every pair RankWindow compares, was a fortieth of what detecting a
// small file cost. Computed at once (about a million instructions) when a
// process ranks its third window.
type readingDiffs struct {
	n    int
	mask [][2]uint64 // at i*n+j
}

// readingDiffs returns m's readingDiffs, computed on first use.
func (m *Model) readingDiffs() *readingDiffs {
	m.diffsOnce.Do(func() {
		n := len(Encodings)
		d := &readingDiffs{n: n, mask: make([][2]uint64, n*n)}
		for i, e := range Encodings {
			if e.Table == nil {
				continue
			}
			for j := i + 1; j < n; j++ {
				f := Encodings[j]
				if f.Table == nil {
					continue
				}
				diff := &d.mask[i*n+j]
				for b := 0x80; b < 0x100; b++ {
					if !sameByte(e, f, byte(b)) {
						diff[(b-0x80)>>6] |= 1 << (b & 63)
					}
				}
			}
		}
		m.diffs = d
	})
	return m.diffs
}

// same is sameReading of Encodings[i] and Encodings[j] (single-byte, i <
// j) on the bytes above 7F whose bits present sets (bit b-0x80).
func (d *readingDiffs) same(i, j int, present *[2]uint64) bool {
	diff := &d.mask[i*d.n+j]
	return diff[0]&present[0]|diff[1]&present[1] == 0
}

// commaForm reports whether r is one of ș, ț, Ș, Ț.
func commaForm(r rune) bool { return r == 'ș' || r == 'ț' || r == 'Ș' || r == 'Ț' }

// scoreDecoded scores p decoded with e, a multi-byte encoding. complete
// says p is the whole input: a sequence its end cuts short is then an
// invalid one, as for UTF-8 and an odd length for UTF-16; otherwise it is
// where the prefix was cut, and costs nothing.
func (m *Model) scoreDecoded(e *Encoding, p []byte, t *mbText, complete bool) Scored {
	return m.scoreDecodedEarly(e, p, t, complete, false)
}

// scoreDecodedEarly is scoreDecoded; with early, of a reading whose
// verdict is wanted only when it is not ruled out (a ruled-out one's
// Cost, the order of the ruled-out readings, is then 1e18 whatever it
// was), a reading ruledEarly rules out is not scored: ruledInvalid.
func (m *Model) scoreDecodedEarly(e *Encoding, p []byte, t *mbText, complete, early bool) Scored {
	rss := m.scorers(e)
	endsBad, ok, ruled := addDecoded(e, p, t, rss, early, complete)
	if !ok {
		return Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Ruled: "does not decode"}
	}
	if ruled {
		return ruledInvalid(e, rss)
	}
	return m.scored(e, rss, endsBad, complete)
}

// addDecoded adds p decoded with e to rss, through t, p's mbText, unless
// it is nil; it reports whether the decoded text ends with U+FFFD, and
// false when the decoder fails. With early, rss holding nothing yet, a
// reading its decoded text proves ruled out (ruledEarly) is reported
// ruled, and not scored.
func addDecoded(e *Encoding, p []byte, t *mbText, rss []RuneScorer, early, complete bool) (endsBad, ok, ruled bool) {
	if t != nil {
		return t.add(e, rss, early, complete)
	}
	buf := decodeBufs.Get().(*[]byte)
	defer decodeBufs.Put(buf)
	text, err := e.decodeTo(buf, p)
	if err != nil {
		return false, false, false
	}
	valid := utf8kernel.ValidPrefix(text) == len(text)
	if early && valid && ruledEarly(text, rss, complete) {
		return false, true, true
	}
	for i := range rss {
		rss[i].addText(text, valid)
	}
	return len(text) >= 3 && string(text[len(text)-3:]) == "\uFFFD", true, false
}

// ruledEarly reports whether text, the well-formed decoded text (or
// pieces of it joined by NULs) of a reading whose scorers rss have read
// nothing yet, proves that scored would rule the reading out for
// invalid or undefined sequences, so that scoring its runes is of no use:
// with one scorer, whose language is then the reading's whatever its
// cost, of a CJK language that reads U+FFFD as Bad, its Wide will be the
// runes above 7F in text and its Bads at least the U+FFFDs in text, less
// the one scored may forgive when the text is not complete. (A Cyrillic
// or Greek text read as Shift_JIS, EUC-JP, GB18030 or Johab is ruled out
// so on its first kilobyte, and scoring it was a tenth of what detecting
// one small such file cost.) TestRuledEarly holds it to scored.
func ruledEarly(text []byte, rss []RuneScorer, complete bool) bool {
	if len(rss) != 1 || !rss[0].L.CJK || bmp(0xFFFD)&classMask != Bad {
		return false
	}
	// (the EF bytes, counted fast, bound the U+FFFDs from above: most
	// readings are settled by them)
	forgiven := 0
	if !complete {
		forgiven = 1
	}
	wide := wideRunes(text)
	if (bytes.Count(text, []byte{0xEF})-forgiven)*4 <= wide {
		return false
	}
	return (countFFFD(text)-forgiven)*4 > wide
}

// countFFFD is bytes.Count(p, "\uFFFD") for p well-formed UTF-8, from
// one EF byte to the next (bytes.Count's search for the three bytes was
// five times as many instructions on a Greek text read as Big5).
func countFFFD(p []byte) int {
	n := 0
	for {
		i := bytes.IndexByte(p, 0xEF)
		if i < 0 || i+2 >= len(p) {
			return n
		}
		if p[i+1] == 0xBF && p[i+2] == 0xBD {
			n++
			i += 2
		}
		p = p[i+1:]
	}
}

// wideRunes is the number of runes above 7F in p, well-formed UTF-8: its
// bytes C0 and above, counted eight at a time.
func wideRunes(p []byte) int {
	n := 0
	for len(p) >= 8 {
		x := binary.LittleEndian.Uint64(p)
		n += bits.OnesCount64(x & (x << 1) & 0x8080808080808080)
		p = p[8:]
	}
	for _, b := range p {
		if b >= 0xC0 {
			n++
		}
	}
	return n
}

// ruledInvalid is the verdict on e's reading that ruledEarly rules out,
// its one scorer rss[0] having read nothing: its language, ruled out for
// invalid or undefined sequences, as scored says, at the cost of a reading
// ruled out on a probe (1e18; scored's others, High, HighCost, Foreign,
// are left zero: no caller reads them of a ruled-out reading).
func ruledInvalid(e *Encoding, rss []RuneScorer) Scored {
	return Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Lang: rss[0].L, Ruled: "invalid or undefined sequences"}
}

// scorers are a RuneScorer for each of e's languages with a model.
func (m *Model) scorers(e *Encoding) []RuneScorer {
	var rss []RuneScorer
	for _, tag := range e.Langs {
		if l := m.Lang(tag); l != nil {
			rss = append(rss, RuneScorer{L: l})
		}
	}
	return rss
}

// scored is the Scored of e's reading whose runes rss have scored, its
// decoded text ending with U+FFFD when endsBad.
func (m *Model) scored(e *Encoding, rss []RuneScorer, endsBad, complete bool) Scored {
	s := Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18}
	for _, rs := range rss { // copies: the scorers go on unchanged
		nonASCII := rs.Wide
		// A sequence cut by the end of a prefix is not the encoding's fault.
		if !complete && endsBad && rs.Bads > 0 {
			rs.Cost -= BadCost
			rs.Bads--
		}
		c := rs.Total() + float64(e.Prior)
		if c < s.Cost {
			s.Cost, s.Lang, s.High, s.HighCost, s.Foreign = c, rs.L, rs.Wide, float64(rs.WideCost)+rs.CaseCost(), rs.Foreign
		}
		if rs.Bads*4 > nonASCII {
			s.Ruled = "invalid or undefined sequences"
		}
	}
	return s
}

// scoreProbed is the probe's verdict and, when it lets e through,
// scoreDecoded of all of q, for a probe that ends a line: the bytes after
// a line feed decode as they would alone (0A is a whole character in every
// multi-byte encoding, none of which keeps a state across it), so the
// probe's text is decoded and scored once, and the rest of q decoded and
// scored after it, instead of all of q again.
func (m *Model) scoreProbed(e *Encoding, probe, q []byte, ts *mbTextSet, complete bool, hopeless func(Scored) bool, farWorse string) Scored {
	rss := m.scorers(e)
	endsBad, ok, ruled := addDecoded(e, probe, ts.of(probe), rss, true, false)
	if !ok {
		return Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Ruled: "does not decode"}
	}
	if ruled {
		return ruledInvalid(e, rss)
	}
	if s := m.scored(e, rss, endsBad, false); s.Ruled != "" || hopeless(s) {
		if s.Ruled == "" {
			s.Ruled = farWorse
		}
		s.Cost = 1e18
		return s
	}
	rest := q[len(probe):]
	endsBad, ok, _ = addDecoded(e, rest, ts.of(rest), rss, false, complete)
	if !ok {
		return m.scoreDecoded(e, q, ts.of(q), complete)
	}
	return m.scored(e, rss, endsBad, complete)
}

// mbTextSet holds the mbTexts of the few parts of a window the
// multi-byte readings decode (the probe, the rest, the whole), each cut
// when first asked for and shared by every encoding.
type mbTextSet struct {
	ascii *[128 * 128]uint8
	off   bool // (tests: no mbTexts, every reading decoded whole)
	n     int
	parts [3]struct {
		p []byte
		t *mbText
	}
}

// of returns p's mbText, or nil when p is not cut (it holds a NUL byte).
func (ts *mbTextSet) of(p []byte) *mbText {
	if ts == nil || ts.off {
		return nil
	}
	for _, x := range ts.parts[:ts.n] {
		if len(x.p) == len(p) && (len(p) == 0 || &x.p[0] == &p[0]) {
			return x.t
		}
	}
	t := mbTextOf(p, ts.ascii)
	if ts.n < len(ts.parts) {
		ts.parts[ts.n].p, ts.parts[ts.n].t = p, t
		ts.n++
	}
	return t
}

// release gives the mbTexts back.
func (ts *mbTextSet) release() {
	for i := range ts.parts[:ts.n] {
		if t := ts.parts[i].t; t != nil {
			t.release()
		}
		ts.parts[i].p, ts.parts[i].t = nil, nil
	}
	ts.n = 0
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
// byte above 7F (a line longer than longLine bytes counting as pieces of
// about that size, cut where no character can be split: cutLong), in
// order, up to statHigh such bytes or statBytes in all,
// and whether it is p's contiguous start (no line was left out). Only
// those bytes tell the encodings apart; lines of ASCII (markup, roff
// requests, CSV punctuation, code) read alike in every candidate, and on
// a long document they would outweigh the few lines that carry the
// answer. Cutting at line feeds never splits a character of a supported
// encoding: 0A is neither a lead nor a trail byte in any of them. Every
// candidate is scored on this same window, so their costs compare.
func Window(p []byte) (w []byte, contiguous bool) {
	return WindowTo(p, nil)
}

// WindowBufs are the buffers WindowTo builds a window in, kept between
// windows (a window of lines picked from a long text, and the same
// without markup, were a fifth of the memory detecting a file took).
type WindowBufs struct{ lines, stripped []byte }

// WindowTo is Window, building the window in bufs (grown as needed) when
// it is not p's own start: the window is then valid until bufs' next use.
// bufs may be nil.
func WindowTo(p []byte, bufs *WindowBufs) (w []byte, contiguous bool) {
	var lines, stripped []byte
	if bufs != nil {
		lines, stripped = bufs.lines[:0], bufs.stripped[:0]
	}
	w, contiguous = evidenceLines(p, lines)
	if bufs != nil && !contiguous {
		bufs.lines = w
	}
	if s, changed := stripMarkup(w, stripped); changed {
		if bufs != nil {
			bufs.stripped = s
		}
		return s, false
	}
	return w, contiguous
}

// longLine is the longest line Window takes as one: a longer one is cut
// into pieces (cutLong), so that one long line of ASCII (minified code, a
// text with CR line ends, a table in one line) does not bring all its
// ASCII in with the few bytes above 7F at its end.
const longLine = 1 << 10

// cutLong returns where the piece of the long line l that Window takes as
// a line ends: just after its last byte below 0x30 in l[longLine/2:longLine]
// (space, tab and most punctuation: never inside a character of a
// supported multi-byte encoding, whose trail bytes are 0x30 or more), or
// else just after its first one past that, or else at its end.
func cutLong(l []byte) int {
	for k := longLine - 1; k >= longLine/2; k-- {
		if l[k] < 0x30 {
			return k + 1
		}
	}
	for k := longLine; k < len(l); k++ {
		if l[k] < 0x30 {
			return k + 1
		}
	}
	return len(l)
}

// evidenceLines is Window before markup is taken out.
func evidenceLines(p []byte, buf []byte) (w []byte, contiguous bool) {
	p = p[:min(len(p), 4*statBytes)]
	high, start, keep := 0, 0, 0
	var out []byte
	var seen repeats
	for start < len(p) {
		end := lineEnd(p, start)
		line := p[start:end]
		if n := highBytes(line); n > 0 && (n > sparseLine || seen.fresh(line)) {
			if keep == start && out == nil {
				keep = end // still p's own start: no copy yet
			} else {
				if out == nil {
					out = startCopy(buf, p[:keep])
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
	if start < len(p) {
		// The budget is spent before p's end (the loop ends early only so).
		out = rareLines(p, start, keep, out, buf)
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

// sparseLine is the most bytes above 7F a line may hold for Window to
// leave it out as a repeat (repeats), and repeatCap how often Window takes
// a context of such lines' bytes above 7F (the byte, the byte before and
// the byte after it).
const (
	sparseLine = 4
	repeatCap  = 2
)

// repeats counts the contexts of the bytes above 7F in the sparse lines
// Window took, so that it leaves out a sparse line all of whose contexts
// it took repeatCap times: "Copyright © 1994" on eight lines of a file's
// head, or one made-up word used on every line of a test, is one piece of
// evidence, not eight, however the models would add them up. The table
// holds up to repeatSlots*3/4 contexts; once full, every line is taken.
type repeats struct {
	keys  [repeatSlots]uint32
	count [repeatSlots]uint8
	n     int
}

const repeatSlots = 128

// contextKey is the context of line[i] (a byte above 7F): the bytes
// before and after it, a line feed at the line's ends.
func contextKey(line []byte, i int) uint32 {
	prev, next := byte('\n'), byte('\n')
	if i > 0 {
		prev = line[i-1]
	}
	if i+1 < len(line) {
		next = line[i+1]
	}
	return uint32(prev)<<16 | uint32(line[i])<<8 | uint32(next)
}

// slot returns the slot of key: where it is, or the empty one where it
// would go.
func (r *repeats) slot(key uint32) int {
	i := int(key * 0x9E3779B1 >> 25) // 7 bits: repeatSlots
	for r.keys[i] != 0 && r.keys[i] != key {
		i = (i + 1) % repeatSlots
	}
	return i
}

// fresh reports whether Window takes line, which holds at most sparseLine
// bytes above 7F: whether one of their contexts was taken fewer than
// repeatCap times (or the table is full). It counts them when so.
func (r *repeats) fresh(line []byte) bool {
	if r.n >= repeatSlots*3/4 {
		return true
	}
	any := false
	for i, b := range line {
		if b >= 0x80 {
			if k := r.slot(contextKey(line, i)); r.keys[k] == 0 || r.count[k] < repeatCap {
				any = true
				break
			}
		}
	}
	if !any {
		return false
	}
	for i, b := range line {
		if b >= 0x80 && r.n < repeatSlots*3/4 {
			key := contextKey(line, i)
			k := r.slot(key)
			if r.keys[k] == 0 {
				r.keys[k] = key
				r.n++
			}
			r.count[k] = min(r.count[k]+1, repeatCap)
		}
	}
	return true
}

// lineEnd returns where the line of p that starts at start ends, as
// Window takes lines: after its line feed, or at a piece's end (cutLong)
// when it is longer than longLine.
func lineEnd(p []byte, start int) int {
	end := bytes.IndexByte(p[start:], '\n')
	if end < 0 {
		end = len(p)
	} else {
		end += start + 1
	}
	if end-start > longLine {
		end = start + cutLong(p[start:end])
	}
	return end
}

// startCopy returns buf (or a new buffer, when buf is too small) holding
// the window's first lines, w.
func startCopy(buf, w []byte) []byte {
	if cap(buf) < statBytes {
		buf = make([]byte, 0, statBytes)
	}
	return append(buf[:0], w...)
}

// rareBudget is how many bytes of lines Window adds, once its budget is
// spent, for the bytes above 7F that the lines it took hold none of
// (rareLines).
const rareBudget = 2 << 10

// rareLines adds to the window (p[:keep] when out is nil, else out),
// whose budget ran out at p[start], the first line of p[start:] that
// holds each byte above 7F the window holds none of, up to rareBudget
// bytes of lines (lines longer than 2*longLine left out), and returns it
// (nil when it added none and out was nil). The bytes that tell two
// encodings apart are often rare: a Greek text's one Ά, which
// ISO-8859-7 reads where Windows-1253 reads ¶, or one ș in a Romanian
// text. When the window ends before the first of them, the two readings
// score alike and only their priors decide; with the line in the window,
// its context does, as it would had the text been shorter.
func rareLines(p []byte, start, keep int, out, buf []byte) []byte {
	// unseen marks the bytes above 7F the window holds none of (ASCII
	// bytes are never marked).
	var unseen [256]uint8
	for b := 0x80; b < 256; b++ {
		unseen[b] = 1
	}
	w := out
	if w == nil {
		w = p[:keep]
	}
	markSeen(&unseen, w)
	added := 0
	for start < len(p) && added < rareBudget {
		end := lineEnd(p, start)
		line := p[start:end]
		start = end
		if len(line) > 2*longLine || !holdsUnseen(line, &unseen) {
			continue
		}
		if out == nil {
			out = startCopy(buf, p[:keep])
		}
		out = append(out, line...)
		added += len(line)
		markSeen(&unseen, line)
	}
	return out
}

// markSeen clears the marks of p's bytes in unseen.
func markSeen(unseen *[256]uint8, p []byte) {
	for len(p) >= 8 {
		if binary.LittleEndian.Uint64(p)&0x8080808080808080 != 0 {
			unseen[p[0]], unseen[p[1]], unseen[p[2]], unseen[p[3]] = 0, 0, 0, 0
			unseen[p[4]], unseen[p[5]], unseen[p[6]], unseen[p[7]] = 0, 0, 0, 0
		}
		p = p[8:]
	}
	for _, b := range p {
		unseen[b] = 0
	}
}

// holdsUnseen reports whether p holds a byte marked in unseen.
func holdsUnseen(p []byte, unseen *[256]uint8) bool {
	for len(p) >= 8 {
		if binary.LittleEndian.Uint64(p)&0x8080808080808080 != 0 &&
			unseen[p[0]]|unseen[p[1]]|unseen[p[2]]|unseen[p[3]]|unseen[p[4]]|unseen[p[5]]|unseen[p[6]]|unseen[p[7]] != 0 {
			return true
		}
		p = p[8:]
	}
	for _, b := range p {
		if unseen[b] != 0 {
			return true
		}
	}
	return false
}

// stripMarkup replaces each HTML or XML tag and character reference in w
// (all ASCII, within a line) with a space, and reports whether it found
// any. Tags are English words and punctuation the text around them does
// not contain: within the lines that carry the answer they would still
// tilt the language models towards English and its encodings. '<', '>'
// and '&' are never trail bytes of a supported double-byte encoding, so
// no character is split.
func stripMarkup(w, buf []byte) ([]byte, bool) {
	var out []byte
	last := 0 // w[last:] is not copied yet
	// The next '<' and '&' at or after i, found by IndexByte (a byte at a
	// time, this loop was a fortieth of what detecting a small file cost).
	lt, amp := -1, -1
	for i := 0; ; {
		if lt < i {
			lt = nextByte(w, i, '<')
		}
		if amp < i {
			amp = nextByte(w, i, '&')
		}
		if i = min(lt, amp); i >= len(w) {
			break
		}
		n := markupLen(w[i:])
		if n == 0 {
			i++
			continue
		}
		if out == nil {
			if cap(buf) < len(w) {
				buf = make([]byte, 0, len(w))
			}
			out = buf[:0]
		}
		out = append(append(out, w[last:i]...), ' ')
		i += n
		last = i
	}
	if out == nil {
		return w, false
	}
	return append(out, w[last:]...), true
}

// nextByte is the index of the first c in w at or after i, or len(w).
func nextByte(w []byte, i int, c byte) int {
	if j := bytes.IndexByte(w[i:], c); j >= 0 {
		return i + j
	}
	return len(w)
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
