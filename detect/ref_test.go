package detect

import (
	"bytes"

	"github.com/utf8x/utf8x"
)

// refDetector is the structural path as it was before it was made fast: a
// plain copy of every byte of the prefix, validation by utf8x.FirstInvalid,
// a second pass counting the non-ASCII sequences and a byte-by-byte
// histogram. The differential tests hold the fast Detector to it.
//
// Under the default limit it also keeps all it is fed (look, all), and
// settle applies Detect's rule for an ASCII prefix to that, plainly: the
// state the Detector must then hold is the reference's on the window
// alone (base its offset), or, ASCII to the end, the prefix's with the
// bytes read on counted (scanned, capped).
type refDetector struct {
	look      bool
	all       []byte
	cuts      []int // where each piece fed ends in all
	base      int64
	scanning  bool
	scanned   int64
	capped    bool
	limit     int64
	n         int64
	over      bool
	prefix    []byte
	beyond    [256]int
	badUTF8   bool
	badUTF8At int64
	carry     [4]byte
	ncarry    int
	multi     int
}

func newRef(o *Options) *refDetector {
	d := &refDetector{limit: DefaultLimit, look: true}
	if o != nil && o.Limit != 0 {
		d.limit, d.look = o.Limit, false
	}
	return d
}

func (d *refDetector) Write(p []byte) {
	if d.look {
		d.all = append(d.all, p...)
		d.cuts = append(d.cuts, len(d.all))
	}
	if d.limit >= 0 && int64(len(p)) > d.limit-d.n {
		p = p[:d.limit-d.n]
		d.over = true
	}
	if len(p) == 0 {
		return
	}
	k := min(len(p), DefaultLimit-len(d.prefix))
	d.prefix = append(d.prefix, p[:k]...)
	carried, carry, wasBad := d.ncarry, d.carry, d.badUTF8
	d.feedUTF8(p)
	if d.badUTF8 && !wasBad {
		// An error in a sequence an earlier write began: its bytes from the
		// error on, beyond the prefix, are counted as if written now.
		for i, b := range carry[:carried] {
			if at := d.n - int64(carried) + int64(i); at >= d.badUTF8At && at >= DefaultLimit {
				d.beyond[b]++
			}
		}
	}
	if d.badUTF8 && k < len(p) {
		from := max(int64(k), d.badUTF8At-d.n)
		for _, b := range p[from:] {
			d.beyond[b]++
		}
	}
	d.n += int64(len(p))
}

func (d *refDetector) fail(at int64) { d.badUTF8, d.badUTF8At = true, at }

func (d *refDetector) countMulti(q []byte) {
	for i := 0; i < len(q) && d.multi < maxMulti; i++ {
		i += utf8x.ASCIIPrefix(q[i:])
		if i < len(q) && q[i] >= 0xC0 {
			d.multi++
		}
	}
}

func refIncomplete(p []byte) bool {
	off, n, kind := utf8x.FirstInvalid(p)
	return off == 0 && kind == utf8x.Truncated && n == len(p)
}

func (d *refDetector) feedUTF8(q []byte) {
	if d.badUTF8 {
		return
	}
	base := d.n
	if d.ncarry > 0 {
		start := base - int64(d.ncarry)
		take := min(seqLen(d.carry[0])-d.ncarry, len(q))
		copy(d.carry[d.ncarry:], q[:take])
		d.ncarry += take
		c := d.carry[:d.ncarry]
		if d.ncarry < seqLen(d.carry[0]) {
			if !refIncomplete(c) {
				off, _, _ := utf8x.FirstInvalid(c)
				d.fail(start + int64(off))
			}
			return
		}
		if off, _, _ := utf8x.FirstInvalid(c); off < len(c) {
			d.fail(start + int64(off))
			return
		}
		if d.multi < maxMulti {
			d.multi++
		}
		d.ncarry = 0
		q = q[take:]
		base += int64(take)
	}
	cut := len(q)
	for i := len(q) - 1; i >= 0 && i >= len(q)-3; i-- {
		if q[i] >= 0xC0 {
			if len(q)-i < seqLen(q[i]) {
				cut = i
			}
			break
		}
		if q[i] < 0x80 {
			break
		}
	}
	if off, _, _ := utf8x.FirstInvalid(q[:cut]); off < cut {
		d.fail(base + int64(off))
		return
	}
	d.countMulti(q[:cut])
	if tail := q[cut:]; len(tail) > 0 {
		if !refIncomplete(tail) {
			off, _, _ := utf8x.FirstInvalid(tail)
			d.fail(base + int64(cut+off))
			return
		}
		d.ncarry = copy(d.carry[:], tail)
	}
}

// settle returns the reference whose state the Detector must hold after
// what d was fed: d itself, unless under the default limit its prefix is
// "us-ascii" and the input goes on. Then the input's first byte that is
// not ASCII (in a character the prefix's end cuts, or after the prefix),
// if it comes before offset asciiReadOn, starts the window: from the start
// of its line, at most asciiContext bytes before it and none before
// DefaultLimit (unless it is). Without one, d is the prefix's reference
// with the bytes after it counted.
func (d *refDetector) settle(o *Options) *refDetector {
	if !d.look || !d.over {
		return d
	}
	if r := d.plain(o).Result(); len(r.Candidates) == 0 || r.Candidates[0].Encoding != "us-ascii" {
		return d
	}
	i := 0
	for i < len(d.all) && i < asciiReadOn && d.all[i] < 0x80 {
		i++
	}
	if i == len(d.all) || i == asciiReadOn {
		s := *d
		s.scanning, s.scanned, s.capped = true, int64(i-DefaultLimit), i < len(d.all)
		return &s
	}
	start := max(i-asciiContext, min(i, DefaultLimit))
	for k := i - 1; k >= start; k-- {
		if d.all[k] == '\n' {
			start = k + 1
			break
		}
	}
	// The window is not looked past, and is fed in the pieces d was, as
	// the Detector is (what it holds after an error depends on them); a
	// character the prefix's end cuts, the Detector feeds from its carry,
	// apart.
	w := newRef(&Options{Limit: DefaultLimit})
	from := start
	cuts := d.cuts
	if start < DefaultLimit {
		cuts = append([]int{DefaultLimit}, cuts...)
	}
	for _, c := range cuts {
		if c > from {
			w.Write(d.all[from:c])
			from = c
		}
	}
	w.Write(d.all[from:])
	w.base = int64(start)
	return w
}

// result is the Result a Detector fed what d was fed returns.
func (d *refDetector) result(o *Options) Result {
	s := d.settle(o)
	r := s.plain(o).Result()
	if s.scanning {
		r.Examined, r.Truncated = DefaultLimit+s.scanned, s.capped
	}
	r.Examined += s.base
	return r
}

// plain turns the reference's state into a Detector, whose Result then
// reads it (the decisions after the structural pass are shared code),
// without looking past an ASCII prefix.
func (d *refDetector) plain(o *Options) *Detector {
	e := New(o)
	e.look = false
	e.n, e.over, e.prefix, e.beyond = d.n, d.over, d.prefix, &tally{whole: d.beyond}
	e.badUTF8, e.badUTF8At, e.carry, e.ncarry, e.multi = d.badUTF8, d.badUTF8At, d.carry, d.ncarry, d.multi
	e.nul = bytes.IndexByte(d.prefix, 0) >= 0
	e.escs = bytes.IndexByte(d.prefix, 0x1b) >= 0
	return e
}

func refISO2022JP(p []byte) bool {
	for _, esc := range []string{"\x1b$B", "\x1b$@", "\x1b(J", "\x1b$(D"} {
		if bytes.Contains(p, []byte(esc)) {
			return true
		}
	}
	return false
}

func refZeros(p []byte) (zeros [4]int) {
	for i, b := range p {
		if b == 0 {
			zeros[i&3]++
		}
	}
	return zeros
}

func refUnit16(p []byte, big bool) uint16 {
	if big {
		return uint16(p[0])<<8 | uint16(p[1])
	}
	return uint16(p[1])<<8 | uint16(p[0])
}

func refValidUTF16(p []byte, big, truncated bool) bool {
	if len(p)%2 != 0 && !truncated {
		return false
	}
	n := len(p) / 2
	for i := 0; i < n; i++ {
		u := refUnit16(p[2*i:], big)
		switch {
		case u >= 0xD800 && u < 0xDC00:
			if i+1 == n {
				return truncated
			}
			if v := refUnit16(p[2*i+2:], big); v < 0xDC00 || v >= 0xE000 {
				return false
			}
			i++
		case u >= 0xDC00 && u < 0xE000:
			return false
		}
	}
	return true
}

func refSurrogatePairs(p []byte, big bool) int {
	n := 0
	for i := 0; i+4 <= len(p); i += 2 {
		u, v := refUnit16(p[i:], big), refUnit16(p[i+2:], big)
		if u >= 0xD800 && u < 0xDC00 && v >= 0xDC00 && v < 0xE000 {
			n++
			i += 2
		}
	}
	return n
}

func refBadUnit(u uint16) bool {
	return u < 0x20 && u != '\t' && u != '\n' && u != '\r' || u >= 0x7F && u < 0xA0 || u >= 0xE000 && u < 0xF900 || u >= 0xFFFE
}

func refWideText(p []byte, big bool) bool {
	bad, n := 0, len(p)/2
	for i := 0; i < n; i++ {
		if refBadUnit(refUnit16(p[2*i:], big)) {
			bad++
		}
	}
	return bad*20 <= n
}

func refUTF8Census(p []byte, truncated bool) (multi, bad int) {
	for len(p) > 0 {
		off, n, kind := utf8x.FirstInvalid(p)
		for _, b := range p[:off] {
			if b >= 0xC0 {
				multi++
			}
		}
		if n == 0 || truncated && kind == utf8x.Truncated && off+n == len(p) {
			break
		}
		if bad++; bad >= 64 && bad*2 > multi {
			break
		}
		p = p[off+n:]
	}
	return multi, bad
}

// refWideOrder is wideCandidate's choice of byte order as it was, trying
// both orders every time.
func refWideOrder(p []byte, truncated bool) (big, found bool) {
	zeros := refZeros(p)
	units := len(p) / 2
	highLE, highBE := zeros[1]+zeros[3], zeros[0]+zeros[2]
	pairsLE, pairsBE := refSurrogatePairs(p, false), refSurrogatePairs(p, true)
	if highLE*8 < units && highBE*8 < units && pairsLE < 2 && pairsBE < 2 {
		return false, false
	}
	var ok []bool
	for _, big := range []bool{highBE > highLE, highBE <= highLE} {
		if refValidUTF16(p, big, truncated) && refWideText(p, big) {
			ok = append(ok, big)
		}
	}
	if len(ok) == 0 {
		return false, false
	}
	big = ok[0]
	decisive := max(highLE, highBE)*4 >= units && max(highLE, highBE) >= 3*min(highLE, highBE)
	switch {
	case len(ok) < 2:
	case pairsLE >= 2 && pairsBE == 0:
		big = false
	case pairsBE >= 2 && pairsLE == 0:
		big = true
	case !decisive:
		first, firstOK := defaultModel().UTF16Cost(p, ok[0])
		second, secondOK := defaultModel().UTF16Cost(p, ok[1])
		if secondOK && (!firstOK || second < first) {
			big = ok[1]
		}
	}
	return big, true
}
