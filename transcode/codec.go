package transcode

import (
	"errors"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/errdetail"
	"github.com/utf8x/utf8x/transcode/internal/multibyte"
)

// Multi-byte encodings are codecs: stateful transformers to and from UTF-8
// (Shift_JIS, EUC-JP, ISO-2022-JP, GBK, gb18030, Big5, EUC-KR, ...), made by
// another package and registered here with registerCodec. A Converter runs
// them as stages around its own UTF-8 conversion, and applies its policy to
// each unit they report.
//
// The contract a codec's transformers keep:
//
//   - The decoder converts the codec's bytes to UTF-8, the encoder UTF-8 to
//     the codec's bytes; the encoder is only ever given valid UTF-8.
//   - For a unit it cannot convert (an ill-formed or unmapped sequence, or a
//     character the encoding lacks), Transform returns an error that unit
//     recognizes, with nSrc the unit's offset in src: everything before it
//     converted, the transformer's state that before the unit. The caller
//     skips the unit's bytes, may write something in its place (through
//     the same encoder, so that a stateful encoder shifts as it must), and
//     calls Transform again with the rest.
//   - ErrShortSrc and ErrShortDst as transform.Transformer says; Reset
//     starts a new stream.
//
// Each codec is registered with one registerCodec call in an init function
// of this package (multibyte.go wires internal/multibyte's), its errors
// implementing unitError (UnitLen, UnitKind) or a unit function given. The
// key is the WHATWG name, whose labels the codec then takes; an encoding
// WHATWG lacks (EUC-JIS X 0213, Johab, ISO-2022-KR, HZ) has key "" and its
// labels in labels (which may claim WHATWG labels of its "replacement"
// encoding: iso-2022-kr, csiso2022kr, hz-gb-2312).
type codec struct {
	key    string   // the WHATWG name whose labels it takes, or "" for none
	name   string   // Encoding.Name
	labels []string // labels beyond WHATWG's (iconv's), lower case
	maxLen int      // the longest encoding of one character, in bytes
	// stateful is set for encodings with shift states (escape sequences),
	// whose text written in pieces is not the text written whole.
	stateful bool

	newDecoder func() transform.Transformer
	newEncoder func() transform.Transformer // nil when the codec only reads

	// unit recognizes the errors the transformers return for one unit: its
	// length in bytes of src (-1 for an encoder: the character at nSrc) and
	// its kind (for a decoder; an encoder's units are Unrepresentable).
	unit func(error) (n int, kind utf8x.ErrorKind, ok bool)

	form *form
}

// codecs are the registered codecs, in registration order: read through
// allCodecs, which registers them on first use. Registering the 13
// multi-byte codecs when the package started (their codecs, forms and
// closures: 39 allocations, about 22,000 instructions) cost every program
// importing it, most of which never convert a multi-byte encoding.
var (
	codecs     []*codec
	codecsOnce sync.Once
)

// allCodecs returns the registered codecs, registering them first if need
// be.
func allCodecs() []*codec {
	codecsOnce.Do(registerMultibyte)
	return codecs
}

// registerCodec adds c to the encodings Lookup and Encodings know. It runs
// from registerMultibyte (allCodecs), before the registry is built; a
// codec registered under the key of one already there replaces it.
func registerCodec(c *codec) {
	initCodec(c)
	for i, old := range codecs {
		if c.key != "" && old.key == c.key {
			codecs[i] = c
			return
		}
	}
	codecs = append(codecs, c)
}

// initCodec makes c's form, and gives it the default unit when it has none.
func initCodec(c *codec) {
	if c.unit == nil {
		c.unit = defaultUnit
	}
	c.form = &form{name: c.name, id: codecID, ascii: true, maxLen: c.maxLen, codec: c}
}

// unitError is the interface a codec's errors implement when the codec is
// registered without a unit function of its own (the WHATWG-exact codecs):
// UnitLen is the length in bytes of the unit that starts at the nSrc the
// Transform call returned, UnitKind why it could not be converted
// (utf8x.Unmapped, utf8x.Truncated, ...; an encoder's units are
// Unrepresentable whatever it says).
type unitError interface {
	error
	UnitLen() int
	UnitKind() utf8x.ErrorKind
}

func defaultUnit(err error) (int, utf8x.ErrorKind, bool) {
	// The codecs' errors are not wrapped: asserted first, as errors.As's
	// reflection cost about 4,000 instructions an error when decoding text
	// full of invalid units (the detector scoring Cyrillic bytes read as
	// EUC-TW or Johab: a tenth of what detecting such a file cost).
	// The multi-byte package's *Error, the one unitError there is, is
	// asserted as itself: an assertion to the interface looked the pair up
	// in the runtime's itab table and, the first time in a process, made
	// the entry (a fresh page of the runtime's memory for the detector's
	// first EUC-TW or Johab reading).
	if e, ok := err.(*multibyte.Error); ok {
		return e.UnitLen(), e.UnitKind(), true
	}
	if u, ok := err.(unitError); ok {
		return u.UnitLen(), u.UnitKind(), true
	}
	var u unitError
	if errors.As(err, &u) {
		return u.UnitLen(), u.UnitKind(), true
	}
	return 0, 0, false
}

// codecStage runs one codec transformer under a policy: a decoder from the
// codec to UTF-8, or an encoder from UTF-8 to the codec.
type codecStage struct {
	c      *codec
	t      transform.Transformer
	encode bool
	policy utf8x.Policy
	repl   string // what Replace writes through the encoder

	pos    int64 // bytes of input consumed since Reset
	fixed  int64
	failed bool // it returned a Strict error since Reset
	// pend is text the policy wrote for a unit, for the encoder still to
	// convert (dst was full).
	pend    []byte
	pendBuf [32]byte
}

func newCodecStage(c *codec, encode bool, p utf8x.Policy) *codecStage {
	s := &codecStage{c: c, encode: encode, policy: p}
	if encode {
		s.t = c.newEncoder()
		// The replacement when the codec can hold it, else "?" as iconv
		// writes.
		s.repl = p.Replacement()
		probe := c.newEncoder()
		var buf [64]byte
		if _, _, err := probe.Transform(buf[:], []byte(s.repl), true); err != nil {
			s.repl = "?"
		}
	} else {
		s.t = c.newDecoder()
	}
	return s
}

// Offset returns the bytes of input the stage consumed since Reset.
func (s *codecStage) Offset() int64 { return s.pos }

func (s *codecStage) Reset() {
	s.t.Reset()
	s.pos, s.fixed, s.pend, s.failed = 0, 0, nil, false
}

func (s *codecStage) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if len(s.pend) > 0 {
		d, n, err := s.t.Transform(dst, s.pend, false)
		s.pend = s.pend[n:]
		nDst += d
		if err != nil && len(s.pend) > 0 {
			return nDst, 0, transform.ErrShortDst
		}
	}
	for {
		d, n, err := s.t.Transform(dst[nDst:], src[nSrc:], atEOF)
		nDst += d
		nSrc += n
		s.pos += int64(n)
		if err == nil || err == transform.ErrShortDst || err == transform.ErrShortSrc {
			return nDst, nSrc, err
		}
		size, kind, ok := s.c.unit(err)
		if ok && size < 0 && s.encode && nSrc < len(src) {
			_, size = utf8.DecodeRune(src[nSrc:])
		}
		if !ok || size <= 0 || nSrc+size > len(src) {
			return nDst, nSrc, err
		}
		bad := src[nSrc : nSrc+size]
		var r rune
		if s.encode {
			r, _ = utf8.DecodeRune(bad)
			kind = utf8x.Unrepresentable
		}
		a := s.policy.Action()
		if a == utf8x.ActionStrict || a == utf8x.ActionCP1252 || a == utf8x.ActionLatin1 {
			var e *Error
			if s.encode {
				e = newUnrepresentable(s.c.form, src, nSrc, size, r)
			} else {
				e = newError(s.c.form, src, nSrc, size, kind)
			}
			e.Offset = int(s.pos)
			s.failed = true
			return nDst, nSrc, e
		}
		var text []byte
		switch {
		case a == utf8x.ActionHTML && s.encode:
			text = appendCharRef(s.pendBuf[:0], r)
		case a == utf8x.ActionReplace && s.encode:
			text = append(s.pendBuf[:0], s.repl...)
		default:
			text = s.policy.AppendInvalid(s.pendBuf[:0], bad)
		}
		if s.encode {
			w, m, err := s.t.Transform(dst[nDst:], text, false)
			nDst += w
			if err != nil && m < len(text) {
				s.pend = append([]byte(nil), text[m:]...)
			}
		} else {
			if len(text) > len(dst)-nDst {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += copy(dst[nDst:], text)
		}
		nSrc += size
		s.pos += int64(size)
		s.fixed++
		if len(s.pend) > 0 {
			return nDst, nSrc, transform.ErrShortDst
		}
	}
}

// codecChain is a Converter's plan when a codec is on either side: the
// codec's decoder, a Converter between UTF-8 and the other side (for the
// policies, the byte order mark and the other encoding), the codec's
// encoder; each there only when needed.
type codecChain struct {
	t transform.Transformer
	// in and out are what t is given: the caller's buffers never reach
	// the transformers' interface calls, through which the compiler would
	// move every Converter's buffers to the heap.
	in, out []byte
	dec     *codecStage
	mid     *Converter
	enc     *codecStage
	// failed is the Strict error of a stage before the last, held while
	// the stages after it write what they write at the end of the input.
	failed error

	// An encoder counts the UTF-8 it is given. From UTF-8 input that is
	// the input itself, give or take the byte order mark the middle stage
	// strips or adds at the start (utf8In, bom, head), so its errors are
	// placed in the input and the stream stops there rather than where the
	// middle stage had read to. From other input, under Strict, track
	// follows the first stage, and places in the input what a later stage
	// reports in the UTF-8 the first one wrote (see posTrack); between a
	// decoder and an encoder, a middle stage from UTF-8 to UTF-8 only
	// strips or adds a byte order mark (bomBetween).
	track      *posTrack
	bomBetween bool
	placed     *Error // the error last placed, not to be moved twice
	// limit is the most output one input byte can make (the target's
	// longest character), for run to give the stages no more input than
	// dst can take the output of while track is on: a later stage then
	// meets a character it cannot write in the call that consumed it,
	// and the call's input stops right before it.
	limit    int
	utf8In   bool
	bom      utf8x.BOMPolicy
	head     [3]byte
	headN    int
	body     bool  // the start of the stream is behind (AppendRange after its first range)
	consumed int64 // input bytes consumed since reset
	// guessed is set when run picked the byte order of a tracked middle
	// stage reading UTF-16 or UTF-32 without a set order (see run); reset
	// gives the stage back its guessing.
	guessed bool
}

var errNoEncoder = errors.New("transcode: this encoding can only be read")

// trackSlack is room run keeps in dst beyond the limit while a chain is
// tracked (a byte order mark, an encoder's return to ASCII, the room a
// stage wants before it writes), and trackMin the least input it gives.
const (
	trackSlack = 128
	trackMin   = 64
)

func newCodecChain(from, to *form, p utf8x.Policy, b utf8x.BOMPolicy) *codecChain {
	ch := &codecChain{in: make([]byte, 4096), out: make([]byte, 4096), bom: b,
		utf8In: from == utf8Form && to.codec != nil}
	var ts []transform.Transformer
	midFrom, midTo := from, to
	if from.codec != nil {
		ch.dec = newCodecStage(from.codec, false, p)
		ts = append(ts, ch.dec)
		midFrom = utf8Form
	}
	if to.codec != nil {
		midTo = utf8Form
	}
	// After a decoder the text is valid UTF-8: the middle stage is needed
	// only for another target or a byte order mark policy. Before an
	// encoder it checks the UTF-8 under the policy, which the encoder needs.
	if from.codec == nil || midTo != utf8Form || b != utf8x.BOMKeep {
		ch.mid = new(Converter)
		ch.mid.init(midFrom, midTo, p, b)
		ts = append(ts, ch.mid)
	}
	if to.codec != nil {
		if to.codec.newEncoder == nil {
			ts = append(ts, failing{})
		} else {
			ch.enc = newCodecStage(to.codec, true, p)
			ts = append(ts, ch.enc)
		}
	}
	if p.Action() == utf8x.ActionStrict && from != utf8Form && len(ts) > 1 && refuses(to) {
		ch.limit = to.maxLen
		switch {
		case ch.dec != nil:
			if d, ok := ch.dec.t.(decoderUnits); ok {
				next := ts[1].(interface{ Offset() int64 })
				ch.track = &posTrack{up: ch.dec, rep: codecReplay{d}, down: next.Offset}
				ch.bomBetween = ch.mid != nil && ch.enc != nil
			}
		case ch.mid != nil && ch.enc != nil:
			ch.mid.noPend = true
			ch.track = &posTrack{up: ch.mid, rep: converterReplay{ch.mid}, down: ch.enc.Offset}
		}
		if ch.track != nil {
			ts[0] = ch.track
		}
	}
	if len(ts) == 1 {
		ch.t = ts[0]
	} else {
		ch.t = transform.Chain(ts...)
	}
	return ch
}

// refuses reports whether the form cannot hold some characters: a codec's,
// or a single-byte form; the Unicode forms hold them all.
func refuses(f *form) bool {
	switch f.id {
	case codecID, latin1ID, cp1252ID, asciiID, sbID:
		return true
	}
	return false
}

func (ch *codecChain) reset() {
	ch.t.Reset()
	if ch.guessed {
		ch.mid.order, ch.guessed = GuessOrder, false
	}
	ch.failed, ch.placed = nil, nil
	ch.headN, ch.body, ch.consumed = 0, false, 0
}

// place moves the offset of a Strict error from the UTF-8 a later stage
// was given to the input, when it is a later stage's, and returns the input
// the call consumed up to it (nSrc when it cannot tell). It moves each
// error once.
func (ch *codecChain) place(err error, nSrc int) int {
	e, ok := err.(*Error)
	if !ok {
		return nSrc
	}
	if e != ch.placed {
		ch.placed = e
		switch {
		case ch.utf8In && ch.enc != nil && ch.enc.failed:
			ch.placeEncoderError(e)
		case ch.track != nil && err != ch.track.upErr:
			ch.placeTracked(e)
		}
	}
	if k := int64(e.Offset) - ch.consumed; k >= 0 && k <= int64(nSrc) {
		return int(k)
	}
	return nSrc
}

// placeTracked places e, reported by a stage after the tracked one, in the
// input.
func (ch *codecChain) placeTracked(e *Error) {
	t := ch.track
	x := int64(e.Offset)
	if ch.bomBetween {
		// The middle stage's output is its input, but for a byte order
		// mark it strips or adds at the start.
		had := t.headN == len(utf8x.BOM) && string(t.head[:]) == utf8x.BOM
		switch want := ch.bom.Output(had); {
		case had && !want:
			x += int64(len(utf8x.BOM))
		case !had && want:
			if x < int64(len(utf8x.BOM)) {
				// The mark itself: before the first character.
				e.Offset, e.Len = 0, 0
				return
			}
			x -= int64(len(utf8x.BOM))
		}
	}
	if off, n, unit, ok := t.locate(x); ok {
		e.Offset, e.Len = int(off), n
		errdetail.Set(e, errdetail.Of(unit), "")
	}
}

// placeEncoderError moves the offset of the encoder's error e from the
// UTF-8 the encoder was given to the input, for UTF-8 input.
func (ch *codecChain) placeEncoderError(e *Error) {
	if !ch.body {
		had := ch.headN == len(utf8x.BOM) && string(ch.head[:]) == utf8x.BOM
		if had {
			e.Offset += len(utf8x.BOM)
		}
		if ch.bom.Output(had) {
			e.Offset = max(e.Offset-len(utf8x.BOM), 0)
		}
	}
}

// transform runs ch.t over src into dst. A Strict error ends the stream:
// the stages after the one that failed are then run to the end of the
// input, as they are when the error comes in a call at the end of the
// input (transform.Chain runs them so), so that the output before an error
// is the same however the input was cut (the byte order mark the middle
// stage writes once it has seen the start of the text, the return to ASCII
// of a stateful encoder). An error of the encoder, the last stage, ends
// its output where it is, in every case.
func (ch *codecChain) transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if ch.failed != nil {
		nDst, _, err = ch.flush(dst)
		ch.place(err, 0)
		return nDst, 0, err
	}
	nDst, nSrc, err = ch.run(dst, src, atEOF)
	if ch.headN < len(ch.head) {
		ch.headN += copy(ch.head[ch.headN:], src[:nSrc])
	}
	switch {
	case err == nil || err == transform.ErrShortSrc || err == transform.ErrShortDst:
	case ch.enc != nil && ch.enc.failed:
		nSrc = ch.place(err, nSrc)
	case !atEOF:
		nSrc = ch.place(err, nSrc)
		ch.failed = err
		d, _, ferr := ch.flush(dst[nDst:])
		ch.place(ferr, 0)
		nDst, err = nDst+d, ferr
	default:
		nSrc = ch.place(err, nSrc)
	}
	ch.consumed += int64(nSrc)
	return nDst, nSrc, err
}

// flush runs the stages after a failed one to the end of the input, then
// returns the error (ErrShortDst first while dst lacks room). An error
// those stages meet on the way wins, as in transform.Chain: it is about
// text before the failed unit (a byte order mark the encoder cannot write).
func (ch *codecChain) flush(dst []byte) (int, int, error) {
	d, _, err := ch.run(dst, nil, true)
	if err == transform.ErrShortDst {
		return d, 0, err
	}
	if err == nil || err == transform.ErrShortSrc {
		err = ch.failed
	}
	ch.failed = nil
	return d, 0, err
}

// run runs ch.t over src into dst through ch.in and ch.out.
func (ch *codecChain) run(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if m := ch.mid; ch.track != nil && ch.dec == nil && m.stage == stageSignature && m.from.auto != nil && m.order == GuessOrder {
		// The middle stage reads UTF-16 or UTF-32 and guesses the byte
		// order from the first guessLen bytes, waiting for them all; but
		// while tracked it is given less input than that a call, and
		// would wait for ever. The order is guessed here, from the same
		// bytes, and set on the stage; a signature still wins over it.
		if len(src) < guessLen && !atEOF {
			return 0, 0, transform.ErrShortSrc
		}
		unit := 4
		if isUTF16(m.from) {
			unit = 2
		}
		m.order, ch.guessed = LittleEndian, true
		if guessOrder(src, unit) == big {
			m.order = BigEndian
		}
	}
	for {
		m := min(len(dst)-nDst, len(ch.out))
		in := ch.in
		if ch.track != nil {
			// Input whose output surely fits (see limit), or when dst has
			// too little room for that, a little to make progress.
			k := (m - trackSlack) / ch.limit
			if k < trackMin {
				if m == 0 || nDst > 0 && nSrc < len(src) {
					return nDst, nSrc, transform.ErrShortDst
				}
				k = trackMin
			}
			in = in[:min(len(in), k)]
		}
		n := copy(in, src[nSrc:])
		whole := nSrc+n == len(src)
		d, s, err := ch.t.Transform(ch.out[:m], ch.in[:n], atEOF && whole)
		nDst += copy(dst[nDst:], ch.out[:d])
		nSrc += s
		progress := s > 0 || d > 0
		switch {
		case err == nil && whole && nSrc == len(src):
			return nDst, nSrc, nil
		case err == nil, err == transform.ErrShortSrc && !whole, err == transform.ErrShortDst && m < len(dst)-nDst+d:
			if progress {
				continue
			}
		}
		if err == nil {
			err = transform.ErrShortSrc
		}
		return nDst, nSrc, err
	}
}

func (ch *codecChain) fixed() int64 {
	var n int64
	if ch.dec != nil {
		n += ch.dec.fixed
	}
	if ch.mid != nil {
		n += ch.mid.Fixed()
	}
	if ch.enc != nil {
		n += ch.enc.fixed
	}
	return n
}

// failing is the encoder of a codec that only reads.
type failing struct{ transform.NopResetter }

func (failing) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	if len(src) == 0 {
		return 0, 0, nil
	}
	return 0, 0, errNoEncoder
}

// codecRun runs the decoder stage s over p, copied through a buffer of its
// own (p must not reach the transformer's interface call, which would move
// every caller's buffer to the heap; see codecChain), passing each piece of
// output to out. It returns where it stopped and why: nil at the end of p,
// ErrShortSrc before a unit more input could finish, or the stage's error.
func codecRun(s *codecStage, p []byte, atEOF bool, out func([]byte)) (int, error) {
	in := make([]byte, 4096)
	buf := make([]byte, 1024)
	off := 0
	for {
		n := copy(in, p[off:])
		whole := off+n == len(p)
		d, m, err := s.Transform(buf, in[:n], atEOF && whole)
		if out != nil {
			out(buf[:d])
		}
		off += m
		progress := d > 0 || m > 0
		switch {
		case err == nil && whole:
			return off, nil
		case err == nil, err == transform.ErrShortSrc && !whole, err == transform.ErrShortDst:
			if progress {
				continue
			}
		}
		if err == nil {
			err = transform.ErrShortSrc
		}
		return off, err
	}
}

// codecFirstInvalid is FirstInvalid for a codec: its decoder run over p
// under Strict (a codec's units can only be read in order, from the start).
func codecFirstInvalid(c *codec, p []byte, atEOF bool) (off, n int, kind utf8x.ErrorKind) {
	off, err := codecRun(newCodecStage(c, false, utf8x.Strict), p, atEOF, nil)
	if e, ok := err.(*Error); ok {
		return e.Offset, e.Len, e.Kind
	}
	// Done, or at the end a unit more input could finish (or an error of
	// the codec's own that names no unit).
	return off, 0, 0
}

// codecRuneCount is RuneCount for a codec: its decoder's characters under
// Replace, each ill-formed unit one U+FFFD.
func codecRuneCount(c *codec, p []byte) int {
	count := 0
	codecRun(newCodecStage(c, false, utf8x.Replace), p, true, func(b []byte) { count += utf8.RuneCount(b) })
	return count
}

// codecIncompleteTail is IncompleteTail for a codec: what its decoder,
// run over p from the start, leaves unconsumed at the end.
func codecIncompleteTail(c *codec, p []byte) int {
	off, _ := codecRun(newCodecStage(c, false, utf8x.Replace), p, false, nil)
	return len(p) - off
}
