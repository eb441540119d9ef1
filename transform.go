package utf8x

import (
	"golang.org/x/text/transform"
)

// Transformer repairs a stream of UTF-8 under a Policy and applies a BOMPolicy
// to its very start. It is a golang.org/x/text/transform.SpanningTransformer, so
// it works with transform.NewReader, transform.NewWriter, transform.Chain,
// transform.String and transform.Bytes.
//
// However the stream is cut into chunks, the output is byte for byte that of
// AppendValid on the whole input (after the BOM step): a sequence cut in two is
// held back until the next chunk or the end of the input decides it. It keeps
// no buffer of its own, so memory stays constant whatever the input size.
//
// Under Strict, Transform returns an *Error whose Offset counts every byte of
// the stream since the last Reset, a stripped byte order mark included.
type Transformer struct {
	policy  Policy
	bom     BOMPolicy
	started bool  // the BOM step is done
	pos     int64 // input bytes consumed since Reset
	fixed   int64 // ill-formed subparts handled since Reset
	errEnd  int64 // where the last ill-formed subpart handled ended, as pos counts
}

var _ transform.SpanningTransformer = (*Transformer)(nil)

// NewTransformer returns a Transformer applying p to every ill-formed maximal
// subpart and b to a byte order mark at the start of the stream.
func NewTransformer(p Policy, b BOMPolicy) *Transformer {
	return &Transformer{policy: p, bom: b}
}

// Reset makes the Transformer ready for a new stream.
func (t *Transformer) Reset() {
	t.started, t.pos, t.fixed, t.errEnd = false, 0, 0, 0
}

// Fixed returns the number of ill-formed subparts handled since the last Reset.
func (t *Transformer) Fixed() int64 { return t.fixed }

// Offset returns the number of input bytes consumed since the last Reset.
func (t *Transformer) Offset() int64 { return t.pos }

// bomStep decides the stream's start. It returns how many input bytes to drop
// (a stripped BOM) and whether to write one, or ErrShortSrc when src is a
// proper prefix of a BOM that more input could complete.
func (t *Transformer) bomStep(src []byte, atEOF bool) (drop int, add bool, err error) {
	if t.bom == BOMKeep {
		return 0, false, nil
	}
	if len(src) < len(BOM) && !atEOF && BOM[:len(src)] == string(src) {
		return 0, false, transform.ErrShortSrc
	}
	had := HasBOM(src)
	if had && !t.bom.Output(true) {
		drop = len(BOM)
	}
	return drop, !had && t.bom.Output(false), nil
}

// Transform implements transform.Transformer.
func (t *Transformer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	return t.transform(dst, src, atEOF, false)
}

// transform is Transform; with stop set it returns ErrShortDst at the first
// valid run past the ill-formed subparts it has handled (and the few bytes
// between them that a probe reads), without copying the run: Reader.WriteTo
// writes such runs to its destination from where they lie.
func (t *Transformer) transform(dst, src []byte, atEOF, stop bool) (nDst, nSrc int, err error) {
	if !t.started {
		drop, add, err := t.bomStep(src, atEOF)
		if err != nil {
			return 0, 0, err
		}
		if add {
			if len(dst) < len(BOM) {
				return 0, 0, transform.ErrShortDst
			}
			nDst = copy(dst, BOM)
		}
		nSrc = drop
		t.started = true
	}
	nDst, nSrc, err = t.repair(dst, src, nDst, nSrc, atEOF, stop)
	t.pos += int64(nSrc)
	return nDst, nSrc, err
}

// fusedMin is the shortest run for which repair calls the one-pass
// validate-and-copy kernel.
const fusedMin = 64

// repair is the body of Transform after the BOM step, from dst[nDst:] and
// src[nSrc:]; stop as for transform.
func (t *Transformer) repair(dst, src []byte, nDst, nSrc int, atEOF, stop bool) (int, int, error) {
	// The last error followed the one before it closely: probe. A stop
	// call starts at an error (Span found it), which a probe reaches at
	// once where a kernel call would cost its set-up.
	afterError := stop
	repl := t.policy.Replacement()
	// Where the last error ended, relative to src: the clustering test
	// looks across calls, since Reader's stop calls each start at an error.
	lastEnd := -probeLen
	if d := t.pos - t.errEnd; d < probeLen {
		lastEnd = -int(d)
	}
	entry := nSrc
	for nSrc < len(src) {
		if stop && !afterError && nSrc > entry {
			return nDst, nSrc, transform.ErrShortDst
		}
		s := src[nSrc:]
		room := len(dst) - nDst
		var off, size int
		var kind ErrorKind
		found := false // off, size and kind hold the next ill-formed subpart
		if n := min(len(s), room); n >= fusedMin && !afterError && !stop {
			// Validate and copy the valid run in one pass, as AppendValid
			// does; the code below takes over at its end: an ill-formed
			// subpart, a character cut by the end of src or of dst.
			_, run, sz, k := appendRun(dst[nDst:nDst:nDst+n], s[:n])
			nDst += run
			nSrc += run
			if run == len(s) {
				break
			}
			if k == Truncated && run+sz == len(s) && !atEOF {
				// A character cut by the end of src, not of dst, as at
				// the end of most chunks of non-ASCII text: the next
				// chunk decides it, as the code below would say.
				return nDst, nSrc, transform.ErrShortSrc
			}
			s = src[nSrc:]
			room = len(dst) - nDst
			// The subpart the kernel stopped at is the one to handle,
			// unless it is a sequence that the cut at n may have
			// truncated: then the code below looks again.
			if sz != 0 && (k != Truncated || run+sz < n) {
				size, kind, found = sz, k, true
			}
		}
		// Look no further than the output can hold (plus one character), so that
		// a small dst does not make every call validate all of a large src.
		w := min(len(s), room+UTFMax)
		switch {
		case found:
			// off is 0: s starts with the subpart.
		case afterError:
			// Errors come in clusters: a scalar look at the bytes just
			// after one first (probe). When it finds none, the run goes
			// on through the one-pass kernel above, rather than being
			// validated here and copied after, reading it twice.
			i, sz, k := probe(s[:w])
			switch {
			case k == 0 && i < w && i <= room:
				copy(dst[nDst:], s[:i])
				nDst += i
				nSrc += i
				afterError = false
				continue
			case k != 0 || i == w:
				off, size, kind = i, sz, k
			default:
				off, size, kind = nextInvalid(s[:w])
			}
		default:
			off, size, kind = firstInvalid(s[:w])
		}
		if off > room {
			k := startOf(s, room) // a character boundary within the valid run
			copy(dst[nDst:], s[:k])
			return nDst + k, nSrc + k, transform.ErrShortDst
		}
		copy(dst[nDst:], s[:off])
		nDst += off
		nSrc += off
		if size == 0 {
			continue // s[:w] was valid and w == len(s): the loop ends
		}
		if kind == Truncated && off+size == len(s) && !atEOF {
			return nDst, nSrc, transform.ErrShortSrc // the next chunk may complete it
		}
		bad := s[off : off+size]
		if t.policy.action == ActionStrict {
			e := newError(s, off, size, kind)
			e.Offset = int(t.pos) + nSrc
			return nDst, nSrc, e
		}
		// Replace and Skip write the same bytes for every subpart; the
		// other policies' output depends on the bytes.
		var need int
		switch t.policy.action {
		case ActionReplace:
			need = len(repl)
		case ActionSkip:
		default:
			need = t.policy.invalidLen(bad)
		}
		if need > len(dst)-nDst {
			return nDst, nSrc, transform.ErrShortDst
		}
		if t.policy.action == ActionReplace {
			copy(dst[nDst:], repl)
		} else {
			t.policy.AppendInvalid(dst[:nDst], bad)
		}
		nDst += need
		afterError = nSrc-lastEnd < probeLen // as appendValid does
		nSrc += size
		lastEnd = nSrc
		t.errEnd = t.pos + int64(nSrc)
		t.fixed++
	}
	return nDst, nSrc, nil
}

// Span implements transform.SpanningTransformer: it returns how much of src
// comes out unchanged, so transform.String and transform.Bytes return valid
// input without copying it.
func (t *Transformer) Span(src []byte, atEOF bool) (n int, err error) {
	n, _, _, err = t.span(src, atEOF)
	return n, err
}

// span is Span; when it returns ErrEndOfSpan for an ill-formed subpart, it
// also returns that subpart's length and kind (otherwise size is 0).
func (t *Transformer) span(src []byte, atEOF bool) (n, size int, kind ErrorKind, err error) {
	if !t.started {
		drop, add, err := t.bomStep(src, atEOF)
		if err != nil {
			return 0, 0, 0, err
		}
		if drop > 0 || add {
			return 0, 0, 0, transform.ErrEndOfSpan
		}
		t.started = true
	}
	off, size, kind := firstInvalid(src)
	t.pos += int64(off)
	switch {
	case size == 0:
		return off, 0, 0, nil
	case kind == Truncated && off+size == len(src) && !atEOF:
		return off, 0, 0, transform.ErrShortSrc
	}
	return off, size, kind, transform.ErrEndOfSpan
}

// skipInvalid handles bad, the ill-formed subpart span has just returned,
// under a policy other than Strict: it appends what the policy writes in its
// place to dst and counts it as Transform would.
func (t *Transformer) skipInvalid(dst, bad []byte) []byte {
	t.pos += int64(len(bad))
	t.errEnd = t.pos
	t.fixed++
	return t.policy.AppendInvalid(dst, bad)
}

// clustered reports whether an ill-formed subpart at the current position
// follows the last one handled within probeLen bytes, where repair probes
// instead of calling a kernel.
func (t *Transformer) clustered() bool { return t.pos-t.errEnd < probeLen }
