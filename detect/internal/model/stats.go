package model

import (
	"encoding/binary"
	"sort"
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
}

// TopPairs is how many (single-byte encoding, language) pairs the byte
// pre-filter lets through to full bigram scoring.
const TopPairs = 10

type pair struct {
	t   *ByteTable
	uni int
}

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
				ts = append(ts, NewByteTable(e, l))
			}
		}
	}
	v, _ := tablesOnce.LoadOrStore(m, ts)
	return v.([]*ByteTable)
}

// Rank scores every legacy encoding on p (the statistics prefix). full is the
// byte histogram of everything read (p included, and perhaps more); it decides
// which encodings read the input identically and charges undefined bytes seen
// beyond p. The result is sorted, best first.
func (m *Model) Rank(p []byte, full *[256]int) []Scored {
	var hist [256]int
	for _, b := range p {
		hist[b]++
	}
	if full == nil {
		full = &hist
	}
	// Single-byte encodings: pre-filter on byte frequencies, then bigrams.
	ts := m.tables()
	pairs := make([]pair, len(ts))
	for i, t := range ts {
		pairs[i] = pair{t, t.UniScore(&hist) + t.Enc.Prior}
	}
	sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].uni < pairs[j].uni })
	best := map[*Encoding]*Scored{}
	var order []*Encoding
	for i, pr := range pairs {
		e := pr.t.Enc
		s := best[e]
		if s == nil {
			s = &Scored{Name: e.Name, Iconv: e.Iconv, Cost: 1e18, Ruled: "its byte frequencies fit none of its languages"}
			best[e] = s
			order = append(order, e)
		}
		if i >= TopPairs {
			continue
		}
		c := float64(pr.t.Score(p) + e.Prior)
		for b, n := range full {
			if n > hist[b] && pr.t.Class[b] == Bad {
				c += float64((n - hist[b]) * BadCost)
			}
		}
		if c < s.Cost {
			s.Cost, s.Lang, s.Ruled = c, pr.t.L, ""
		}
	}
	// Merge single-byte encodings that read every byte present the same way.
	var out []Scored
	merged := map[*Encoding]bool{}
	for _, e := range Encodings {
		if e.Table == nil || merged[e] || best[e] == nil {
			continue
		}
		s := *best[e]
		for _, f := range Encodings {
			if f == e || f.Table == nil || merged[f] || best[f] == nil || !sameReading(e, f, full) {
				continue
			}
			merged[f] = true
			s.Equiv = append(s.Equiv, f.Name)
			if o := best[f]; o.Cost-float64(f.Prior) < s.Cost-float64(e.Prior) {
				s.Cost, s.Lang, s.Ruled = o.Cost-float64(f.Prior)+float64(e.Prior), o.Lang, o.Ruled
			}
		}
		merged[e] = true
		out = append(out, s)
	}
	// Multi-byte encodings: decode and score the characters.
	for _, e := range Encodings {
		if e.Table != nil {
			continue
		}
		out = append(out, m.scoreDecoded(e, p))
	}
	for _, be := range []bool{false, true} {
		if s, ok := m.scoreUTF16(p, be); ok {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Cost < out[j].Cost })
	return out
}

func sameReading(e, f *Encoding, hist *[256]int) bool {
	for b := 0x80; b < 256; b++ {
		if hist[b] != 0 && e.Table[b] != f.Table[b] {
			return false
		}
	}
	return true
}

func (m *Model) scoreDecoded(e *Encoding, p []byte) Scored {
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
		// A sequence cut by the end of p is not the encoding's fault.
		if len(text) >= 3 && string(text[len(text)-3:]) == "\uFFFD" && rs.Bads > 0 {
			rs.Cost -= BadCost
			rs.Bads--
		}
		c := float64(rs.Cost + e.Prior)
		if c < s.Cost {
			s.Cost, s.Lang = c, l
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
	runes := utf16.Decode(units)
	pages := map[string]int{}
	for _, r := range runes {
		if r == utf8.RuneError {
			return Scored{}, false // unpaired surrogate: not UTF-16
		}
		pages[scriptOf(r)]++
	}
	top, n := "", 0
	for k, v := range pages {
		if v > n || v == n && k < top {
			top, n = k, v
		}
	}
	langs := scriptLangs[top]
	if langs == nil || n*10 < len(runes)*7 {
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
		if c := float64(rs.Cost + 8); c < s.Cost {
			s.Cost, s.Lang = c, l
		}
	}
	return s, true
}

var scriptLangs = map[string][]string{
	"greek": {"el"}, "cyrillic": cyrillic, "hebrew": {"he"}, "arabic": {"ar", "fa"},
	"thai": {"th"}, "cjk": {"ja", "zh-hans", "zh-hant", "ko"},
}

func scriptOf(r rune) string {
	switch {
	case r >= 0x370 && r < 0x400:
		return "greek"
	case r >= 0x400 && r < 0x530:
		return "cyrillic"
	case r >= 0x590 && r < 0x600:
		return "hebrew"
	case r >= 0x600 && r < 0x700, r >= 0xFB50 && r < 0xFF00:
		return "arabic"
	case r >= 0xE00 && r < 0xE80:
		return "thai"
	case r >= 0x3000 && r < 0xA000, r >= 0xAC00 && r < 0xD7B0, r >= 0xFF00 && r < 0xFFF0:
		return "cjk"
	}
	return "other"
}
