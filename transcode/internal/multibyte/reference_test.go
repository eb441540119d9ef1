package multibyte

// A literal transcription of the Encoding Standard's multi-byte decoders and
// encoders, over an I/O queue with "restore"/"prepend", reading the index
// data straight from testdata/src. It shares nothing with the package's
// tables or step functions: it is the oracle the fast code is held to.

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var refIdx = map[string][]int{}
var refMu sync.Mutex

// refIndex reads an index from the @kayahr/text-encoding data file as a list
// of code points by pointer, -1 where the index has none.
func refIndex(t testing.TB, name string) []int {
	refMu.Lock()
	defer refMu.Unlock()
	if v, ok := refIdx[name]; ok {
		return v
	}
	f, err := os.Open(filepath.Join("testdata/src/whatwg", name+".cp.js.gz"))
	if err != nil {
		t.Skipf("WHATWG index data absent (%v); skipping", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(zr)
	s := string(data)
	s = s[strings.Index(s, "["):]
	s = s[:strings.LastIndex(s, "]")+1]
	var v []any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	out := make([]int, len(v))
	for i, x := range v {
		switch x := x.(type) {
		case float64:
			if x == 0 && name != "gb18030-ranges" {
				out[i] = -1
			} else {
				out[i] = int(x)
			}
		default:
			out[i] = -1
		}
	}
	refIdx[name] = out
	return out
}

func refRanges(t testing.TB) [][2]int {
	f, err := os.Open("testdata/src/whatwg/gb18030.ranges.js.gz")
	if err != nil {
		t.Skipf("WHATWG index data absent (%v); skipping", err)
	}
	defer f.Close()
	zr, _ := gzip.NewReader(f)
	data, _ := io.ReadAll(zr)
	s := string(data)
	s = s[strings.Index(s, "[") : strings.LastIndex(s, "]")+1]
	var v [][2]int
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// refTable holds what the reference algorithms need of one codec.
type refTable struct {
	jis0208, jis0212, gb, big5, euckr, kata []int
	ranges                                  [][2]int
	first                                   map[string]map[int]int // index name -> code point -> first pointer
}

var refTablesOnce sync.Once
var refTables *refTable

func loadRef(t testing.TB) *refTable {
	if _, err := os.Stat("testdata/src/whatwg/jis0208.cp.js.gz"); err != nil {
		t.Skipf("WHATWG index data absent (%v); skipping", err)
	}
	refTablesOnce.Do(func() {
		r := &refTable{
			jis0208: refIndex(t, "jis0208"), jis0212: refIndex(t, "jis0212"), gb: refIndex(t, "gb18030"),
			big5: refIndex(t, "big5"), euckr: refIndex(t, "euc-kr"), kata: refIndex(t, "iso-2022-jp-katakana"),
			ranges: refRanges(t),
		}
		r.first = map[string]map[int]int{}
		firstOf := func(idx []int, skip func(p, c int) bool) map[int]int {
			m := map[int]int{}
			for p, c := range idx {
				if c < 0 || (skip != nil && skip(p, c)) {
					continue
				}
				if _, ok := m[c]; !ok {
					m[c] = p
				}
			}
			return m
		}
		r.first["jis0208"] = firstOf(r.jis0208, nil)
		r.first["gb18030"] = firstOf(r.gb, nil)
		r.first["euc-kr"] = firstOf(r.euckr, nil)
		// index Shift_JIS pointer
		r.first["shift_jis"] = firstOf(r.jis0208, func(p, _ int) bool { return p >= 8272 && p <= 8835 })
		// index Big5 pointer: the last pointer for six code points
		m := firstOf(r.big5, func(p, _ int) bool { return p < (0xA1-0x81)*157 })
		for p, c := range r.big5 {
			switch c {
			case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
				if p >= (0xA1-0x81)*157 {
					m[c] = p
				}
			}
		}
		r.first["big5"] = m
		refTables = r
	})
	return refTables
}

const eoq = -1

// queue is the standard's I/O queue of bytes or code points.
type queue struct{ items []int }

func (q *queue) read() int {
	if len(q.items) == 0 {
		return eoq
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}

func (q *queue) prepend(x ...int) {
	if len(x) == 1 && x[0] == eoq {
		return
	}
	var xs []int
	for _, v := range x {
		if v != eoq {
			xs = append(xs, v)
		}
	}
	q.items = append(xs, q.items...)
}

func in(b, lo, hi int) bool { return b >= lo && b <= hi }

const (
	refContinue = -2
	refError    = -3
	refFinished = -4
	refNothing  = -5 // a unit read whole that writes nothing (an escape sequence)
)

// refDecode runs a handler over the input; each error becomes U+FFFD, and
// errOffsets records the input offset of the first byte read since the last
// output, which is where a Strict decoder must report the first error.
func refDecode(input []byte, handler func(q *queue, b int) []int) (out []rune, firstErr int) {
	q := &queue{}
	for _, b := range input {
		q.items = append(q.items, int(b))
	}
	firstErr = -1
	consumed := 0
	start := 0
	for {
		b := q.read()
		if b != eoq {
			consumed++
		}
		res := handler(q, b)
		if len(res) == 1 && res[0] == refContinue {
			continue
		}
		if len(res) == 1 && res[0] == refFinished {
			return out, firstErr
		}
		if len(res) == 1 && res[0] == refNothing {
			start = len(input) - len(q.items)
			continue
		}
		if len(res) == 1 && res[0] == refError {
			if firstErr < 0 {
				firstErr = start
			}
			out = append(out, 0xFFFD)
		} else {
			for _, c := range res {
				out = append(out, rune(c))
			}
		}
		start = len(input) - len(q.items)
		_ = consumed
	}
}

func cps(c ...int) []int { return c }

func (r *refTable) shiftJISDecoder() func(q *queue, b int) []int {
	lead := 0
	return func(q *queue, b int) []int {
		if b == eoq && lead != 0 {
			lead = 0
			return cps(refError)
		}
		if b == eoq {
			return cps(refFinished)
		}
		if lead != 0 {
			l := lead
			pointer := -1
			lead = 0
			offset := 0x41
			if b < 0x7F {
				offset = 0x40
			}
			leadOffset := 0xC1
			if l < 0xA0 {
				leadOffset = 0x81
			}
			if in(b, 0x40, 0x7E) || in(b, 0x80, 0xFC) {
				pointer = (l-leadOffset)*188 + b - offset
			}
			if in(pointer, 8836, 10715) {
				return cps(0xE000 - 8836 + pointer)
			}
			if pointer >= 0 && pointer < len(r.jis0208) && r.jis0208[pointer] >= 0 {
				return cps(r.jis0208[pointer])
			}
			if b < 0x80 {
				q.prepend(b)
			}
			return cps(refError)
		}
		if b < 0x80 || b == 0x80 {
			return cps(b)
		}
		if in(b, 0xA1, 0xDF) {
			return cps(0xFF61 - 0xA1 + b)
		}
		if in(b, 0x81, 0x9F) || in(b, 0xE0, 0xFC) {
			lead = b
			return cps(refContinue)
		}
		return cps(refError)
	}
}

func (r *refTable) eucJPDecoder() func(q *queue, b int) []int {
	lead := 0
	jis0212 := false
	return func(q *queue, b int) []int {
		if b == eoq && lead != 0 {
			lead = 0
			return cps(refError)
		}
		if b == eoq {
			return cps(refFinished)
		}
		if lead == 0x8E && in(b, 0xA1, 0xDF) {
			lead = 0
			return cps(0xFF61 - 0xA1 + b)
		}
		if lead == 0x8F && in(b, 0xA1, 0xFE) {
			jis0212 = true
			lead = b
			return cps(refContinue)
		}
		if lead != 0 {
			l := lead
			lead = 0
			cp := -1
			if in(l, 0xA1, 0xFE) && in(b, 0xA1, 0xFE) {
				p := (l-0xA1)*94 + b - 0xA1
				if jis0212 {
					cp = r.jis0212[p]
				} else {
					cp = r.jis0208[p]
				}
			}
			jis0212 = false
			if cp >= 0 {
				return cps(cp)
			}
			if b < 0x80 {
				q.prepend(b)
			}
			return cps(refError)
		}
		if b < 0x80 {
			return cps(b)
		}
		if b == 0x8E || b == 0x8F || in(b, 0xA1, 0xFE) {
			lead = b
			return cps(refContinue)
		}
		return cps(refError)
	}
}

func (r *refTable) iso2022JPDecoder() func(q *queue, b int) []int {
	const (
		ascii = iota
		roman
		katakana
		leadByte
		trailByte
		escStart
		escape
	)
	state, outState, lead, outFlag := ascii, ascii, 0, false
	return func(q *queue, b int) []int {
		switch state {
		case ascii, roman, katakana, leadByte:
			if b == 0x1B {
				state = escStart
				return cps(refContinue)
			}
			if b == eoq {
				return cps(refFinished)
			}
			outFlag = false
			switch state {
			case ascii:
				if b < 0x80 && b != 0x0E && b != 0x0F {
					return cps(b)
				}
			case roman:
				if b == 0x5C {
					return cps(0xA5)
				}
				if b == 0x7E {
					return cps(0x203E)
				}
				if b < 0x80 && b != 0x0E && b != 0x0F {
					return cps(b)
				}
			case katakana:
				if in(b, 0x21, 0x5F) {
					return cps(0xFF61 - 0x21 + b)
				}
			case leadByte:
				if in(b, 0x21, 0x7E) {
					lead = b
					state = trailByte
					return cps(refContinue)
				}
			}
			return cps(refError)
		case trailByte:
			switch {
			case b == 0x1B:
				state = escStart
				return cps(refError)
			case in(b, 0x21, 0x7E):
				state = leadByte
				p := (lead-0x21)*94 + b - 0x21
				if c := r.jis0208[p]; c >= 0 {
					return cps(c)
				}
				return cps(refError)
			case b == eoq:
				state = leadByte
				return cps(refError)
			}
			state = leadByte
			return cps(refError)
		case escStart:
			if b == 0x24 || b == 0x28 {
				lead = b
				state = escape
				return cps(refContinue)
			}
			q.prepend(b)
			outFlag = false
			state = outState
			return cps(refError)
		default: // escape
			l := lead
			lead = 0
			ns := -1
			switch {
			case l == 0x28 && b == 0x42:
				ns = ascii
			case l == 0x28 && b == 0x4A:
				ns = roman
			case l == 0x28 && b == 0x49:
				ns = katakana
			case l == 0x24 && (b == 0x40 || b == 0x42):
				ns = leadByte
			}
			if ns >= 0 {
				state, outState = ns, ns
				output := outFlag
				outFlag = true
				if !output {
					return cps(refNothing)
				}
				return cps(refError)
			}
			q.prepend(l, b)
			outFlag = false
			state = outState
			return cps(refError)
		}
	}
}

func (r *refTable) rangesCP(p int) int {
	if (p > 39419 && p < 189000) || p > 1237575 {
		return -1
	}
	if p == 7457 {
		return 0xE7C7
	}
	var off, cpOff int
	for _, e := range r.ranges {
		if e[0] <= p {
			off, cpOff = e[0], e[1]
		}
	}
	return cpOff + p - off
}

func (r *refTable) gb18030Decoder() func(q *queue, b int) []int {
	first, second, third := 0, 0, 0
	return func(q *queue, b int) []int {
		if b == eoq && first == 0 && second == 0 && third == 0 {
			return cps(refFinished)
		}
		if b == eoq {
			first, second, third = 0, 0, 0
			return cps(refError)
		}
		if third != 0 {
			if !in(b, 0x30, 0x39) {
				q.prepend(second, third, b)
				first, second, third = 0, 0, 0
				return cps(refError)
			}
			c := r.rangesCP((((first-0x81)*10+second-0x30)*126+third-0x81)*10 + b - 0x30)
			first, second, third = 0, 0, 0
			if c < 0 {
				return cps(refError)
			}
			return cps(c)
		}
		if second != 0 {
			if in(b, 0x81, 0xFE) {
				third = b
				return cps(refContinue)
			}
			q.prepend(second, b)
			first, second = 0, 0
			return cps(refError)
		}
		if first != 0 {
			if in(b, 0x30, 0x39) {
				second = b
				return cps(refContinue)
			}
			l := first
			p := -1
			first = 0
			offset := 0x41
			if b < 0x7F {
				offset = 0x40
			}
			if in(b, 0x40, 0x7E) || in(b, 0x80, 0xFE) {
				p = (l-0x81)*190 + b - offset
			}
			if p >= 0 && r.gb[p] >= 0 {
				return cps(r.gb[p])
			}
			if b < 0x80 {
				q.prepend(b)
			}
			return cps(refError)
		}
		if b < 0x80 {
			return cps(b)
		}
		if b == 0x80 {
			return cps(0x20AC)
		}
		if in(b, 0x81, 0xFE) {
			first = b
			return cps(refContinue)
		}
		return cps(refError)
	}
}

func (r *refTable) big5Decoder() func(q *queue, b int) []int {
	lead := 0
	return func(q *queue, b int) []int {
		if b == eoq && lead != 0 {
			lead = 0
			return cps(refError)
		}
		if b == eoq {
			return cps(refFinished)
		}
		if lead != 0 {
			l := lead
			p := -1
			lead = 0
			offset := 0x62
			if b < 0x7F {
				offset = 0x40
			}
			if in(b, 0x40, 0x7E) || in(b, 0xA1, 0xFE) {
				p = (l-0x81)*157 + b - offset
			}
			switch p {
			case 1133:
				return cps(0xCA, 0x304)
			case 1135:
				return cps(0xCA, 0x30C)
			case 1164:
				return cps(0xEA, 0x304)
			case 1166:
				return cps(0xEA, 0x30C)
			}
			if p >= 0 && r.big5[p] >= 0 {
				return cps(r.big5[p])
			}
			if b < 0x80 {
				q.prepend(b)
			}
			return cps(refError)
		}
		if b < 0x80 {
			return cps(b)
		}
		if in(b, 0x81, 0xFE) {
			lead = b
			return cps(refContinue)
		}
		return cps(refError)
	}
}

func (r *refTable) eucKRDecoder() func(q *queue, b int) []int {
	lead := 0
	return func(q *queue, b int) []int {
		if b == eoq && lead != 0 {
			lead = 0
			return cps(refError)
		}
		if b == eoq {
			return cps(refFinished)
		}
		if lead != 0 {
			l := lead
			p := -1
			lead = 0
			if in(b, 0x41, 0xFE) {
				p = (l-0x81)*190 + b - 0x41
			}
			if p >= 0 && r.euckr[p] >= 0 {
				return cps(r.euckr[p])
			}
			if b < 0x80 {
				q.prepend(b)
			}
			return cps(refError)
		}
		if b < 0x80 {
			return cps(b)
		}
		if in(b, 0x81, 0xFE) {
			lead = b
			return cps(refContinue)
		}
		return cps(refError)
	}
}

// refDecoderFor returns the reference decoder of a WHATWG codec.
func (r *refTable) decoderFor(c *Codec) func() func(q *queue, b int) []int {
	switch c {
	case ShiftJIS:
		return r.shiftJISDecoder
	case EUCJP:
		return r.eucJPDecoder
	case ISO2022JP:
		return r.iso2022JPDecoder
	case GB18030, GBK:
		return r.gb18030Decoder
	case Big5:
		return r.big5Decoder
	case EUCKR:
		return r.eucKRDecoder
	}
	return nil
}

// refEncode encodes one scalar value with a fresh stateless encoder, or
// returns nil when the standard's encoder reports an error for it.
func (r *refTable) encodeOne(c *Codec, cp int) []byte {
	switch c {
	case ShiftJIS:
		if cp < 0x80 || cp == 0x80 {
			return []byte{byte(cp)}
		}
		switch {
		case cp == 0xA5:
			return []byte{0x5C}
		case cp == 0x203E:
			return []byte{0x7E}
		case in(cp, 0xFF61, 0xFF9F):
			return []byte{byte(cp - 0xFF61 + 0xA1)}
		case cp == 0x2212:
			cp = 0xFF0D
		}
		p, ok := r.first["shift_jis"][cp]
		if !ok {
			return nil
		}
		lead := p / 188
		leadOffset := 0xC1
		if lead < 0x1F {
			leadOffset = 0x81
		}
		trail := p % 188
		offset := 0x41
		if trail < 0x3F {
			offset = 0x40
		}
		return []byte{byte(lead + leadOffset), byte(trail + offset)}
	case EUCJP:
		if cp < 0x80 {
			return []byte{byte(cp)}
		}
		switch {
		case cp == 0xA5:
			return []byte{0x5C}
		case cp == 0x203E:
			return []byte{0x7E}
		case in(cp, 0xFF61, 0xFF9F):
			return []byte{0x8E, byte(cp - 0xFF61 + 0xA1)}
		case cp == 0x2212:
			cp = 0xFF0D
		}
		p, ok := r.first["jis0208"][cp]
		if !ok {
			return nil
		}
		return []byte{byte(p/94 + 0xA1), byte(p%94 + 0xA1)}
	case GB18030, GBK:
		gbk := c == GBK
		if cp < 0x80 {
			return []byte{byte(cp)}
		}
		if cp == 0xE5E5 {
			return nil
		}
		if gbk && cp == 0x20AC {
			return []byte{0x80}
		}
		// The encoder-only table of GB18030-2022, from the standard's text.
		pua := map[int][2]byte{0xE78D: {0xA6, 0xD9}, 0xE78E: {0xA6, 0xDA}, 0xE78F: {0xA6, 0xDB}, 0xE790: {0xA6, 0xDC},
			0xE791: {0xA6, 0xDD}, 0xE792: {0xA6, 0xDE}, 0xE793: {0xA6, 0xDF}, 0xE794: {0xA6, 0xEC}, 0xE795: {0xA6, 0xED},
			0xE796: {0xA6, 0xF3}, 0xE81E: {0xFE, 0x59}, 0xE826: {0xFE, 0x61}, 0xE82B: {0xFE, 0x66}, 0xE82C: {0xFE, 0x67},
			0xE832: {0xFE, 0x6D}, 0xE843: {0xFE, 0x7E}, 0xE854: {0xFE, 0x90}, 0xE864: {0xFE, 0xA0}}
		if b, ok := pua[cp]; ok {
			return b[:]
		}
		if p, ok := r.first["gb18030"][cp]; ok {
			trail := p % 190
			offset := 0x41
			if trail < 0x3F {
				offset = 0x40
			}
			return []byte{byte(p/190 + 0x81), byte(trail + offset)}
		}
		if gbk {
			return nil
		}
		var p int
		if cp == 0xE7C7 {
			p = 7457
		} else {
			var off, pOff int
			for _, e := range r.ranges {
				if e[1] <= cp {
					pOff, off = e[0], e[1]
				}
			}
			p = pOff + cp - off
		}
		b1 := p / (10 * 126 * 10)
		p %= 10 * 126 * 10
		b2 := p / (10 * 126)
		p %= 10 * 126
		return []byte{byte(b1 + 0x81), byte(b2 + 0x30), byte(p/10 + 0x81), byte(p%10 + 0x30)}
	case Big5:
		if cp < 0x80 {
			return []byte{byte(cp)}
		}
		p, ok := r.first["big5"][cp]
		if !ok {
			return nil
		}
		trail := p % 157
		offset := 0x62
		if trail < 0x3F {
			offset = 0x40
		}
		return []byte{byte(p/157 + 0x81), byte(trail + offset)}
	case EUCKR:
		if cp < 0x80 {
			return []byte{byte(cp)}
		}
		p, ok := r.first["euc-kr"][cp]
		if !ok {
			return nil
		}
		return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)}
	case ISO2022JP:
		// One code point from the ASCII state, then back to ASCII.
		if cp == 0x0E || cp == 0x0F || cp == 0x1B {
			return nil
		}
		if cp < 0x80 {
			return []byte{byte(cp)}
		}
		if cp == 0xA5 || cp == 0x203E {
			b := byte(0x5C)
			if cp == 0x203E {
				b = 0x7E
			}
			return []byte{0x1B, 0x28, 0x4A, b, 0x1B, 0x28, 0x42}
		}
		if cp == 0x2212 {
			cp = 0xFF0D
		}
		if in(cp, 0xFF61, 0xFF9F) {
			cp = r.kata[cp-0xFF61]
		}
		p, ok := r.first["jis0208"][cp]
		if !ok {
			return nil
		}
		return []byte{0x1B, 0x24, 0x42, byte(p/94 + 0x21), byte(p%94 + 0x21), 0x1B, 0x28, 0x42}
	}
	panic("no reference encoder for " + c.Name)
}

var whatwgCodecs = []*Codec{ShiftJIS, EUCJP, ISO2022JP, GB18030, GBK, Big5, EUCKR}

// iso2022JPEncode is the standard's ISO-2022-JP encoder run by its "encode"
// algorithm over a queue of code points; with html, an error prepends
// "&#N;" to the queue (the standard's HTML error mode). It returns the
// output and the index of the first code point in error (-1 for none); in
// non-HTML mode the output stops there.
func (r *refTable) iso2022JPEncode(input []rune, html bool) ([]byte, int) {
	const (
		ascii = iota
		roman
		jis0208
	)
	state := ascii
	q := append([]int(nil), make([]int, 0, len(input))...)
	src := make([]int, 0, len(input)) // index in input of each queue item, -1 for inserted ones
	for i, c := range input {
		q = append(q, int(c))
		src = append(src, i)
	}
	var out []byte
	firstErr := -1
	for {
		if len(q) == 0 {
			if state != ascii {
				out = append(out, 0x1B, 0x28, 0x42)
			}
			return out, firstErr
		}
		cp, at := q[0], src[0]
		q, src = q[1:], src[1:]
		restore := func() { q = append([]int{cp}, q...); src = append([]int{at}, src...) }
		errWith := func(c int) bool {
			if firstErr < 0 {
				firstErr = at
			}
			if !html {
				return false
			}
			ref := []int{'&', '#'}
			for _, d := range strconv.Itoa(c) {
				ref = append(ref, int(d))
			}
			ref = append(ref, ';')
			ix := make([]int, len(ref))
			for k := range ix {
				ix[k] = -1
			}
			q = append(ref, q...)
			src = append(ix, src...)
			return true
		}
		if (state == ascii || state == roman) && (cp == 0x0E || cp == 0x0F || cp == 0x1B) {
			if !errWith(0xFFFD) {
				return out, firstErr
			}
			continue
		}
		if state == ascii && cp < 0x80 {
			out = append(out, byte(cp))
			continue
		}
		if state == roman && (cp < 0x80 && cp != 0x5C && cp != 0x7E || cp == 0xA5 || cp == 0x203E) {
			switch cp {
			case 0xA5:
				out = append(out, 0x5C)
			case 0x203E:
				out = append(out, 0x7E)
			default:
				out = append(out, byte(cp))
			}
			continue
		}
		if cp < 0x80 && state != ascii {
			restore()
			state = ascii
			out = append(out, 0x1B, 0x28, 0x42)
			continue
		}
		if (cp == 0xA5 || cp == 0x203E) && state != roman {
			restore()
			state = roman
			out = append(out, 0x1B, 0x28, 0x4A)
			continue
		}
		c := cp
		if c == 0x2212 {
			c = 0xFF0D
		}
		if in(c, 0xFF61, 0xFF9F) {
			c = r.kata[c-0xFF61]
		}
		p, ok := r.first["jis0208"][c]
		if !ok {
			if state == jis0208 {
				restore()
				state = ascii
				out = append(out, 0x1B, 0x28, 0x42)
				continue
			}
			if !errWith(c) {
				return out, firstErr
			}
			continue
		}
		if state != jis0208 {
			restore()
			state = jis0208
			out = append(out, 0x1B, 0x24, 0x42)
			continue
		}
		out = append(out, byte(p/94+0x21), byte(p%94+0x21))
	}
}
