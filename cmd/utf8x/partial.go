// Partial reports: check and stats of one piece of a larger input, written by
// --range and --offset with --json, and merged by "utf8x merge" into what
// one check or stats of the whole input prints.
//
// A piece is the raw bytes [start, end) of the input: a --range of a file, or
// a piece of standard input that knows its offset (--offset), for instance
// one of GNU parallel's --pipepart blocks cut anywhere (--recend ”). A
// piece is read without any byte outside it, so its report must not depend
// on them: it holds the exact report (utf8x.CheckRange, or stats' counts) of
// the elements starting in [start+C, end-C), C being utf8x.RangeContext,
// which the piece decides on its own bytes, and its first and last 2C bytes
// as they are. The elements starting within C bytes of a cut, whose extent
// or kind depends on the bytes across it, are decided by the merge, which
// puts the last 2C bytes of one piece and the first 2C of the next together
// and checks the elements starting in [cut-C, cut+C) with the range
// primitive. A piece shorter than 2C bytes is kept whole. So the pieces of
// any cut merge into exactly the report of the whole, whatever falls at the
// cuts, and a file range and a standard input piece are the same thing.
package main

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

const (
	partialFormat  = "utf8x-partial"
	partialVersion = 1
	// pieceEdge is how many bytes of each end of a piece its report keeps.
	pieceEdge = 2 * utf8x.RangeContext
)

// partialReport is one line of check --json --range (or --offset) or of
// stats --json --range: a piece's report, which "utf8x merge" reads.
type partialReport struct {
	Format  string `json:"format"`  // partialFormat
	Version int    `json:"version"` // partialVersion
	Command string `json:"command"` // "check" or "stats"
	// Path is the input as given on the command line ("-" for standard
	// input); PathBase64 its bytes when they are not valid UTF-8.
	Path       string `json:"path"`
	PathBase64 string `json:"path_base64,omitempty"`
	Start      int64  `json:"start"` // input offset of the piece's first byte
	End        int64  `json:"end"`   // input offset just past its last byte
	Size       int64  `json:"size"`  // the input's size, -1 when the piece does not know it (--offset)

	MaxErrors int  `json:"max_errors,omitempty"` // check's --max-errors
	Scripts   bool `json:"scripts,omitempty"`    // stats' --scripts

	// Sniff holds the piece's bytes that lie in the input's first
	// sniffLimit bytes, from which check judges what the input looks like
	// and stats sees a byte order mark.
	Sniff []byte `json:"sniff,omitempty"`
	// Head is the piece's first pieceEdge bytes (all of them when it is
	// shorter), Tail its last pieceEdge bytes when it has at least that many.
	Head []byte `json:"head"`
	Tail []byte `json:"tail,omitempty"`
	// The report of the elements starting in [Start+C, End-C), for a
	// piece of at least pieceEdge bytes: Check for check, Stats for stats.
	Check *utf8x.RangeReport `json:"check,omitempty"`
	Stats *statsPartial      `json:"stats,omitempty"`
}

// statsPartial is statsCounts over the owned bytes [From, To).
type statsPartial struct {
	From     int64               `json:"from"`
	To       int64               `json:"to"`
	Bytes    int64               `json:"bytes"`
	Runes    int64               `json:"runes"`
	UTF16    int64               `json:"utf16"`
	Lines    int64               `json:"lines"`
	Invalid  int64               `json:"invalid"`
	ByLength [utf8x.UTFMax]int64 `json:"by_length"`
	Last     int                 `json:"last"` // the last byte counted, -1 for none
	Scripts  map[string]int64    `json:"scripts,omitempty"`
}

func (s *statsPartial) counts() *statsCounts {
	c := &statsCounts{scripts: s.Scripts}
	c.n = countSums{bytes: s.Bytes, runes: s.Runes, units: s.UTF16, lines: s.Lines, invalid: s.Invalid, byLength: s.ByLength}
	if s.Last >= 0 {
		c.last = byte(s.Last)
	}
	return c
}

// pieceOptions say what a piece's report is for.
type pieceOptions struct {
	command   string // "check" or "stats"
	path      string
	size      int64
	maxErrors int  // check: 0 lists all
	listNone  bool // check: list no error (only count them)
	scripts   bool // stats
	blockSize int  // read size; tests make it tiny
}

// checkLimit is CheckRange's maxErrors for check's --max-errors.
func checkLimit(maxErrors int) int {
	if maxErrors == 0 {
		return -1
	}
	return maxErrors
}

// scanPiece reads the piece starting at input offset start from r, to its
// end, and makes its partial report. It holds at most one block of it.
func scanPiece(r io.Reader, start int64, o pieceOptions) (*partialReport, error) {
	const C = utf8x.RangeContext
	blockSize := o.blockSize
	if blockSize <= 0 {
		blockSize = 1 << 20
	}
	p := &partialReport{Format: partialFormat, Version: partialVersion, Command: o.command,
		Path: o.path, PathBase64: fileBase64(o.path), Start: start, Size: o.size, Scripts: o.scripts}
	if o.command == "check" {
		p.MaxErrors = o.maxErrors
	}
	limit := checkLimit(o.maxErrors)
	if o.listNone {
		limit = 0
	}
	var rep utf8x.RangeReport
	var st *statsCounts
	if o.command == "stats" {
		st = &statsCounts{}
		if o.scripts {
			st.scripts = make(map[string]int64)
		}
	}
	var stFrom, stTo int64
	lastSet := false
	processed := false
	buf := make([]byte, 0, blockSize+pieceEdge)
	bufBase := start
	cur := start + C // the interior is processed up to here
	total := int64(0)
	process := func() error {
		end := bufBase + int64(len(buf)) - C
		if end < cur {
			return nil
		}
		s, e := int(cur-bufBase), int(end-bufBase)
		switch o.command {
		case "check":
			lim := limit
			if lim >= 0 {
				lim = max(0, lim-len(rep.Errors))
			}
			r, err := utf8x.CheckRange(buf, int(bufBase), s, e, lim)
			if err != nil {
				return err
			}
			if !processed {
				rep = r
			} else if rep, err = rep.Merge(r); err != nil {
				return err
			}
		case "stats":
			from, to := utf8x.RangeBounds(buf, s, e)
			if !processed {
				stFrom = bufBase + int64(from)
			}
			stTo = bufBase + int64(to)
			if to > from {
				lastSet = true
			}
			st.add(buf[from:to])
		}
		processed = true
		cur = end
		return nil
	}
	for {
		n, err := io.ReadFull(r, buf[len(buf):cap(buf)])
		if n > 0 {
			// The first bytes: the head and what check sniffs.
			if total < pieceEdge {
				p.Head = append(p.Head, buf[len(buf):len(buf)+min(n, int(pieceEdge-total))]...)
			}
			if at := start + total; at < sniffLimit {
				p.Sniff = append(p.Sniff, buf[len(buf):len(buf)+int(min(int64(n), sniffLimit-at))]...)
			}
			total += int64(n)
			buf = buf[:len(buf)+n]
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := process(); err != nil {
			return nil, err
		}
		// Keep the 2C bytes around cur: C before it, C after.
		keep := buf[int(cur-C-bufBase):]
		bufBase = cur - C
		buf = append(buf[:0], keep...)
	}
	p.End = start + total
	if total < pieceEdge {
		return p, nil
	}
	if err := process(); err != nil {
		return nil, err
	}
	if !processed {
		return nil, errors.New("internal error: piece not processed")
	}
	p.Tail = append([]byte(nil), buf[len(buf)-pieceEdge:]...)
	switch o.command {
	case "check":
		p.Check = &rep
	case "stats":
		sp := &statsPartial{From: stFrom, To: stTo, Bytes: st.n.bytes, Runes: st.n.runes, UTF16: st.n.units,
			Lines: st.n.lines, Invalid: st.n.invalid, ByLength: st.n.byLength, Last: -1, Scripts: st.scripts}
		if lastSet {
			sp.Last = int(st.last)
		}
		p.Stats = sp
	}
	return p, nil
}

// pieceMerger puts pieces together in input order.
type pieceMerger struct {
	first  *partialReport // the settings every piece must share
	limit  int            // CheckRange's maxErrors
	next   int64          // where the next piece must start
	pos    int64          // input offset up to which the elements are counted
	rep    utf8x.RangeReport
	st     statsCounts
	raw    []byte // the input's bytes [rawStart, next) not yet decided
	rawAt  int64
	sniff  []byte
	nParts int

	// For check --range without --json: the pieces come from this process
	// (trusted), and only the errors in [keepFrom, keepTo) are kept.
	trusted          bool
	keepFrom, keepTo int64
}

func newPieceMerger(first *partialReport) *pieceMerger {
	m := &pieceMerger{first: first, limit: checkLimit(first.MaxErrors)}
	if first.Scripts {
		m.st.scripts = make(map[string]int64)
	}
	return m
}

// mergeError is a reason the pieces do not make one input.
func mergeError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf("merge: "+format, args...)}
}

// settle decides the elements starting in the input's bytes [m.pos, m.rawAt+end)
// from m.raw, which must hold the C bytes after them (or end the input).
// to, if not negative, is where the decided elements must end.
func (m *pieceMerger) settle(end int, to int64) error {
	const C = utf8x.RangeContext
	s := int(m.pos - m.rawAt)
	if s < 0 || s > end || end > len(m.raw) || (m.rawAt > 0 && s < C) {
		return mergeError("the pieces around offset %d do not fit together", m.pos)
	}
	switch m.first.Command {
	case "check":
		r, err := utf8x.CheckRange(m.raw, int(m.rawAt), s, end, m.limit)
		if err != nil || int64(r.From) != m.pos || (to >= 0 && int64(r.To) != to) {
			return mergeError("the pieces around offset %d do not fit together", m.pos)
		}
		if m.rep, err = m.rep.Merge(r); err != nil {
			return mergeError("%v", err)
		}
		m.cut()
		m.pos = int64(r.To)
	case "stats":
		from, t := utf8x.RangeBounds(m.raw, s, end)
		if m.rawAt+int64(from) != m.pos || (to >= 0 && m.rawAt+int64(t) != to) {
			return mergeError("the pieces around offset %d do not fit together", m.pos)
		}
		c := &statsCounts{}
		if m.st.scripts != nil {
			c.scripts = make(map[string]int64)
		}
		c.add(m.raw[from:t])
		m.st.merge(c)
		m.pos = m.rawAt + int64(t)
	}
	return nil
}

// cut keeps the merged errors to --max-errors.
func (m *pieceMerger) cut() {
	if m.keepTo > 0 {
		m.rep.Errors = slices.DeleteFunc(m.rep.Errors, func(e utf8x.RangeError) bool {
			return int64(e.Offset) < m.keepFrom || int64(e.Offset) >= m.keepTo
		})
	}
	if m.limit >= 0 && len(m.rep.Errors) > m.limit {
		m.rep.Errors = m.rep.Errors[:m.limit]
	}
}

// add merges the piece p, which must start where the last one ended.
func (m *pieceMerger) add(p *partialReport) error {
	const C = utf8x.RangeContext
	f := m.first
	switch {
	case p.Command != f.Command:
		return mergeError("a %s report and a %s report cannot be merged", f.Command, p.Command)
	case p.Path != f.Path || p.PathBase64 != f.PathBase64:
		return mergeError("the pieces are of different inputs (%q and %q)", f.Path, p.Path)
	case p.MaxErrors != f.MaxErrors || p.Scripts != f.Scripts:
		return mergeError("the pieces were made with different options (--max-errors, --scripts)")
	case p.Size != f.Size && p.Size >= 0 && f.Size >= 0:
		return mergeError("the pieces give different input sizes (%d and %d)", f.Size, p.Size)
	case p.Start < m.next:
		return mergeError("the pieces overlap at offset %d (%d-%d)", p.Start, p.Start, p.End)
	case p.Start > m.next:
		return mergeError("bytes %d-%d are missing: no piece covers them", m.next, p.Start)
	}
	if f.Size < 0 && p.Size >= 0 {
		m.first.Size = p.Size
	}
	// The sniffed bytes: the piece's bytes below sniffLimit.
	if want := max(0, min(p.End, sniffLimit)-p.Start); int64(len(p.Sniff)) != want {
		return mergeError("the piece %d-%d is damaged (sniff)", p.Start, p.End)
	}
	m.sniff = append(m.sniff, p.Sniff...)
	n := p.End - p.Start
	m.nParts++
	if n < pieceEdge {
		if int64(len(p.Head)) != n || p.Tail != nil || p.Check != nil || p.Stats != nil {
			return mergeError("the piece %d-%d is damaged", p.Start, p.End)
		}
		m.raw = append(m.raw, p.Head...)
		m.next = p.End
		return nil
	}
	if len(p.Head) != pieceEdge || len(p.Tail) != pieceEdge || (n <= 2*pieceEdge && !bytes.Equal(p.Head[n-pieceEdge:], p.Tail[:2*pieceEdge-n])) {
		return mergeError("the piece %d-%d is damaged (head, tail)", p.Start, p.End)
	}
	m.raw = append(m.raw, p.Head...)
	end := int(p.Start + C - m.rawAt)
	switch f.Command {
	case "check":
		r := p.Check
		if r == nil || p.Stats != nil || !m.trusted && !sane(r, p) {
			return mergeError("the piece %d-%d is damaged (report)", p.Start, p.End)
		}
		if err := m.settle(end, int64(r.From)); err != nil {
			return err
		}
		var err error
		if m.rep, err = m.rep.Merge(*r); err != nil {
			return mergeError("the piece %d-%d does not follow the one before", p.Start, p.End)
		}
		m.cut()
		m.pos = int64(r.To)
	case "stats":
		s := p.Stats
		if s == nil || p.Check != nil || s.From < p.Start+C || s.From > s.To || s.To > p.End || s.Bytes != s.To-s.From ||
			s.Last < -1 || s.Last > 255 || s.Scripts != nil && !f.Scripts {
			return mergeError("the piece %d-%d is damaged (report)", p.Start, p.End)
		}
		if err := m.settle(end, s.From); err != nil {
			return err
		}
		m.st.merge(s.counts())
		m.pos = s.To
	}
	m.raw = append(m.raw[:0], p.Tail...)
	m.rawAt = p.End - pieceEdge
	m.next = p.End
	return nil
}

// sane checks what a check report says of itself.
func sane(r *utf8x.RangeReport, p *partialReport) bool {
	const C = utf8x.RangeContext
	if int64(r.From) < p.Start+C || r.From > r.To || int64(r.To) > p.End || r.Runes < 0 || r.UTF16 < r.Runes ||
		r.Lines < 0 || r.Tail < 0 || r.Tail > r.Runes || r.Invalid < len(r.Errors) || r.Runes > r.To-r.From {
		return false
	}
	if want := r.Invalid; p.MaxErrors < 0 || len(r.Errors) != min(want, cmp.Or(p.MaxErrors, want)) {
		return false
	}
	last := r.From - 1
	for _, e := range r.Errors {
		if e.Offset <= last || e.Offset+e.Len > r.To || e.Len < 1 || e.Len > 3 || e.Line < 0 || e.Line > r.Lines || e.Column < 0 {
			return false
		}
		last = e.Offset
	}
	return true
}

// finish decides the elements at the input's end and checks that nothing
// is missing.
func (m *pieceMerger) finish() error {
	if m.nParts == 0 {
		return mergeError("no pieces")
	}
	if m.first.Size >= 0 && m.next != m.first.Size {
		return mergeError("bytes %d-%d are missing: no piece covers them", m.next, m.first.Size)
	}
	if err := m.settle(len(m.raw), m.rawAt+int64(len(m.raw))); err != nil {
		return err
	}
	if int64(len(m.sniff)) != min(m.next, sniffLimit) {
		return mergeError("the pieces' first bytes do not add up")
	}
	return nil
}

// piecePath is the input a merged report names.
func piecePath(p *partialReport) string {
	if p.PathBase64 != "" {
		if b, err := base64.StdEncoding.DecodeString(p.PathBase64); err == nil {
			return string(b)
		}
	}
	if !utf8.ValidString(p.Path) {
		return string(bytes.ToValidUTF8([]byte(p.Path), []byte("\uFFFD")))
	}
	return p.Path
}
