package transcode

import (
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// A codecChain from anything but UTF-8 converts twice: the first stage
// (a codec's decoder, or a Converter to UTF-8) writes UTF-8 that a later
// stage (a Converter from UTF-8, or a codec's encoder) converts further.
// That later stage places a character it cannot write in the UTF-8 it was
// given; posTrack, wrapped around the first stage under Strict, places it
// in the input instead.
//
// Before each call of the first stage it notes where the stage's input and
// output stood and the stage's state (a checkpoint), and keeps the input the
// call consumed. Given an offset in the output it takes the last
// checkpoint at or before it and steps through the units of the kept input
// from the state noted there, as the stage converted them, to the unit
// whose output holds the offset. Checkpoints whose output the next stage
// has read all of are dropped, so the input kept is about what the chain's
// buffers hold (4 KiB).
type posTrack struct {
	up  transform.Transformer
	rep replayer
	// down returns how much of up's output the next stage has consumed.
	down func() int64

	cps []checkpoint
	buf []byte // the input of cps, from cps[0].off on

	inPos, outPos int64
	head          [3]byte // the first bytes of up's output
	headN         int
	upErr         error // the error up returned, if any, since Reset
}

type checkpoint struct {
	in, out int64 // input consumed and output written before the call
	st      replayState
	// after is the state after the call: for a Converter that read the
	// signature in it, the form picked, which may have looked at input
	// past what the call consumed (the first bytes of UTF-16 and UTF-32
	// without a signature).
	after  replayState
	off, n int // the call's input: buf[off:off+n]
	atEOF  bool
}

// replayState is what a first stage's units depend on: a codec decoder's
// shift state, or a Converter's source form and stage.
type replayState struct {
	st    uint32
	src   *form
	stage uint8
}

type replayer interface {
	snapshot() replayState
	// place steps from state st through p, input the stage consumed in
	// one call, and returns the offset in p and the length of the unit
	// whose output holds byte rel of that call's output. n == 0 names a
	// place where the stage wrote bytes of its own (a byte order mark).
	place(st, after replayState, p []byte, atEOF bool, rel int64) (off, n int, ok bool)
}

func (t *posTrack) Reset() {
	t.up.Reset()
	t.cps, t.buf = t.cps[:0], t.buf[:0]
	t.inPos, t.outPos, t.headN, t.upErr = 0, 0, 0, nil
}

func (t *posTrack) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	t.prune()
	cp := checkpoint{in: t.inPos, out: t.outPos, st: t.rep.snapshot()}
	nDst, nSrc, err = t.up.Transform(dst, src, atEOF)
	if nSrc > 0 || nDst > 0 {
		cp.off, cp.n, cp.atEOF = len(t.buf), nSrc, atEOF && nSrc == len(src)
		cp.after = t.rep.snapshot()
		t.buf = append(t.buf, src[:nSrc]...)
		t.cps = append(t.cps, cp)
	}
	if t.headN < len(t.head) {
		t.headN += copy(t.head[t.headN:], dst[:nDst])
	}
	t.inPos += int64(nSrc)
	t.outPos += int64(nDst)
	if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
		t.upErr = err
	}
	return nDst, nSrc, err
}

// prune drops the checkpoints no offset the next stage can report falls
// in: those followed by one whose output it has already consumed.
func (t *posTrack) prune() {
	done := t.down()
	i := 0
	for i+1 < len(t.cps) && t.cps[i+1].out <= done {
		i++
	}
	if i == 0 {
		return
	}
	t.cps = append(t.cps[:0], t.cps[i:]...)
	if off := t.cps[0].off; off >= 4096 && off >= len(t.buf)/2 {
		t.buf = t.buf[:copy(t.buf, t.buf[off:])]
		for j := range t.cps {
			t.cps[j].off -= off
		}
	}
}

// locate returns the offset in the input of the unit whose output holds
// byte x of up's output, its length, and a copy of its bytes.
func (t *posTrack) locate(x int64) (off int64, n int, unit []byte, ok bool) {
	for i := len(t.cps) - 1; i >= 0; i-- {
		cp := &t.cps[i]
		if cp.out > x {
			continue
		}
		p := t.buf[cp.off : cp.off+cp.n]
		o, n, ok := t.rep.place(cp.st, cp.after, p, cp.atEOF, x-cp.out)
		if !ok {
			return 0, 0, nil, false
		}
		return cp.in + int64(o), n, p[o : o+n], true
	}
	return 0, 0, nil, false
}

// decoderUnits is what transcode needs of a codec's decoder to step
// through its units (internal/multibyte's decoders have it).
type decoderUnits interface {
	State() uint32
	Unit(st *uint32, src []byte, atEOF bool) (n, outLen int)
}

// codecReplay replays a codec's decoder stage.
type codecReplay struct{ d decoderUnits }

func (r codecReplay) snapshot() replayState { return replayState{st: r.d.State()} }

func (r codecReplay) place(s, _ replayState, p []byte, atEOF bool, rel int64) (int, int, bool) {
	st := s.st
	var o int64
	for i := 0; i < len(p); {
		n, w := r.d.Unit(&st, p[i:], atEOF)
		if n == 0 {
			break
		}
		if rel < o+int64(w) {
			return i, n, true
		}
		i += n
		o += int64(w)
	}
	return 0, 0, false
}

// converterReplay replays a Converter to UTF-8 from a form that is not a
// codec's, as its Transform converts under Strict (without c.pend, which
// trackers turn off: see noPend).
type converterReplay struct{ c *Converter }

func (r converterReplay) snapshot() replayState {
	return replayState{src: r.c.src, stage: r.c.stage}
}

func (r converterReplay) place(s, after replayState, p []byte, atEOF bool, rel int64) (int, int, bool) {
	c := r.c
	f, stage := s.src, s.stage
	i := 0
	var o int64
	if stage == stageSignature {
		// The form sniff picked, and its signature if p starts with it
		// (sniff takes a signature before any order or guess).
		f = after.src
		if f.bom != "" && c.from.auto != nil && len(p) >= len(f.bom) && string(p[:len(f.bom)]) == f.bom {
			i = len(f.bom)
		}
		stage = stageHead
		if c.bom == utf8x.BOMKeep {
			stage = stageBody
		}
	}
	if stage == stageHead && (i < len(p) || atEOF) {
		var (
			r    rune
			n    int
			kind utf8x.ErrorKind
		)
		if i < len(p) {
			r, n, kind = f.decode(p[i:], atEOF)
		}
		had := n > 0 && kind == 0 && r == 0xFEFF
		want := c.bom.Output(had)
		switch {
		case had && !want:
			i += n
		case !had && want && c.to.bom != "":
			o += int64(len(c.to.bom))
			if rel < o {
				return i, 0, true
			}
		}
	}
	for i < len(p) {
		var (
			r rune
			n int
		)
		if p[i] < utf8.RuneSelf && f.ascii {
			r, n = rune(p[i]), 1
		} else {
			r, n, _ = f.decode(p[i:], atEOF)
		}
		if n == 0 {
			break
		}
		w := int64(utf8.RuneLen(r))
		if w < 0 {
			w = int64(utf8.RuneLen(utf8.RuneError))
		}
		if rel < o+w {
			return i, n, true
		}
		i += n
		o += w
	}
	return 0, 0, false
}
