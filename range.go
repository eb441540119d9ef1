package utf8x

import (
	"bytes"
	"errors"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// Ranges: checking one piece of a larger input so that the pieces' reports
// merge into the report of the whole.
//
// UTF-8 is self-synchronizing: every byte that is not a continuation byte
// starts an element of the maximal-subpart decomposition (a character or an
// ill-formed subpart), and an element is at most 4 bytes long. So the element
// that holds any byte is found by looking back at most 3 bytes, and how an
// element ends (and, for an ill-formed one, its kind) is decided by at most 3
// bytes after its first. A range of the input therefore owns exactly the
// elements whose first byte lies in it, and can be checked knowing only the
// RangeContext bytes before it and RangeContext after it.

// RangeContext is how many bytes of the input a range needs on each side of
// it, besides its own, to be checked (CheckRange), repaired
// (AppendValidRange) or bounded (RangeBounds) on its own: the element holding
// a range's first byte starts at most 3 bytes before it, and how an element
// cut by a range's end ends is decided by at most the 3 bytes after the end.
// A window of an input for a range [start, end) is therefore
// input[max(start-RangeContext, 0):min(end+RangeContext, len(input))].
const RangeContext = UTFMax - 1

// RangeBounds returns the bytes p[from:to] that the range p[start:end] owns:
// the characters and ill-formed maximal subparts whose first byte lies in
// [start, end). from is start moved past the continuation bytes of an element
// that began before start (at most 3); to is end moved to the end of an
// element that began before end (at most 3 bytes further). Ranges that tile
// an input own disjoint pieces that tile it too.
//
// p is the whole input or a window of it that holds, besides the range, the
// RangeContext bytes before start and the RangeContext bytes after end, or as
// many as the input has there. Out-of-range start and end are clamped to p.
func RangeBounds(p []byte, start, end int) (from, to int) {
	start = min(max(start, 0), len(p))
	end = min(max(end, start), len(p))
	return ownedFrom(p, start), ownedFrom(p, end)
}

// ownedFrom returns the first element boundary at or after i.
func ownedFrom(p []byte, i int) int {
	j := startOf(p, i)
	if j == i {
		return i
	}
	_, size, _ := decode(p[j:])
	return j + size
}

// RangeReport is what CheckRange learns about one range of a larger input.
// The reports of consecutive ranges merge (Merge) into the report CheckRange
// gives for the whole input: the same errors in the same order, the sums of
// the counts.
//
// Lines and columns in a report count from the start of the bytes it owns, so
// that the report of a range starting at offset 0 gives them for the input:
// an error is on line Line+1, column Column+1.
//
// A report marshals to JSON and back (encoding/json) without loss, so that
// the reports of ranges checked in other processes or machines can be merged
// in one: the keys are the fields' names in lower case, the errors are
// RangeError's JSON objects, and a report without errors has "errors": null.
type RangeReport struct {
	From int `json:"from"` // input offset of the first byte owned: the elements starting in the range
	To   int `json:"to"`   // input offset just past the last byte owned

	Runes   int `json:"runes"`   // characters, each ill-formed maximal subpart counting as one
	UTF16   int `json:"utf16"`   // UTF-16 code units, each ill-formed maximal subpart counting as one
	Lines   int `json:"lines"`   // LF bytes
	Tail    int `json:"tail"`    // characters after the last LF (all of Runes when Lines is 0)
	Invalid int `json:"invalid"` // ill-formed maximal subparts, all of them

	// Errors lists the first ill-formed maximal subparts, at most as many as
	// CheckRange was asked for, in input order.
	Errors []RangeError `json:"errors"`
}

// RangeError is one ill-formed maximal subpart found by CheckRange (and
// Checker, CheckReaderAt): a record of a report, with the subpart's line and
// column. It is an error too, whose message is AsError's and which unwraps to
// AsError's *Error, so errors.Is(e, ErrInvalid) holds and errors.As finds an
// *Error in it. Its JSON form (MarshalJSON) keeps the bytes, as hex, and the
// kind, by name.
type RangeError struct {
	Offset int       // input offset of its first byte
	Len    int       // its length, 1 to 3
	Kind   ErrorKind // why it is ill-formed
	Line   int       // LF bytes between the start of the report and Offset
	Column int       // characters between the last of those LFs (or the report's start) and Offset

	bytes [4]byte // a copy of the subpart, for AsError's message
}

// AsError returns e as an *Error, the form Validate reports.
func (e RangeError) AsError() *Error {
	r := &Error{Offset: e.Offset, Len: e.Len, Kind: e.Kind, Encoding: utf8Name}
	copy(r.bytes[:], e.bytes[:])
	return r
}

// Error returns AsError's message: "invalid UTF-8 at byte 41: truncated (E2 82)".
func (e RangeError) Error() string { return e.AsError().Error() }

// Unwrap returns AsError(), for errors.Is and errors.As.
func (e RangeError) Unwrap() error { return e.AsError() }

// ErrRangeWindow is returned by CheckRange when its window cannot decide
// where the range's first element starts.
//
// Its message is a constant (RangeContext is one digit; TestRangeWindowMessage
// checks it): fmt.Errorf here ran fmt's printer in every program's init.
var ErrRangeWindow = errors.New("utf8x: range window must hold the " + string(rune('0'+RangeContext)) + " bytes before the range or start at the input's start")

// CheckRange checks the range p[start:end] of a larger input of which p is a
// window starting at input offset base (0 when p is the whole input). It
// reports on the elements the range owns (see RangeBounds): their counts, the
// LFs among them, and the first maxErrors ill-formed subparts (all of them
// when maxErrors is negative) with input offsets. Checking the ranges of any
// cut of an input and merging the reports in order gives exactly the report
// of CheckRange(p, 0, 0, len(p), maxErrors) on the whole, once the merged
// Errors is cut to maxErrors.
//
// The window must hold the RangeContext bytes before start unless base is 0
// (then p starts the input), and the RangeContext bytes after end unless p
// ends where the input does; the bytes after end decide how an element cut by end ends. An error
// is returned only when start, end and base do not make sense.
func CheckRange(p []byte, base, start, end, maxErrors int) (RangeReport, error) {
	if base < 0 || start < 0 || start > end || end > len(p) {
		return RangeReport{}, errors.New("utf8x: CheckRange: need 0 <= base, 0 <= start <= end <= len(p)")
	}
	if base > 0 && start < RangeContext {
		return RangeReport{}, ErrRangeWindow
	}
	from, to := RangeBounds(p, start, end)
	rep := RangeReport{From: base + from, To: base + to}
	own := p[from:to]
	// Counting the owned bytes on their own is exact: each element of them
	// is an element of the input with the same length. Only the kind of the
	// last one can depend on the bytes after to, so errors are looked for in
	// a view that keeps RangeContext of them.
	valid := false
	if k, runes, units := utf8kernel.ValidRunes(own); k == len(own) {
		// The common case, valid text: one pass validates and counts.
		rep.Runes, rep.UTF16 = runes, units
		valid = true
	} else {
		rep.Runes, rep.UTF16 = RuneCount(own), UTF16Len(own)
	}
	rep.Lines = bytes.Count(own, newline)
	if rep.Lines == 0 {
		rep.Tail = rep.Runes
	} else {
		rep.Tail = RuneCount(own[bytes.LastIndexByte(own, '\n')+1:])
	}
	if valid {
		// No element of own is ill-formed, so none starts an error: the
		// bytes after to could only decide the kind of one.
		return rep, nil
	}
	view := p[from:min(len(p), to+RangeContext)]
	n := len(own)
	off, size, kind := firstInvalid(view)
	line, col, last := 0, 0, 0 // the line and column count has reached view[last]
	prev := 0                  // where the valid run before view[off] starts
	for off < n {
		rep.Invalid++
		if maxErrors < 0 || len(rep.Errors) < maxErrors {
			seg := view[last:off]
			if k := bytes.Count(seg, newline); k > 0 {
				line += k
				col = RuneCount(seg[bytes.LastIndexByte(seg, '\n')+1:])
			} else {
				col += RuneCount(seg)
			}
			e := RangeError{Offset: base + from + off, Len: size, Kind: kind, Line: line, Column: col}
			copy(e.bytes[:], view[off:off+size])
			rep.Errors = append(rep.Errors, e)
			col++ // the subpart is one character, the U+FFFD replacing it
			last = off + size
		}
		next := off + size
		var o, s int
		var k ErrorKind
		if off-prev < probeLen { // a cluster: probe, as appendValid does
			o, s, k = nextInvalid(view[next:])
		} else {
			o, s, k = firstInvalid(view[next:])
		}
		prev = next
		off, size, kind = next+o, s, k
	}
	return rep, nil
}

var newline = []byte{'\n'}

// Merge returns the report of the bytes r and next own together; next must
// follow r (next.From == r.To). Lines and columns of next's errors are made
// to count from r's start. The errors are r's followed by next's: a caller
// that asked each range for its first N cuts the merged list to N. Like
// append, Merge may write the merged errors into the spare capacity of
// r.Errors, so that merging a long run of reports costs time in proportion to
// their errors.
func (r RangeReport) Merge(next RangeReport) (RangeReport, error) {
	if next.From != r.To {
		return r, errors.New("utf8x: RangeReport.Merge: ranges are not adjacent")
	}
	m := r
	m.To = next.To
	m.Runes += next.Runes
	m.UTF16 += next.UTF16
	m.Lines += next.Lines
	if next.Lines > 0 {
		m.Tail = next.Tail
	} else {
		m.Tail += next.Tail
	}
	m.Invalid += next.Invalid
	m.Errors = append(r.Errors, next.Errors...)
	for i := len(r.Errors); i < len(m.Errors); i++ {
		e := &m.Errors[i]
		if e.Line == 0 {
			e.Column += r.Tail
		}
		e.Line += r.Lines
	}
	return m, nil
}

// AppendValidRange is AppendValid for the range p[start:end] of a larger input,
// p being a window of it that starts at input offset base, as for CheckRange:
// it appends the repair of the bytes the range owns (RangeBounds). Appending
// the ranges of any cut of an input in order gives the bytes AppendValid gives
// for the whole, and the counts n sum to its count. Under Strict the *Error
// has an input offset, and the error of the whole is the first range's error.
func AppendValidRange(dst, p []byte, base, start, end int, pol Policy) (out []byte, n int, err error) {
	if base < 0 || start < 0 || start > end || end > len(p) {
		return dst, 0, errors.New("utf8x: AppendValidRange: need 0 <= base, 0 <= start <= end <= len(p)")
	}
	if base > 0 && start < RangeContext {
		return dst, 0, ErrRangeWindow
	}
	from, to := RangeBounds(p, start, end)
	out, n, err = appendValid(dst, p[from:to], pol)
	if e, ok := err.(*Error); ok {
		// The owned bytes alone may end in what looks truncated; the bytes
		// after them give the kind the whole input has.
		_, _, e.Kind = decode(p[from+e.Offset:])
		e.Offset += base + from
	}
	return out, n, err
}
