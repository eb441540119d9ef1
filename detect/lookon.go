package detect

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"github.com/utf8x/utf8x/detect/internal/model"
)

// An answer's equivalents (Candidate.Equivalent) decode the bytes examined
// alike; they need not decode the rest of the input alike. A Greek
// dictionary in ISO-8859-7 whose first 64 KiB hold no Ά is "windows-1253,
// equivalent iso-8859-7", and windows-1253 then reads every later Ά (B6)
// as ¶. Under the default limit, Detect, DetectReader and NewReader, which
// hold the input or read it, therefore look on past the bytes examined, up
// to lookOn bytes, for bytes that the answer and its equivalents decode
// differently (telling bytes). When there are any, the text around them
// (their lines, cut to tellContext bytes on either side, tellMax bytes in
// all) is examined with the window after it, and the equivalent that reads
// it best is named; the equivalents that still decode everything alike stay
// listed. The confidence is the window's: the choice among readings that
// were one answer on the window does not change how sure it is.
//
// The Detector, fed in chunks, keeps only its window and does not look on.

// lookOn bounds how far past the bytes examined the look-on reads: at the
// speed of the scan (about 4 GB/s, see indexTelling) about a millisecond,
// besides reading it.
const lookOn = 4 << 20

// lookChunk is the unit the look-on scans in, the same for an input held
// whole and one read: a telling byte's context ends at a chunk's end, so
// that both gather the same text.
const lookChunk = 64 << 10

// tellContext is how many bytes of a telling byte's line are kept on
// either side of it.
const tellContext = 128

// tellMax bounds the text gathered around telling bytes.
const tellMax = 4 << 10

// lookOnScan gathers the text around telling bytes.
type lookOnScan struct {
	tell    [256]byte // 1 for the bytes the group decodes differently
	group   []string  // the answer's encoding, then its equivalents
	extra   []byte    // the lines around telling bytes, each ending in LF
	first   int64     // offset in the rest of the first telling byte, -1 before it
	scanned int64     // bytes of the rest scanned
}

// newLookOn returns the scan for r's answer, and false when there is
// nothing to look on for: r is no statistical answer naming equivalents,
// or one of them is not a single-byte encoding.
func newLookOn(r *Result) (*lookOnScan, bool) {
	if len(r.Candidates) == 0 || !r.Truncated {
		return nil, false
	}
	top := &r.Candidates[0]
	if top.Evidence != Statistics || len(top.Equivalent) == 0 || top.Confidence == 0 {
		return nil, false
	}
	s := &lookOnScan{group: append([]string{top.Encoding}, top.Equivalent...), first: -1}
	var encs []*model.Encoding
	for _, name := range s.group {
		e := model.Lookup(name)
		if e == nil || e.Table == nil {
			return nil, false
		}
		encs = append(encs, e)
	}
	// Telling bytes are those the equivalents' own rule (model.SameByte)
	// finds read differently.
	any := false
	for b := 0x80; b < 0x100; b++ {
		for _, e := range encs[1:] {
			if !model.SameByte(encs[0], e, byte(b)) {
				s.tell[b], any = 1, true
				break
			}
		}
	}
	return s, any
}

// chunk scans p, the next lookChunk bytes of the rest (fewer at its end),
// and reports whether the scan is done: tellMax bytes gathered or lookOn
// bytes scanned.
func (s *lookOnScan) chunk(p []byte) bool {
	for i := 0; i < len(p); {
		k := indexTelling(p[i:], &s.tell)
		if k < 0 {
			break
		}
		i += k
		if s.first < 0 {
			s.first = s.scanned + int64(i)
		}
		lo := max(0, i-tellContext)
		if k := bytes.LastIndexByte(p[lo:i], '\n'); k >= 0 {
			lo += k + 1
		}
		hi := min(len(p), i+tellContext)
		if k := bytes.IndexByte(p[i:hi], '\n'); k >= 0 {
			hi = i + k
		}
		s.extra = append(s.extra, p[lo:hi]...)
		s.extra = append(s.extra, '\n')
		if len(s.extra) >= tellMax {
			return true
		}
		i = hi
	}
	s.scanned += int64(len(p))
	return s.scanned >= lookOn
}

// indexTelling returns the index in p of the first byte set in tell, or
// -1. Eight bytes a step, their entries ORed without a branch: about
// 4 GB/s on text of any script (a loop that skipped ASCII with the SIMD
// kernel and tested each other byte ran at 0.4 GB/s on Greek, whose words
// are short runs between spaces).
func indexTelling(p []byte, tell *[256]byte) int {
	i := 0
	for ; i+8 <= len(p); i += 8 {
		q := p[i : i+8 : i+8]
		if tell[q[0]]|tell[q[1]]|tell[q[2]]|tell[q[3]]|tell[q[4]]|tell[q[5]]|tell[q[6]]|tell[q[7]] != 0 {
			break
		}
	}
	for ; i < len(p); i++ {
		if tell[p[i]] != 0 {
			return i
		}
	}
	return -1
}

// settle names, in r, the member of the group that reads the window
// examined and the text gathered best (see the comment at the top). It
// returns r as it is when nothing was gathered or the combined reading
// rules every member out.
func (s *lookOnScan) settle(r Result, window []byte) Result {
	if len(s.extra) == 0 {
		return r
	}
	// The gathered text first: the statistics score the lines beyond
	// ASCII from the start, up to a bound (model.Window), which a window
	// first would take all of.
	q := make([]byte, 0, len(s.extra)+len(window))
	q = append(append(q, s.extra...), window...)
	both := detectAll(q, &Options{Limit: -1}, false)
	for _, c := range both.Candidates {
		if c.Confidence == 0 || !slices.Contains(s.group, c.Encoding) {
			continue
		}
		r.Candidates = slices.Clone(r.Candidates) // (r's own may be shared)
		top := &r.Candidates[0]
		var eq []string
		for _, name := range c.Equivalent {
			if slices.Contains(s.group, name) {
				eq = append(eq, name)
			}
		}
		if c.Encoding != top.Encoding {
			top.Note += fmt.Sprintf("; %s, not %s, as the text after the bytes examined reads (its first byte that tells them apart at offset %d)",
				c.Encoding, top.Encoding, r.Examined+s.first)
			top.Encoding, top.Iconv, top.Language, top.LanguageName = c.Encoding, c.Iconv, c.Language, c.LanguageName
		}
		top.Equivalent = eq
		return r
	}
	return r
}

// lookOnSlice is the look-on of Detect, which holds the input p whose
// verdict is r.
func lookOnSlice(p []byte, r Result, o *Options) Result {
	if !lookPast(o) || r.Examined >= int64(len(p)) {
		return r
	}
	s, ok := newLookOn(&r)
	if !ok {
		return r
	}
	rest := p[r.Examined:min(int64(len(p)), r.Examined+lookOn)]
	for len(rest) > 0 {
		n := min(len(rest), lookChunk)
		if s.chunk(rest[:n]) {
			break
		}
		rest = rest[n:]
	}
	return s.settle(r, p[max(0, r.Examined-DefaultLimit):r.Examined])
}

// read is the look-on of DetectReader, whose Detector d gave r; probe is
// the byte after those examined, which DetectReader read to learn that the
// input goes on, and rd yields the rest after it; buf is room for a chunk.
func (s *lookOnScan) read(d *Detector, r Result, probe byte, rd io.Reader, buf []byte) (Result, error) {
	window := d.prefix // the bytes examined (see Detector)
	buf = buf[:lookChunk]
	buf[0] = probe
	have := 1
	for {
		n, err := io.ReadFull(rd, buf[have:])
		have += n
		end := err == io.EOF || err == io.ErrUnexpectedEOF
		if err != nil && !end {
			return Result{}, err
		}
		if s.chunk(buf[:have]) || end {
			break
		}
		have = 0
	}
	return s.settle(r, window), nil
}
