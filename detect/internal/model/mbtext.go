package model

import (
	"bytes"
	"slices"
	"sync"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// mbText is a text read as the multi-byte encodings, cut into what they
// decode differently and what they all decode alike, once for all of
// them. Only its pieces, the stretches that start at a byte above 7F, go
// through a decoder and the scorers' rune loop; the ASCII between them is
// scored from sums taken once (most of a Cyrillic or Greek text read as
// Big5, GBK or EUC-KR is ASCII: spaces, punctuation, markup, addresses;
// decoding and scoring all of it seven times was most of what a process
// detecting one small such file cost).
//
// Where the text cuts: two ASCII bytes in a row end a piece, with the
// second one in it. In every multi-byte encoding an ASCII byte is either a
// character of its own or the last byte of a sequence, never a lead byte,
// and no decoder looks past an ASCII byte that ends or follows a sequence:
// the second of two ASCII bytes is therefore a character of its own, what
// comes before it decodes as it would if the text ended there, and what
// comes after it as it would if the text started there
// (TestMBTextDecodesAlike holds every encoding to this). The pieces are
// decoded together, joined by NUL bytes (a text with a NUL byte is not cut:
// mbTextOf), and the ASCII after each piece, each byte after an ASCII
// character, adds to a scorer what AddText's ASCII loop would: sums over
// its pairs of bytes, the same in every reading.
type mbText struct {
	x []byte
	// lead is the length of the ASCII x starts with.
	lead   int
	pieces []mbPiece
	// stretches are the pairs of ASCII bytes scored by sums: the first
	// those of x[:lead] after its first byte (pairs at 1..lead-1), then
	// the one after each piece (pairs at the piece's end up to the next
	// piece or the end of x).
	stretches []mbStretch
	// words holds, for the languages met so far (one for all those with
	// the same Lang.Words), the sum of Lang.Words over each stretch's
	// pairs.
	words []mbWords
	// joined is the pieces joined by NULs (a buffer of decodeBufs, held
	// until release), made by the first reading that decodes them: it
	// is the same for every encoding (joining them again for each of the
	// seven was about 33,000 instructions in a process that detected one
	// small Greek file).
	joined *[]byte
}

// mbPiece is x[start:end]; endsText says it ends where x does (it is then
// decoded as the end of the text, without a NUL after it).
type mbPiece struct {
	start, end int32
}

// mbStretch is the pairs (x[j-1], x[j]) for j in [a, b), every byte ASCII:
// the sum of the shared ASCII model over them, how many of their second
// bytes are letters, and how many of those start a run of letters.
type mbStretch struct {
	a, b            int32
	ascii           int32
	letters, starts int32
}

type mbWords struct {
	l    *Lang
	sums []int32
}

// mbTexts recycles mbTexts between windows.
var mbTexts = sync.Pool{New: func() any { return new(mbText) }}

// mbTextOf cuts x (see mbText), with ascii the shared ASCII model, or
// returns nil when x holds a NUL byte (the pieces are joined by NULs).
func mbTextOf(x []byte, ascii *[128 * 128]uint8) *mbText {
	if bytes.IndexByte(x, 0) >= 0 {
		return nil
	}
	t := mbTexts.Get().(*mbText)
	if t.pieces == nil {
		// (room for a small file's pieces at once, not grown again and again)
		t.pieces, t.stretches = make([]mbPiece, 0, 128), make([]mbStretch, 0, 129)
	}
	if t.joined != nil { // (release gives it back: not met)
		decodeBufs.Put(t.joined)
		t.joined = nil
	}
	t.x, t.pieces, t.stretches = x, t.pieces[:0], t.stretches[:0]
	for i := range t.words {
		t.words[i] = mbWords{sums: t.words[i].sums[:0]}
	}
	t.words = t.words[:0]
	i := 0
	for i < len(x) && x[i] < 0x80 {
		i++
	}
	t.lead = i
	t.stretches = append(t.stretches, stretchOf(x, min(1, i), i, ascii))
	for i < len(x) {
		// x[i] is above 7F: the piece goes on to the second of two ASCII
		// bytes.
		start := i
		j := i + 2
		for j < len(x) && !(x[j] < 0x80 && x[j-1] < 0x80) {
			j++
		}
		end := min(j+1, len(x))
		t.pieces = append(t.pieces, mbPiece{int32(start), int32(end)})
		k := end
		for k < len(x) && x[k] < 0x80 {
			k++
		}
		t.stretches = append(t.stretches, stretchOf(x, end, k, ascii))
		i = k
	}
	return t
}

// release gives t back to mbTexts.
func (t *mbText) release() {
	t.x = nil
	if t.joined != nil {
		decodeBufs.Put(t.joined)
		t.joined = nil
	}
	for i := range t.words {
		t.words[i].l = nil
	}
	mbTexts.Put(t)
}

// stretchOf sums the pairs of x at a..b-1 (every byte of x[a-1:b] ASCII).
func stretchOf(x []byte, a, b int, ascii *[128 * 128]uint8) mbStretch {
	s := mbStretch{a: int32(a), b: int32(b)}
	if a >= b {
		return s
	}
	prev := x[a-1]
	prevLetter := wordClass[prev] != 0
	sum, letters, starts := 0, 0, 0
	for _, c := range x[a:b] {
		letter := wordClass[c] != 0
		if letter {
			letters++
			if !prevLetter {
				starts++
			}
		}
		sum += int(ascii[(uint(prev)<<7|uint(c))&(128*128-1)])
		prev, prevLetter = c, letter
	}
	s.ascii, s.letters, s.starts = int32(sum), int32(letters), int32(starts)
	return s
}

// wordSums returns the sum of l.Words over each stretch's pairs.
func (t *mbText) wordSums(l *Lang, wt *[1 << 10]int8) []int32 {
	for _, w := range t.words {
		if w.l == l || w.l.Words == l.Words { // (the CJK languages share theirs)
			return w.sums
		}
	}
	var sums []int32
	if n := len(t.words); n < cap(t.words) {
		sums = t.words[:n+1][n].sums[:0]
	}
	if cap(sums) < len(t.stretches) {
		sums = make([]int32, 0, len(t.stretches))
	}
	for _, s := range t.stretches {
		sum := 0
		if s.a < s.b {
			wp := wordClass[t.x[s.a-1]]
			for _, c := range t.x[s.a:s.b] {
				w := wordClass[c]
				sum += int(wt[(uint(wp)<<5|uint(w))&(1<<10-1)])
				wp = w
			}
		}
		sums = append(sums, int32(sum))
	}
	t.words = append(t.words, mbWords{l, sums})
	return sums
}

// addStretch adds stretch k to s, as AddText's ASCII loop would add its
// bytes after the byte before them (the last character s has read).
func (t *mbText) addStretch(s *RuneScorer, k int, words []int32) {
	st := &t.stretches[k]
	if st.a >= st.b {
		return
	}
	l := s.L
	s.Cost += int(st.ascii) + int(st.starts)*l.ASCIICost
	s.Letters += int(st.letters)
	s.Runes += int(st.b - st.a)
	last := t.x[st.b-1]
	if words != nil {
		s.words += int(words[k])
		s.wordPrev = wordClass[last]
	}
	s.prevRune = rune(last)
	s.prev, s.prevCase = l.asciiClasses()[last], asciiCase[last]
}

// add decodes t with e and adds its characters to rss, as AddText of the
// whole decoded text would; it reports whether that text ends with
// U+FFFD, and false when the decoder fails (nothing is added then). With
// early, a reading the decoded text alone proves ruled out (ruledEarly;
// complete as for scored) is not scored: add then reports ruled, and
// nothing is added.
func (t *mbText) add(e *Encoding, rss []RuneScorer, early, complete bool) (endsBad, ok, ruled bool) {
	buf := decodeBufs.Get().(*[]byte)
	defer decodeBufs.Put(buf)
	text, err := decodeJoined(e, buf, t.join())
	if err != nil {
		return false, false, false
	}
	// (decoders write well-formed UTF-8; checked once, in bulk)
	valid := utf8kernel.ValidPrefix(text) == len(text)
	if early && valid && ruledEarly(text, rss, complete) {
		return false, true, true
	}
	// The pieces' texts, in order, and the ends of the stretches after
	// them, for each scorer in turn.
	segs := text
	var last []byte
	for i := range rss {
		s := &rss[i]
		var words []int32
		if wt := s.L.wordArray(); wt != nil {
			words = t.wordSums(s.L, wt)
		}
		if t.lead > 0 {
			s.AddText(t.x[:1])
			t.addStretch(s, 0, words)
		}
		rest := segs
		for k := range t.pieces {
			seg := rest
			if k+1 < len(t.pieces) {
				n := bytes.IndexByte(rest, 0)
				if n < 0 {
					return false, false, false // (cannot happen: see TestMBTextDecodesAlike)
				}
				seg, rest = rest[:n], rest[n+1:]
			}
			s.addText(seg, valid)
			t.addStretch(s, k+1, words)
			last = seg
		}
	}
	if n := len(t.pieces); n > 0 && int(t.pieces[n-1].end) == len(t.x) {
		endsBad = len(last) >= 3 && string(last[len(last)-3:]) == "\uFFFD"
	}
	return endsBad, true, false
}

// join returns t's pieces joined by NULs, joined on first use.
func (t *mbText) join() []byte {
	if t.joined != nil {
		return *t.joined
	}
	t.joined = decodeBufs.Get().(*[]byte)
	j := (*t.joined)[:0]
	if n := len(t.x) + len(t.pieces); cap(j) < n {
		j = make([]byte, 0, decodeRoom(n))
	}
	for k, p := range t.pieces {
		if k > 0 {
			j = append(j, 0)
		}
		j = append(j, t.x[p.start:p.end]...)
	}
	*t.joined = j
	return j
}

// decodeJoined is e.decodeTo(buf, j) for j, an mbText's pieces joined by
// NULs. For EUC-TW and Johab, whose decoders (transcode's) stop at each
// ill-formed sequence and cost about a thousand instructions to go on
// (Cyrillic or Greek text read so is full of them: a letter before a
// space), the sequences that their structure alone makes ill-formed
// (eucTWAt, johabAt) are cut out and each replaced by the U+FFFD the decoder
// writes for it, and the rest is decoded in one call, the cuts marked by
// NULs. TestDecodeJoinedAlike holds it to the decoder.
func decodeJoined(e *Encoding, buf *[]byte, j []byte) ([]byte, error) {
	var tw bool
	switch e.Name {
	case "euc-tw":
		tw = true
	case "johab":
	default:
		return e.decodeTo(buf, j)
	}
	sc := decodeBufs.Get().(*[]byte)
	defer decodeBufs.Put(sc)
	chunks := (*sc)[:0]
	if cap(chunks) < len(j) {
		chunks = make([]byte, 0, decodeRoom(len(j)))
	}
	// cuts marks, for each NUL of chunks in turn, whether it stands for
	// an ill-formed sequence (true) or is one of j's (false)
	var cutsBuf [256]bool
	cuts := cutsBuf[:0]
	last := 0
	for u := 0; u < len(j); {
		b := j[u]
		if b < 0x80 {
			if b == 0 {
				cuts = append(cuts, false)
			}
			u++
			continue
		}
		var n int
		var bad bool
		if tw {
			n, bad = eucTWAt(j, u)
		} else {
			n, bad = johabAt(j, u)
		}
		if n == 0 {
			break // cut short by the end: the decoder's
		}
		if bad {
			chunks = append(append(chunks, j[last:u]...), 0)
			cuts = append(cuts, true)
			last = u + n
		}
		u += n
	}
	if len(cuts) == 0 || !slices.Contains(cuts, true) {
		*sc = chunks
		return e.decodeTo(buf, j)
	}
	chunks = append(chunks, j[last:]...)
	*sc = chunks
	dec := decodeBufs.Get().(*[]byte)
	defer decodeBufs.Put(dec)
	text, err := e.decodeTo(dec, chunks)
	if err != nil {
		return nil, err
	}
	// the decoded chunks again, into buf, each cut's NUL a U+FFFD
	out := (*buf)[:0]
	if need := len(text) + 2*len(cuts); cap(out) < need {
		out = make([]byte, 0, max(need, decodeRoom(len(j))))
	}
	k := 0
	for {
		i := bytes.IndexByte(text, 0)
		if i < 0 {
			break
		}
		if k >= len(cuts) {
			return e.decodeTo(buf, j) // (cannot happen)
		}
		out = append(out, text[:i]...)
		if cuts[k] {
			out = append(out, "\uFFFD"...)
		} else {
			out = append(out, 0)
		}
		k++
		text = text[i+1:]
	}
	out = append(out, text...)
	*buf = out
	return out, nil
}

// eucTWAt returns the length of the EUC-TW sequence that starts with the
// byte above 7F at p[u] and whether its structure alone makes it
// ill-formed (one well formed but unmapped is the decoder's), or 0 when
// the end of p cuts it short: A1-FE A1-FE (CNS 11643 plane 1) and A1-FE A1-FE (CNS 11643 plane 1) and
// 8E A1-B0 A1-FE A1-FE (planes 1-16); a trail byte out of its range ends
// the ill-formed sequence before it when it is ASCII, with it otherwise.
func eucTWAt(p []byte, u int) (int, bool) {
	switch b := p[u]; {
	case b == 0x8E:
		for i := 1; i < 4; i++ {
			if u+i >= len(p) {
				return 0, false
			}
			c, hi := p[u+i], byte(0xFE)
			if i == 1 {
				hi = 0xB0
			}
			if c < 0xA1 || c > hi {
				if c < 0x80 {
					return i, true
				}
				return i + 1, true
			}
		}
		return 4, false
	case b >= 0xA1 && b <= 0xFE:
		if u+1 >= len(p) {
			return 0, false
		}
		if t := p[u+1]; t < 0xA1 || t == 0xFF {
			if t < 0x80 {
				return 1, true
			}
			return 2, true
		}
		return 2, false
	}
	return 1, true
}

// johabAt is eucTWAt for Johab: a lead 84-D3, D8-DE or E0-F9, a trail
// 31-FE (an ASCII trail out of range is read again).
func johabAt(p []byte, u int) (int, bool) {
	b := p[u]
	if !(b >= 0x84 && b <= 0xD3 || b >= 0xD8 && b <= 0xDE || b >= 0xE0 && b <= 0xF9) {
		return 1, true
	}
	if u+1 >= len(p) {
		return 0, false
	}
	if t := p[u+1]; t < 0x31 || t == 0xFF {
		if t < 0x80 {
			return 1, true
		}
		return 2, true
	}
	return 2, false
}
