// Package detect guesses the character encoding of text whose encoding nobody
// wrote down.
//
// Structure decides first, because it is nearly certain (Sniff): a byte
// order mark; the NUL pattern and surrogate validity of UTF-16 and UTF-32;
// binary data (a known format's magic number, or NULs and control bytes no
// text pattern explains), named "binary"; valid UTF-8, NUL bytes included
// (always reported as UTF-8 when it holds non-ASCII characters, never as a
// legacy encoding whose reading would be mojibake); pure ASCII; the escapes
// of ISO-2022-JP, ISO-2022-KR and HZ-GB-2312. Only then do statistics choose
// among the legacy encodings: the lines of the input that hold bytes above
// 7F (a line longer than 1 KiB counting as pieces of about that size, so
// that one long line of ASCII does not come in whole; a line with at most
// four such bytes, each in a context the window already took twice, left
// out: a repeated name or © line is one piece of evidence), their HTML and
// XML markup taken out (model.Window), are decoded with
// each candidate and the characters are scored with character-bigram models
// of the languages that encoding carries, trained on Debian's translated
// manual pages and gettext catalogs (see internal/gen). Every candidate is
// scored on that same window, so that their costs compare whatever the
// length of the input. Confidences are probabilities, calibrated on
// held-out training text; those of documents with at most 64 characters
// beyond ASCII in at least 1 KiB (a name, a ©, a degree sign in English)
// are calibrated again on whole real documents, and that second map never
// takes them to 0.9 or beyond (model.SparseCap).
//
// Encodings that decode every byte of the input to the same characters are
// one answer: the most used of them is named and the others are listed in
// Candidate.Equivalent. In particular ISO-8859-1 and Windows-1252 read text
// without bytes 80-9F identically; the answer is then named windows-1252
// (which also reads a later € or curly quote right) with iso-8859-1 as its
// equivalent. When bytes 80-9F occur, ISO-8859-1 would read them as C1
// controls and is scored apart (and loses).
package detect

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/detect/internal/model"
	"github.com/utf8x/utf8x/internal/sniff"
	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// Evidence says what decided a candidate.
type Evidence int

const (
	// Statistics: the candidate's decoding reads like its language.
	Statistics Evidence = iota
	// Structure: validity or byte patterns only this encoding produces.
	Structure
	// BOM: a byte order mark.
	BOM
)

// String returns "statistics", "structure" or "bom".
func (e Evidence) String() string {
	switch e {
	case Structure:
		return "structure"
	case BOM:
		return "bom"
	}
	return "statistics"
}

// Candidate is one possible encoding of the input.
type Candidate struct {
	// Encoding is the name utf8x and the WHATWG Encoding Standard use, lower
	// case: "utf-8", "windows-1251", "shift_jis".
	Encoding string
	// Iconv is a label glibc iconv accepts for the same decoding.
	Iconv string
	// Confidence is the probability that this candidate is right.
	Confidence float64
	Evidence   Evidence
	// Language is the BCP 47 tag of the language whose model read the text
	// best ("ru", "zh-hant"), when statistics decided; LanguageName its
	// English name.
	Language, LanguageName string
	// Equivalent lists encodings that decode the input examined to exactly
	// the same characters, but for one allowance: ISO-8859-16's ș and ț
	// are Windows-1250's and ISO-8859-2's ş and ţ (the same bytes, and the
	// same Romanian letters written two ways).
	Equivalent []string
	// Note says why the candidate was ruled out or how it scored.
	Note string
}

// Result is the ranked outcome of a detection.
type Result struct {
	// Candidates are ranked best first; those ruled out come last with
	// Confidence 0 and a Note.
	Candidates []Candidate
	// Abstained is true when the best confidence is below the caller's
	// Options.MinConfidence (or nothing could be said).
	Abstained bool
	// Examined is how many bytes were looked at, or, when an ASCII prefix
	// was looked past (see Detect), the offset, counted from the input's
	// start, where the bytes examined after it end; Truncated says the
	// input went on beyond them.
	Examined  int64
	Truncated bool
}

// Best returns the top candidate, and false when the detector abstained.
func (r Result) Best() (Candidate, bool) {
	if r.Abstained || len(r.Candidates) == 0 {
		return Candidate{}, false
	}
	return r.Candidates[0], true
}

// DefaultLimit is how many bytes are examined unless Options.Limit says
// otherwise: enough for any statistics, small enough to be instant.
const DefaultLimit = 64 << 10

// Options tune a detection. The zero value examines DefaultLimit bytes
// (those after an ASCII prefix of that length: see Detect) and never
// abstains.
type Options struct {
	// Limit is the number of bytes examined: 0 means DefaultLimit, and
	// looking past an ASCII prefix (see Detect); a positive value means
	// that many bytes, the first, whatever they hold; a negative value
	// means the whole input.
	Limit int64
	// MinConfidence makes the detector abstain when the best candidate's
	// confidence is below it.
	MinConfidence float64
}

// defaultModel loads the generated tables on first use, not at program
// start: loading takes about a millisecond, which programs that import the
// package without detecting (the utf8x tool checking UTF-8) should not pay.
var defaultModel = sync.OnceValue(func() *model.Model {
	m, err := model.Build(model.Data, model.ASCIIModel, model.Fitted)
	if err != nil {
		panic("detect: generated tables do not load: " + err.Error())
	}
	// Stale classes (TestByteClassesGenerated fails) are computed instead.
	m.UseByteClasses(model.ByteClasses)
	return m
})

// Detect examines p.
//
// Under the default limit (Options.Limit 0), a p whose first DefaultLimit
// bytes are plain ASCII ("us-ascii", and p goes on; not the escapes of
// ISO-2022 or HZ, which are named) is examined past them: the ASCII says
// nothing of the encoding, and "us-ascii" is no answer for a text that goes
// on in windows-1252 (a changelog whose first accented name comes after
// 64 KiB). What is examined is then DefaultLimit bytes from the start of
// the line of p's first byte beyond ASCII (at most 1 KiB before that byte,
// never before offset DefaultLimit; a character the limit cuts, the only
// bytes beyond ASCII in the first DefaultLimit, starts them), as if they
// began an input of their own; Result.Examined still counts from p's
// start. A p that is ASCII to its end is "us-ascii", all of it examined;
// one whose first 64 MiB are ASCII is "us-ascii" for them (Truncated),
// whatever follows. An explicit Limit examines that many bytes and no
// others.
//
// Under the default limit, an answer whose equivalents (Candidate.Equivalent)
// decode the rest of p differently is settled on the text around the bytes
// that tell them apart, up to 4 MiB past those examined (see lookon.go).
func Detect(p []byte, o *Options) Result {
	return lookOnSlice(p, detectExamined(p, o), o)
}

// detectExamined is Detect without the look-on: the verdict on the bytes
// examined alone, which is the Detector's.
func detectExamined(p []byte, o *Options) Result {
	r, ok := sliceVerdict(p, o)
	if !ok {
		return detectAll(p, o, true) // the Detector looks past ASCII itself
	}
	if asciiSoFar(r, o) {
		return pastASCII(p, r, o)
	}
	return r
}

// asciiContext is how many bytes before an input's first byte beyond ASCII
// are examined with it, when its first DefaultLimit bytes are ASCII (see
// Detect): the start of its line, if that is no farther.
const asciiContext = 1 << 10

// asciiReadOn bounds how far an input whose first DefaultLimit bytes are
// ASCII is read looking for a byte beyond ASCII (see Detect): past it the
// answer is "us-ascii" for what was read (Truncated), so that a stream
// that never ends (yes | utf8x detect) is answered.
const asciiReadOn = 64 << 20

// lookPast reports whether o is the default limit, under which an input's
// ASCII prefix is looked past (see Detect).
func lookPast(o *Options) bool { return o == nil || o.Limit == 0 }

// asciiSoFar reports whether r, a verdict under o on an input's first
// bytes, says only that they are ASCII, with more to come, under the
// default limit: the input is examined on (see Detect).
func asciiSoFar(r Result, o *Options) bool {
	return r.Truncated && lookPast(o) && r.Examined == DefaultLimit && isASCIIVerdict(r.Candidates)
}

// isASCIIVerdict reports whether c, a verdict on a prefix, is "us-ascii".
func isASCIIVerdict(c []Candidate) bool { return len(c) > 0 && c[0].Encoding == "us-ascii" }

// pastASCII is Detect on p, whose first DefaultLimit bytes r found ASCII
// (but perhaps for a character the limit cuts, whose first byte is then
// the first beyond ASCII, and starts the window).
func pastASCII(p []byte, r Result, o *Options) Result {
	if c := completeLen(p[:DefaultLimit]); c < DefaultLimit {
		r = detectWindow(p[c:], o)
		r.Examined += int64(c)
		return r
	}
	end := min(len(p), asciiReadOn)
	i := DefaultLimit + utf8kernel.ASCIIPrefix(p[DefaultLimit:end])
	switch {
	case i == len(p):
		r.Examined, r.Truncated = int64(len(p)), false
		return r
	case i == asciiReadOn:
		r.Examined = asciiReadOn
		return r
	}
	s := asciiWindowStart(p[:i], DefaultLimit)
	r = detectWindow(p[s:], o)
	r.Examined += int64(s)
	return r
}

// detectWindow is Detect on the window of an input that pastASCII or the
// Detector chose, which is not looked past again (it holds a byte beyond
// ASCII within its first asciiContext bytes: its verdict is never
// "us-ascii").
func detectWindow(p []byte, o *Options) Result {
	if r, ok := sliceVerdict(p, o); ok {
		return r
	}
	return detectAll(p, o, false)
}

// asciiWindowStart returns where, in head, the window examined starts,
// for an input whose first byte beyond ASCII comes just after head: the
// start of that byte's line, at most asciiContext bytes before it and not
// before head[limit] (the input's offset DefaultLimit).
func asciiWindowStart(head []byte, limit int) int {
	from := max(len(head)-asciiContext, limit, 0)
	if k := bytes.LastIndexByte(head[from:], '\n'); k >= 0 {
		return from + k + 1
	}
	return from
}

// detectAll is Detect through a Detector, out of line, so that the
// Detector in its frame is not set up on the short path. With look unset,
// the Detector does not look past an ASCII prefix (detectWindow).
//
//go:noinline
func detectAll(p []byte, o *Options, look bool) Result {
	d := New(o)
	d.look = d.look && look
	// The detector only reads p until Result returns: its prefix can be p
	// itself rather than a copy.
	d.write(p, true)
	r := d.Result()
	d.release()
	return r
}

// sliceVerdict is Detect's short path for the common case, text that is
// valid UTF-8 (or ASCII) with no NUL byte in the prefix: the Detector's
// work on one borrowed slice (the same validation, windows and checks, so
// the same Result) without its stream bookkeeping, which on 64 KiB of
// ASCII, where the validator takes about 400-500 ns, cost about 5% of the
// verdict. It reports false, having changed nothing, for any other input.
func sliceVerdict(p []byte, o *Options) (Result, bool) {
	limit, minConf := int64(DefaultLimit), 0.0
	if o != nil {
		if o.Limit != 0 {
			limit = o.Limit
		}
		minConf = o.MinConfidence
	}
	q, over := p, false
	if limit >= 0 && int64(len(p)) > limit {
		q, over = p[:limit], true
	}
	if len(q) == 0 {
		return Result{}, false
	}
	// Never valid UTF-8 without NULs: FF and FE are not UTF-8, 00 is NUL
	// (the marks of UTF-16 and UTF-32 start so).
	first := q[0]
	if first == 0xFF || first == 0xFE || first == 0 {
		return Result{}, false
	}
	// A sequence the end cuts short is valid only where the limit cut it
	// (the stream keeps it in its carry).
	cut := completeLen(q)
	if tail := q[cut:]; len(tail) > 0 && (!over || !incomplete(tail)) {
		return Result{}, false
	}
	// NUL and ESC matter in the prefix only (see Detector.nul and escs):
	// beyond it, looking for them would cost the validation of mostly
	// ASCII text a tenth. The marks go on to where a character starts,
	// preferably a multiple of 64 bytes from q's start, as count's windows
	// do (a NUL found just after the prefix sends the input to detectAll,
	// which gives the same answer).
	split := cut
	if cut > DefaultLimit {
		split = completeLen(q[:DefaultLimit])
		for s := DefaultLimit; s < min(cut, DefaultLimit+256); s += 64 {
			if q[s]&0xC0 != 0x80 {
				split = s
				break
			}
		}
	}
	var c census
	marks, ok := c.valid(q[:split], true)
	if ok && split < cut {
		_, ok = c.valid(q[split:cut], false)
	}
	if !ok || marks&utf8kernel.NUL != 0 {
		return Result{}, false
	}
	prefix := q[:min(len(q), DefaultLimit)]
	var cands []Candidate
	if first == 0xEF { // the one byte order mark valid UTF-8 can start with
		cands = bomList(prefix, over || len(q) > len(prefix))
	}
	if cands == nil {
		cands = validCandidates(c.multi, marks&utf8kernel.ESC != 0, prefix)
	}
	abstain := cands[0].Confidence < minConf || cands[0].Confidence == 0
	return Result{Candidates: cands, Abstained: abstain, Examined: int64(len(q)), Truncated: over}, true
}

// bomList is the verdict of a byte order mark on valid UTF-8 without NUL
// bytes, or nil: out of line, as its Candidate temporaries would make the
// frame of sliceVerdict larger.
//
//go:noinline
func bomList(prefix []byte, over bool) []Candidate {
	if b, ok := bomCandidate(prefix, over, true); ok {
		return []Candidate{b}
	}
	return nil
}

// bufs recycles DetectReader's buffers: a fresh 64 KiB allocation costs
// more than detecting in it (the runtime clears it, and its pages are often
// new to the process). Each has room for the prefix and, after it, for the
// few bytes read past the prefix to learn whether the input goes on (a
// buffer of their own would be an allocation per call).
var bufs = sync.Pool{New: func() any { return new(readBuf) }}

type readBuf [DefaultLimit + probeLen]byte

// probeLen is how close to the limit DetectReader reads the rest of the
// input into the small space after its prefix rather than a second buffer.
const probeLen = 64

// DetectReader examines what r yields as Detect examines it, reading no
// more than it examines and one byte beyond, which says whether the input
// goes on (under the default limit, an input whose first DefaultLimit
// bytes are plain ASCII is read on to its first byte beyond ASCII, a few
// bytes past the window examined after it at most; one ASCII to its end is
// read whole, up to 64 MiB: see Detect).
func DetectReader(r io.Reader, o *Options) (Result, error) {
	d := New(o)
	defer d.release()
	// The prefix is read whole, in place, before anything is examined: an
	// input that ends within it (or at the limit) is then examined as a
	// slice, which Detect's short path does in less time than a Detector
	// fed read by read. What comes after it goes through a second buffer.
	buf := bufs.Get().(*readBuf)
	var rest *readBuf
	defer func() {
		bufs.Put(buf)
		if rest != nil {
			bufs.Put(rest)
		}
	}()
	want := int64(DefaultLimit)
	if d.limit >= 0 && d.limit < want {
		want = d.limit + 1 // the byte after the limit says whether the input goes on
	}
	filled := 0
	for int64(filled) < want {
		n, err := r.Read(buf[filled:want])
		filled += n
		if err == io.EOF {
			return Detect(buf[:filled], o), nil
		}
		if err != nil {
			return Result{}, err
		}
	}
	if d.limit >= 0 && int64(filled) > d.limit {
		return Detect(buf[:filled], o), nil
	}
	// The prefix is full and the limit lies beyond it: the next read says
	// whether anything follows. Until it does, the prefix waits.
	pending := buf[:filled]
	var probe byte // the last byte read
	for !d.full() {
		left := d.room() // the bytes d takes before the next makes it full
		if left >= 0 {
			left -= int64(len(pending))
		}
		var dst []byte
		switch {
		case rest != nil:
			dst = rest[:]
		case left >= 0 && left < probeLen:
			// The few bytes left before the limit and the one after it.
			dst = buf[DefaultLimit:]
		default:
			rest = bufs.Get().(*readBuf)
			dst = rest[:]
		}
		if left >= 0 && left < int64(len(dst)) {
			dst = dst[:left+1] // (written so, left+1 cannot overflow)
		}
		n, err := r.Read(dst)
		if pending != nil && n > 0 {
			d.write(pending, true)
			pending = nil
		}
		d.write(dst[:n], false)
		if n > 0 {
			probe = dst[n-1]
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return Result{}, err
		}
	}
	if pending != nil {
		return Detect(pending, o), nil
	}
	res := d.Result()
	s, ok := newLookOn(&res)
	if !ok || !lookPast(o) {
		return res, nil
	}
	// The last byte read is the one after those examined (see Detect's
	// look-on).
	if rest == nil {
		rest = bufs.Get().(*readBuf)
	}
	return s.read(d, res, probe, r, rest[:])
}

// Detector examines an input fed in chunks, as Detect examines it whole:
// the result is Detect's on what was written so far, wherever the input is
// split. Under the default limit, when the first DefaultLimit bytes are
// plain ASCII it goes on reading for the first byte beyond ASCII (keeping
// the last 1 KiB it read), and then examines DefaultLimit bytes from the
// start of that byte's line (see Detect); until that byte comes, its
// result is "us-ascii" for all that was written (up to 64 MiB). Memory is
// constant (the first DefaultLimit bytes at most, or those of the window,
// the 1 KiB before a byte beyond ASCII, and a table of byte counts). To
// examine many inputs, Reset one Detector between them rather than making
// a new one for each: it then keeps its buffer.
type Detector struct {
	limit   int64 // negative: no limit
	minConf float64
	n       int64 // bytes written, from base on
	over    bool
	// Looking past an ASCII prefix (see Detect). look says the limit is
	// the default and the prefix has not been judged yet. Once a full
	// prefix is found "us-ascii" (ascii, asciiAbstain its verdict), scan
	// is set, and the input is read on: past counts the bytes after the
	// prefix, all ASCII, and ctx holds the last of them (nctx, at most
	// asciiContext); capped says asciiReadOn bytes were ASCII and more
	// came. At the first byte beyond ASCII the Detector starts again on
	// the window that begins at the input's offset base, n and the rest
	// of the state being the window's.
	look, scan, capped bool
	asciiAbstain       bool
	past, base         int64
	ascii              []Candidate
	ctx                *[asciiContext]byte
	nctx               int
	prefix             []byte // the first DefaultLimit bytes (or fewer, under a smaller limit)
	nul                bool   // prefix holds a NUL byte
	escs               bool   // prefix may hold an ESC byte (false: it holds none)
	owned              bool   // prefix is the Detector's own (not borrowed): Reset keeps it
	// beyond counts the bytes after the prefix, from the first invalid UTF-8
	// sequence on: the statistics need to know which bytes occur, and valid
	// UTF-8 is not worth a pass over every byte. Nil until there are any.
	beyond *tally
	// streaming UTF-8 validity: a sequence cut by a chunk boundary waits in carry
	badUTF8   bool
	badUTF8At int64
	carry     [4]byte
	ncarry    int
	census
}

// census is the count of non-ASCII characters the validation keeps (see
// validate), apart from the Detector so that Detect's short path can keep
// it without one.
type census struct {
	multi  int // non-ASCII UTF-8 sequences seen, counted up to maxMulti
	window int // the next counting window of validate
}

// maxMulti bounds the counting of valid multi-byte sequences: beyond it the
// UTF-8 verdict is as sure as it gets.
const maxMulti = 8

// New returns a Detector with the options o (nil for the defaults).
func New(o *Options) *Detector {
	d := new(Detector)
	d.Reset(o)
	return d
}

// Reset makes d ready for a new input, with the options o (nil for the
// defaults), as New would, but keeps the memory d holds: a Detector reset
// for each of many inputs allocates nothing after the first.
func (d *Detector) Reset(o *Options) {
	var keep []byte
	if d.owned {
		keep = d.prefix[:0]
	}
	beyond := d.beyond
	if beyond != nil {
		*beyond = tally{}
	}
	d.release()
	*d = Detector{limit: DefaultLimit, prefix: keep, owned: d.owned, beyond: beyond, look: true}
	if o != nil {
		if o.Limit != 0 {
			d.limit, d.look = o.Limit, false
		}
		d.minConf = o.MinConfidence
	}
}

// release gives the buffer of the bytes before a byte beyond ASCII back
// to ctxs, when d holds one: Reset does, and DetectReader and Detect
// once they have the result.
func (d *Detector) release() {
	if d.ctx != nil {
		ctxs.Put(d.ctx)
		d.ctx, d.nctx = nil, 0
	}
}

// ctxs recycles the Detector's buffers of the bytes before a byte beyond
// ASCII (see Detector.ctx), so that DetectReader reading on through an
// ASCII input allocates nothing for them.
var ctxs = sync.Pool{New: func() any { return new([asciiContext]byte) }}

// full reports whether d takes no more bytes.
func (d *Detector) full() bool { return d.over && (!d.scan || d.capped) }

// room returns how many more bytes d takes before the next one makes it
// full (see DetectReader), or -1 when no number of bytes does.
func (d *Detector) room() int64 {
	switch {
	case d.scan:
		return max(asciiReadOn-DefaultLimit-d.past, 0)
	case d.limit < 0:
		return -1
	}
	return max(d.limit-d.n, 0)
}

// Write feeds the next bytes of the input. It never fails; bytes beyond the
// limit are ignored.
func (d *Detector) Write(p []byte) (int, error) {
	// After the prefix, most writes take beyondPrefix's short path: called
	// from here, a call fewer per write.
	if len(d.prefix) != DefaultLimit || !d.beyondPrefix(p) {
		d.write(p, false)
	}
	return len(p), nil
}

// write feeds p. With borrow set, the caller promises that p stays as it is
// until the result is taken: when nothing was written before it (Detect,
// DetectReader's whole prefix), the prefix is then p itself, not a copy.
func (d *Detector) write(p []byte, borrow bool) {
	if d.scan {
		d.scanASCII(p)
		return
	}
	if len(d.prefix) == DefaultLimit && d.beyondPrefix(p) {
		return
	}
	if d.limit >= 0 && int64(len(p)) > d.limit-d.n {
		if d.look && !d.over {
			// The first byte beyond the prefix: if the prefix is
			// ASCII, the input is read on.
			k := d.limit - d.n
			d.fill(p[:k], borrow)
			d.over = true
			d.asciiPrefix(p[k:])
			return
		}
		p = p[:d.limit-d.n]
		d.over = true
	}
	d.fill(p, borrow)
}

// asciiPrefix judges the prefix, full and with more to come under the
// default limit: when it is "us-ascii" (see Detect), d reads on through
// rest, what was written after it, and what comes next; when its end cuts
// a character, d starts again on the window from that character.
func (d *Detector) asciiPrefix(rest []byte) {
	d.look = false
	if d.badUTF8 || d.multi > 0 {
		return // not ASCII: no verdict to take
	}
	c, abstain := d.verdict()
	if !isASCIIVerdict(c) {
		return
	}
	if d.ncarry > 0 {
		// A character the limit cut (not counted yet): its first byte is
		// the first beyond ASCII, and starts the window.
		carry, n := d.carry, d.ncarry
		d.startWindow(DefaultLimit - int64(n))
		d.write(carry[:n], false)
		d.write(rest, false)
		return
	}
	d.scan, d.ascii, d.asciiAbstain = true, c, abstain
	d.scanASCII(rest)
}

// scanASCII reads p, the bytes after an ASCII prefix (or after the ASCII
// that followed it), for the first byte beyond ASCII, and when it is there
// starts again on the window.
func (d *Detector) scanASCII(p []byte) {
	if d.capped {
		return
	}
	at := DefaultLimit + d.past // the input's offset of p[0]
	q := p
	if left := asciiReadOn - at; int64(len(q)) > left {
		q = q[:left]
	}
	i := utf8kernel.ASCIIPrefix(q)
	if i == len(q) {
		d.past += int64(len(q))
		d.keepContext(q)
		d.capped = len(q) < len(p)
		return
	}
	// The window's start: the start of the line of p[i], at most
	// asciiContext bytes before it, in p or in the bytes before p.
	var ctx []byte
	s := max(i-asciiContext, 0)
	if k := bytes.LastIndexByte(p[s:i], '\n'); k >= 0 {
		s += k + 1
	} else if s == 0 && d.ctx != nil {
		c := d.ctx[max(0, d.nctx-(asciiContext-i)):d.nctx]
		if k := bytes.LastIndexByte(c, '\n'); k >= 0 {
			c = c[k+1:]
		}
		ctx = c
	}
	base := at + int64(s) - int64(len(ctx))
	d.startWindow(base)
	d.write(ctx, false)
	d.write(p[s:], false)
	d.release()
}

// keepContext keeps the last asciiContext bytes of those before q and q.
func (d *Detector) keepContext(q []byte) {
	if d.ctx == nil {
		d.ctx, d.nctx = ctxs.Get().(*[asciiContext]byte), 0
	}
	if len(q) >= asciiContext {
		d.nctx = copy(d.ctx[:], q[len(q)-asciiContext:])
		return
	}
	keep := min(d.nctx, asciiContext-len(q))
	copy(d.ctx[:keep], d.ctx[d.nctx-keep:d.nctx])
	d.nctx = keep + copy(d.ctx[keep:], q)
}

// startWindow makes d ready for the window that starts at the input's
// offset base, as Reset does, under the default limit, without looking
// past the window's start (it holds a byte beyond ASCII in its first
// asciiContext bytes), and keeping the buffer of the bytes before it, which
// the caller writes.
func (d *Detector) startWindow(base int64) {
	var keep []byte
	if d.owned {
		keep = d.prefix[:0]
	}
	*d = Detector{limit: DefaultLimit, minConf: d.minConf, prefix: keep, owned: d.owned, beyond: d.beyond,
		base: base, ctx: d.ctx, nctx: d.nctx}
	if d.beyond != nil {
		*d.beyond = tally{}
	}
}

// fill feeds p, which lies within the limit.
func (d *Detector) fill(p []byte, borrow bool) {
	if len(p) == 0 {
		return
	}
	k := min(len(p), DefaultLimit-len(d.prefix))
	var space []byte // where p[:k] goes in the prefix, while it waits for its bytes
	if k > 0 {
		if borrow {
			d.keep(p[:k], true)
		} else {
			space = d.extend(p[:k])
		}
	}
	// The validation copies what it can of p[:k] into space as it reads it:
	// p[a:b]. The rest is copied here.
	carried, wasBad := d.ncarry, d.badUTF8
	a, b, seen, marks := d.feedUTF8(p, space, k > 0)
	nul := marks&utf8kernel.NUL != 0
	if space != nil {
		copy(space[:a], p[:a])
		copy(space[b:], p[b:k])
	}
	if k > 0 && !d.nul {
		// The validation looked for NULs in p[:seen]; what it did not
		// read of the prefix is searched now, while it is in the cache.
		switch {
		case seen < k && nul:
			d.nul = true
		case seen < k:
			d.nul = bytes.IndexByte(p[seen:k], 0) >= 0
		case nul:
			// Somewhere in p[:seen], which goes beyond the prefix.
			d.nul = bytes.IndexByte(p[:k], 0) >= 0
		}
	}
	// ESC matters only to ASCII, which is valid: where the validation did
	// not read the prefix, iso2022JP will search it.
	if k > 0 && (seen < k || marks&utf8kernel.ESC != 0) {
		d.escs = true
	}
	if d.badUTF8 && !wasBad && d.badUTF8At < d.n && d.n > DefaultLimit {
		// The error is in a sequence an earlier write began and left in
		// carry: its bytes from the error on are counted now, as they
		// would have been had the error come in one write with them.
		start := d.n - int64(carried)
		from := max(d.badUTF8At, DefaultLimit) - start
		if d.beyond == nil {
			d.beyond = new(tally)
		}
		d.beyond.add(d.carry[from:carried])
	}
	if d.badUTF8 && k < len(p) {
		from := max(int64(k), d.badUTF8At-d.n)
		if d.beyond == nil {
			d.beyond = new(tally)
		}
		d.beyond.add(p[from:])
	}
	d.n += int64(len(p))
}

// beyondPrefix feeds p, which comes after a full prefix, when it is valid
// UTF-8 within the limit, and reports whether it did; otherwise it changes
// nothing and write does the work. It is write's own work for that case
// (feedUTF8 without marks, in one counting window at most), without the
// rest of write: a stream of small chunks after the prefix then costs
// little more than the validator on the same chunks.
func (d *Detector) beyondPrefix(p []byte) bool {
	if d.badUTF8 || d.limit >= 0 && int64(len(p)) > d.limit-d.n {
		return false
	}
	q := p
	multi := d.multi
	if d.ncarry > 0 {
		need := seqLen(d.carry[0]) - d.ncarry
		if len(q) < need {
			return false
		}
		c := d.carry
		for i := range need {
			// A loop, not copy: one to three bytes, no call.
			c[(d.ncarry+i)&3] = q[i]
		}
		if !wellFormed(c[:d.ncarry+need]) {
			return false
		}
		multi = min(maxMulti, multi+1)
		q = q[need:]
	}
	cut := completeLen(q)
	tail := q[cut:]
	if len(tail) > 0 && !incomplete(tail) {
		return false
	}
	window := d.window
	if multi < maxMulti {
		// One window of validate's, when it covers q.
		w := max(window, 1<<10)
		if w < cut {
			return false
		}
		if cut > 0 {
			n, runes, _, ascii := utf8kernel.ValidCount(q[:cut])
			if n < cut {
				return false
			}
			multi = min(maxMulti, multi+runes-ascii)
			window = min(2*w, 1<<30)
			if runes == ascii {
				window = min(asciiGrowth*w, 1<<30)
			}
		}
	} else if utf8kernel.ValidPrefix(q[:cut]) < cut {
		return false
	}
	d.multi, d.window = multi, window
	d.ncarry = len(tail) // at most 3 (see completeLen)
	for i, b := range tail {
		d.carry[i&3] = b
	}
	d.n += int64(len(p))
	return true
}

// keep appends q to the prefix.
func (d *Detector) keep(q []byte, borrow bool) {
	if borrow && len(d.prefix) == 0 {
		// Capped: a later write copies the prefix rather than writing
		// into the caller's memory after q.
		d.prefix = q[:len(q):len(q)]
		return
	}
	if d.prefix == nil {
		// The whole prefix at once when the chunks are large enough to fill
		// it soon: growing by doubling would allocate and copy it twice. A
		// first chunk that fills it is appended as it is.
		size := int64(DefaultLimit)
		if d.limit >= 0 {
			size = min(size, d.limit)
		}
		if int64(len(q))*16 >= size && int64(len(q)) < size {
			// One pass over the new memory: q copied, the rest cleared
			// (append of a make is not a separate allocation and clearing).
			d.prefix = append(q[:len(q):len(q)], make([]byte, size-int64(len(q)))...)[:len(q)]
			d.owned = true
			return
		}
	}
	d.prefix = append(d.prefix, q...)
	d.owned = true
}

// extend makes room for q at the end of the prefix and returns it, for the
// caller to fill; or, when the prefix has to be allocated or grown, copies
// q there at once and returns nil.
func (d *Detector) extend(q []byte) []byte {
	n := len(d.prefix)
	if n+len(q) <= cap(d.prefix) {
		d.prefix = d.prefix[:n+len(q)]
		return d.prefix[n:]
	}
	d.keep(q, false)
	return nil
}

// addHist adds the byte counts of p to h, as a tally counts them: printable
// ASCII (20-7E) only in the words of eight bytes that hold other bytes.
func addHist(h *[256]int, p []byte) {
	if len(p) < 1<<14 {
		// (zeroing a tally and folding it into h cost a small file more
		// than the increments a tally speeds up)
		for ; len(p) >= 8; p = p[8:] {
			if printable8(binary.LittleEndian.Uint64(p)) {
				continue
			}
			for _, b := range p[:8] {
				h[b]++
			}
		}
		for _, b := range p {
			h[b]++
		}
		return
	}
	addHistLong(h, p)
}

// addHistLong is addHist for an input of 16 KiB or more, through a tally: a
// function of its own, so that the tally (12 KiB) is on the stack only when
// used. In addHist's frame it made the main goroutine's stack grow from 16
// to 32 KiB (a copy of the stack) in every process that detected a small
// legacy file.
//
//go:noinline
func addHistLong(h *[256]int, p []byte) {
	var t tally
	t.add(p)
	t.into(h)
}

// printable8 reports whether the eight bytes of x are all printable ASCII
// (20-7E).
func printable8(x uint64) bool {
	const lows, highs = 0x0101010101010101, 0x8080808080808080
	ctl := x & (lows * 0xE0) // zero in each byte below 20
	del := x ^ (lows * 0x7F) // zero in each 7F
	return (x|(ctl-lows)&^ctl|(del-lows)&^del)&highs == 0
}

// tally counts bytes. Eight tables of counts, one for each byte of a word,
// let the increments of a repeated byte (the NULs of UTF-16, the spaces of
// text) proceed without waiting for each other: several times the speed of
// one table. The 32-bit counts are folded into whole before they could
// overflow.
//
// Words of eight printable ASCII bytes (20-7E) are not counted (in long
// runs of other words, where the test is skipped, some are): the counts
// serve the structural verdicts (NULs) and the statistics, which read of
// the bytes beyond their window only those above 7F present and the
// undefined ones (controls; no table leaves printable ASCII undefined,
// model's TestPrintableASCIINeverBad), and the words of markup and of
// Latin-script text, most of a mostly-ASCII file, are then passed over at
// a few instructions each (counting them was nearly half of what detecting
// a 1 MiB HTML file cost). The other bytes are all counted exactly.
type tally struct {
	t     [8][256]uint32
	n     int // bytes counted in t
	whole [256]int
}

func (t *tally) add(p []byte) {
	for len(p) > 0 {
		k := min(len(p), 1<<30)
		if uint64(t.n)+uint64(k) > math.MaxUint32 {
			t.into(&t.whole)
			t.t, t.n = [8][256]uint32{}, 0
		}
		t.n += k
		q := p[:k]
		p = p[k:]
		// After eight words in a row with other bytes (text in another
		// script, UTF-16), the next eight are counted without the test,
		// which seldom passes there (the words of markup between
		// non-ASCII words are seldom that many).
		miss := 0
		for ; len(q) >= 8; q = q[8:] {
			x := binary.LittleEndian.Uint64(q)
			if miss < 8 {
				if printable8(x) {
					miss = 0
					continue
				}
			} else if miss == 16 {
				miss = 0
			}
			miss++
			t.t[0][byte(x)]++
			t.t[1][byte(x>>8)]++
			t.t[2][byte(x>>16)]++
			t.t[3][byte(x>>24)]++
			t.t[4][byte(x>>32)]++
			t.t[5][byte(x>>40)]++
			t.t[6][byte(x>>48)]++
			t.t[7][byte(x>>56)]++
		}
		for _, b := range q {
			t.t[0][b]++
		}
	}
}

// count returns how many times b was counted.
func (t *tally) count(b byte) int {
	n := t.whole[b]
	for j := range t.t {
		n += int(t.t[j][b])
	}
	return n
}

// into adds the counts of t to h.
func (t *tally) into(h *[256]int) {
	for b := range h {
		n := 0
		for j := range t.t {
			n += int(t.t[j][b])
		}
		h[b] += n
	}
	if h != &t.whole {
		for b, n := range &t.whole { // (&: ranging over the array copied it to the stack)
			h[b] += n
		}
	}
}

// beyondHist sets *h to the histogram of the bytes counted after the
// prefix.
func (d *Detector) beyondHist(h *[256]int) {
	clear(h[:])
	if d.beyond != nil {
		d.beyond.into(h)
	}
}

// seqLen is the length of the UTF-8 sequence a lead byte starts (1 for
// bytes that cannot lead one: the validator then reports them).
func seqLen(b byte) int {
	switch {
	case b >= 0xF0:
		return 4
	case b >= 0xE0:
		return 3
	case b >= 0xC0:
		return 2
	}
	return 1
}

// completeLen returns the length of q without a sequence its end cuts short (by
// the lead bytes: whether the sequence is well formed is not looked at).
func completeLen(q []byte) int {
	for i := len(q) - 1; i >= 0 && i >= len(q)-3; i-- {
		if q[i] >= 0xC0 {
			if len(q)-i < seqLen(q[i]) {
				return i
			}
			break
		}
		if q[i] < 0x80 {
			break
		}
	}
	return len(q)
}

// incomplete reports whether p, a lead byte (C0-FF) and fewer bytes than
// the sequence it leads (see seqLen), is only cut short (more bytes could
// make it valid) rather than ill-formed: what utf8x.FirstInvalid would say,
// asked the cheaper way, as a chunk that cuts a character needs it on every
// write.
func incomplete(p []byte) bool { return !utf8.FullRune(p) }

// wellFormed reports whether c, a lead byte (C0-FF) and as many bytes as
// the sequence it leads has (see seqLen), is a valid sequence: what
// utf8x.FirstInvalid would say, asked the cheaper way (see incomplete).
func wellFormed(c []byte) bool {
	_, size := utf8.DecodeRune(c)
	return size == len(c)
}

func (d *Detector) fail(at int64) { d.badUTF8, d.badUTF8At = true, at }

// validate reports the offset of the first ill-formed sequence of q, or
// len(q), where q ends on a character boundary of the input (no sequence
// crosses its end). Until maxMulti non-ASCII characters are seen, it counts
// them in the same pass (utf8kernel.ValidCount), in windows that double from
// 1 KiB (by asciiGrowth after a window of ASCII alone; over the whole input,
// not each chunk), so that text where they are
// frequent soon goes on with the plain validator, and text where they are
// rare is not read twice.
//
// It copies a part of q[:len(dst)] to dst in the same pass, q[ca:cb], the
// copy the prefix needs, and looks for NUL and ESC bytes in the same pass
// too: marks reports which q[:seen] holds. seen is at least the valid prefix
// the kernels report (the error's offset less a few bytes at most). ESC
// matters only to text without non-ASCII characters: once one is counted,
// the kernels that look for NUL alone go on, and marks says ESC (perhaps).
// Without mark (q lies after the prefix, whose bytes alone the marks are
// about) no kernel looks for them, dst must be empty, and marks and seen
// mean nothing: the plain validator then does the work once maxMulti
// characters are counted.
func (d *census) validate(q, dst []byte, mark bool) (off, ca, cb, seen int, marks utf8kernel.Marks) {
	done := 0
	if d.multi < maxMulti { // no call on most writes of a stream
		var ok bool
		done, marks, ok = d.count(q, mark)
		if !ok {
			off, _, _ := utf8x.FirstInvalid(q[done:])
			return done + off, 0, 0, done, marks
		}
	}
	start := done
	if m := min(len(dst), len(q)) - done; m > 0 {
		// q[:done+n] is valid and ends where a character does, whether or
		// not the end of dst cut one: the validation goes on from there.
		var n int
		var z utf8kernel.Marks
		if d.multi == 0 {
			n, z = utf8kernel.ValidCopyMarks(dst[done:done+m], q[done:done+m])
		} else {
			n, z = utf8kernel.ValidCopyNUL(dst[done:done+m], q[done:done+m])
			z |= utf8kernel.ESC
		}
		marks |= z
		ca, cb = done, done+n
		done += n
	}
	var n int
	var z utf8kernel.Marks
	if done < len(q) { // else the windows read it all: no call for nothing
		n, z = validRest(q[done:], mark, d.multi)
	}
	marks |= z
	seen = done + n
	off = n
	if n < len(q)-done {
		o, _, _ := utf8x.FirstInvalid(q[done+n:])
		off += o
	}
	if done+off == len(q) && d.multi < maxMulti {
		// Not reached: the loop stops early only at four continuation
		// bytes in a row, which no valid text holds. Kept so that the count
		// cannot depend on that argument.
		d.countMulti(q[start:])
	}
	return done + off, ca, cb, seen, marks
}

// count is the counting part of validate: it validates q in its windows
// while fewer than maxMulti non-ASCII characters are counted, and reports
// how far it went, which marks it found (see validate) and whether q[:done]
// is valid; when it is not, done is the valid prefix the kernel reported
// (the error is at or after it). Detect's short path runs it without the
// rest of validate (the copy into the prefix, the search for the error).
func (d *census) count(q []byte, mark bool) (done int, marks utf8kernel.Marks, ok bool) {
	for d.multi < maxMulti && done < len(q) {
		w := max(d.window, 1<<10)
		d.window = min(2*w, 1<<30)
		r := q[done:]
		end := len(r)
		if w < end {
			// Cut where a character starts, so that the window is valid
			// exactly where q is and its first error is q's; preferably
			// 64 bytes apart from q's start, so that the next window's
			// vector loads are aligned as the first ones were (a load
			// across two cache lines costs the kernels on ASCII a fifth).
			end = w
			for k := 0; k < 4 && r[end]&0xC0 == 0x80; k++ {
				end -= 64
			}
			if r[end]&0xC0 == 0x80 {
				end = w
				for end > w-4 && r[end]&0xC0 == 0x80 {
					end--
				}
				if r[end]&0xC0 == 0x80 {
					break // four continuation bytes in a row: q is invalid here
				}
			}
		}
		var n, runes, ascii int
		var z utf8kernel.Marks
		switch {
		case !mark:
			n, runes, _, ascii = utf8kernel.ValidCount(r[:end])
		case d.multi == 0:
			n, runes, _, ascii, z = utf8kernel.ValidCountMarks(r[:end])
		default:
			n, runes, _, ascii, z = utf8kernel.ValidCountNUL(r[:end])
			z |= utf8kernel.ESC // not looked for: perhaps
		}
		marks |= z
		if n < end {
			return done + n, marks, false
		}
		d.multi = min(maxMulti, d.multi+runes-ascii)
		if runes == ascii {
			// A window without non-ASCII characters cost no more than the
			// plain validator would have (the kernels count only in blocks
			// with bytes above 7F): the next one can be much larger, and
			// mostly-ASCII text is then validated in a few calls, not one
			// per doubling.
			d.window = min(asciiGrowth*w, 1<<30)
		}
		done += end
	}
	return done, marks, true
}

// valid reports whether q, which starts and ends on character boundaries,
// is valid UTF-8, counting its non-ASCII characters as validate does, and
// with mark set which of NUL and ESC it holds (see validate).
func (d *census) valid(q []byte, mark bool) (marks utf8kernel.Marks, ok bool) {
	done, marks, ok := d.count(q, mark)
	if !ok || done == len(q) {
		return marks, ok
	}
	// validate's remainder, once maxMulti characters are counted.
	n, z := validRest(q[done:], mark, d.multi)
	return marks | z, n == len(q)-done
}

// validRest validates q, the part after the counting windows, with the marks
// mark asks for: NUL and ESC before the first multi-byte character; after it
// NUL only, and ESC set as "not looked for: perhaps", as the windows do.
func validRest(q []byte, mark bool, multi int) (int, utf8kernel.Marks) {
	switch {
	case !mark:
		return utf8kernel.ValidPrefix(q), 0
	case multi == 0:
		return utf8kernel.ValidMarks(q)
	default:
		n, z := utf8kernel.ValidNUL(q)
		return n, z | utf8kernel.ESC
	}
}

// asciiGrowth is how much larger the counting window of validate grows
// after a window of ASCII alone, where counting cost nothing: 64 validates
// 64 KiB of ASCII in two calls (1 KiB, then the rest), and costs text that
// turns dense in non-ASCII characters after an ASCII start at most 64 KiB
// counted where the plain validator would have done.
const asciiGrowth = 64

func (d *census) countMulti(q []byte) {
	for i := 0; i < len(q) && d.multi < maxMulti; i++ {
		i += utf8x.ASCIIPrefix(q[i:])
		if i < len(q) && q[i] >= 0xC0 {
			d.multi++
		}
	}
}

// feedUTF8 validates q, which starts at offset d.n, at the validator's
// speed; the offset of the first ill-formed sequence is the same wherever
// the input is split.
//
// It copies a part of q[:len(dst)] to dst as it goes, q[a:b], and reports
// which of NUL and ESC bytes q[:seen] holds (see validate).
func (d *Detector) feedUTF8(q, dst []byte, mark bool) (a, b, seen int, marks utf8kernel.Marks) {
	if d.badUTF8 {
		return 0, 0, 0, 0
	}
	take := 0
	base := d.n
	if d.ncarry > 0 {
		start := base - int64(d.ncarry)
		take = min(seqLen(d.carry[0])-d.ncarry, len(q))
		copy(d.carry[d.ncarry:], q[:take])
		d.ncarry += take
		c := d.carry[:d.ncarry]
		if d.ncarry < seqLen(d.carry[0]) {
			if !incomplete(c) {
				off, _, _ := utf8x.FirstInvalid(c)
				d.fail(start + int64(off))
			}
			return 0, 0, 0, 0 // q is used up
		}
		if !wellFormed(c) {
			off, _, _ := utf8x.FirstInvalid(c)
			d.fail(start + int64(off))
			return 0, 0, 0, 0
		}
		if d.multi < maxMulti {
			d.multi++
		}
		d.ncarry = 0
		q = q[take:]
		dst = dst[min(take, len(dst)):]
		base += int64(take)
	}
	cut := completeLen(q)
	multi := d.multi
	// The bytes of a sequence completed from the carry are continuation
	// bytes: no NUL or ESC among them.
	off, ca, cb, seen, marks := d.validate(q[:cut], dst, mark)
	seen += take
	if off < cut {
		d.multi = multi // counted only for valid input, as before
		d.fail(base + int64(off))
		return take + ca, take + cb, seen, marks
	}
	if tail := q[cut:]; len(tail) > 0 {
		if !incomplete(tail) {
			off, _, _ := utf8x.FirstInvalid(tail)
			d.fail(base + int64(cut+off))
			return take + ca, take + cb, seen, marks
		}
		d.ncarry = copy(d.carry[:], tail)
		// A sequence cut short is a lead and continuation bytes.
		seen += len(tail)
	}
	return take + ca, take + cb, seen, marks
}

// Result returns the detection for everything written so far.
func (d *Detector) Result() Result {
	if d.scan {
		// ASCII from the start: the prefix's verdict, for all of it.
		return Result{Candidates: d.ascii, Abstained: d.asciiAbstain, Examined: DefaultLimit + d.past, Truncated: d.capped}
	}
	c, abstain := d.verdict()
	return Result{Candidates: c, Abstained: abstain, Examined: d.base + d.n, Truncated: d.over}
}

// verdict returns the candidates and whether the detector abstains.
func (d *Detector) verdict() ([]Candidate, bool) {
	c := d.candidates()
	return c, len(c) == 0 || c[0].Confidence < d.minConf || c[0].Confidence == 0
}

// prefixValid reports whether the prefix holds no ill-formed UTF-8 but
// perhaps a sequence its end cuts short: the validation of the stream
// found no error before the prefix's end (an error in a sequence that
// starts in the prefix is placed at its start).
func (d *Detector) prefixValid() bool {
	return !d.badUTF8 || d.badUTF8At >= int64(len(d.prefix))
}

func (d *Detector) candidates() []Candidate {
	p := d.prefix
	// Whether NULs occur decides the structural verdicts; the full
	// histogram waits until the statistics need it (zeroing two of them
	// costs a structural verdict on a short input more than its checks).
	nuls := 0
	if d.beyond != nil {
		nuls = d.beyond.count(0)
	}
	if d.nul {
		nuls++
	}
	if c, ok := d.structure(p, nuls); ok {
		return c
	}
	return d.statistics(p, nuls)
}

// structure returns the candidates the structure of the input decides (a
// byte order mark, binary data, UTF-16 or UTF-32 by their NULs, valid or
// damaged UTF-8, UTF-16 by its surrogate pairs), if it decides. It is a
// function of its own, not inlined, so that the candidates it builds are
// not on the stack while the statistics run below candidates: with them
// and RankWindow's arrays the main goroutine's stack grew to 32 KiB, a
// copy of every frame, in every process that detected a small legacy
// file.
//
//go:noinline
func (d *Detector) structure(p []byte, nuls int) ([]Candidate, bool) {
	// Tested here first: a call that returns no Candidate still clears
	// and copies one.
	// The prefix's end cuts the input where a limit did, or where the
	// prefix stopped and examination went on (Limit -1): a character cut
	// there is not an error of the structure checks below.
	cut := d.over || d.n > int64(len(p))
	if mayBeBOM(p) {
		if c, ok := bomCandidate(p, cut, d.prefixValid()); ok {
			return []Candidate{c}, true
		}
	}
	// A sequence cut at the end of the input (not by the limit) is invalid.
	utf8OK := !d.badUTF8 && (d.ncarry == 0 || d.over)
	if nuls > 0 || !utf8OK {
		// NULs beyond the prefix count as one in it would.
		if s := sniffed(sniff.Rest(p, cut, max(nuls, bytes.Count(p, []byte{0})), utf8OK && d.prefixValid())); s.Kind != Text {
			return []Candidate{sniffCandidate(s)}, true
		}
	}
	if utf8OK {
		// Valid UTF-8 is UTF-8 whatever controls it holds (NUL included).
		return validCandidates(d.multi, d.escs, p), true
	}
	if !utf8OK && nuls == 0 {
		if multi, bad := utf8Census(p, cut); multi >= 2 && bad*2 <= multi {
			// Legacy text almost never holds valid multi-byte sequences; a
			// text mostly made of them is UTF-8 with some damage (utf8x fix).
			conf := float64(multi) / float64(multi+bad) * (1 - math.Pow(0.01, float64(min(multi, 8))))
			return []Candidate{{Encoding: "utf-8", Iconv: "UTF-8", Confidence: conf, Evidence: Structure,
				Note: fmt.Sprintf("damaged UTF-8: %d valid non-ASCII characters, %d invalid sequences", multi, bad)}}, true
		}
	}
	{
		for _, big := range []bool{false, true} {
			if pairs := sniff.SurrogatePairs(p, big); pairs >= 2 && sniff.ValidUTF16(p, big, cut) {
				c := Candidate{Encoding: "utf-16le", Iconv: "UTF-16LE", Confidence: 0.99, Evidence: Structure,
					Note: fmt.Sprintf("UTF-16LE: %d surrogate pairs, none unpaired", pairs)}
				if big {
					c.Encoding, c.Iconv, c.Note = "utf-16be", "UTF-16BE", strings.Replace(c.Note, "LE", "BE", 1)
				}
				return []Candidate{c}, true
			}
		}
	}
	return nil, false
}

// statistics returns the candidates of legacy text, ranked by the language
// models, with UTF-8 ruled out last.
func (d *Detector) statistics(p []byte, nuls int) []Candidate {
	// The window's buffers are used again for the next input's (sp is
	// not read after this call).
	bufs := windowBufs.Get().(*statBufs)
	defer windowBufs.Put(bufs)
	sp, contiguous := model.WindowTo(p, &bufs.win)
	// The histogram of everything read, unless the window is all of it
	// (RankWindow counts the window's bytes itself).
	var full *[256]int
	if d.beyond != nil || !contiguous || len(sp) != len(p) {
		full = &bufs.hist
		d.beyondHist(full)
		addHist(full, p)
	}
	whole := !d.over && int64(len(p)) == d.n
	ranked := defaultModel().RankWindow(sp, full, whole && contiguous && len(sp) == len(p), contiguous)
	return d.rankedCandidates(ranked, sp, len(p), nuls)
}

// rankedCandidates turns the readings of the window sp of an input of n
// bytes examined into candidates. A function of its own, not inlined into
// statistics, so that its candidates (Candidate values) are not on the
// stack while RankWindow runs (see structure).
//
//go:noinline
func (d *Detector) rankedCandidates(ranked []model.Scored, sp []byte, n, nuls int) []Candidate {
	// The readings' shares, discounted when even the best reads unlike
	// any text (binary data, byte salad).
	probs := defaultModel().Confidences(ranked, sp, n)
	best := 0.0
	if len(ranked) > 0 {
		best = ranked[0].Cost
	}
	candidate := func(s *model.Scored) Candidate {
		c := Candidate{Encoding: s.Name, Iconv: s.Iconv, Evidence: Statistics, Equivalent: s.Equiv}
		if s.Lang != nil {
			c.Language, c.LanguageName = s.Lang.Tag, s.Lang.Name
		}
		return c
	}
	// The readings scored, by confidence, then those ruled out in their
	// order, then UTF-8, in one slice (appending to two and joining them
	// was a tenth of the memory detecting a legacy file took).
	out := make([]Candidate, 0, len(ranked)+1)
	for i := range ranked {
		if s := &ranked[i]; s.Ruled == "" {
			c := candidate(s)
			c.Confidence = probs[len(out)]
			c.Note = costNote(s.Cost/4/float64(max(len(sp), 1)), c.LanguageName, (s.Cost-best)/4)
			out = append(out, c)
		}
	}
	scored := len(out)
	for i := range ranked {
		if s := &ranked[i]; s.Ruled != "" {
			c := candidate(s)
			c.Note = "ruled out: " + s.Ruled
			out = append(out, c)
		}
	}
	utf8Note := "ruled out: invalid UTF-8"
	if d.badUTF8 {
		utf8Note = fmt.Sprintf("ruled out: invalid UTF-8 at byte %d", d.badUTF8At)
	} else if nuls > 0 {
		utf8Note = "ruled out: NUL bytes"
	} else if !d.over && d.ncarry > 0 {
		utf8Note = "ruled out: truncated UTF-8 sequence at the end"
	}
	out = append(out, Candidate{Encoding: "utf-8", Iconv: "UTF-8", Evidence: Structure, Note: utf8Note})
	slices.SortStableFunc(out[:scored], func(a, b Candidate) int { return cmp.Compare(b.Confidence, a.Confidence) })
	return out
}

// statBufs are the buffers of a statistics window and the histogram of
// everything read, kept between inputs (windowBufs). The histogram (2 KiB)
// lived on candidates' stack, and with RankWindow's below it made the main
// goroutine's stack grow to 32 KiB in every process that detected a small
// legacy file.
type statBufs struct {
	win  model.WindowBufs
	hist [256]int
}

// windowBufs keeps statBufs between inputs.
var windowBufs = sync.Pool{New: func() any { return new(statBufs) }}

// costNote is fmt.Sprintf("%.1f bits per byte as %s, %.1f bits more than
// the best", perByte, lang, more), without fmt's reflection (a note for
// each of some 40 candidates of every legacy file).
func costNote(perByte float64, lang string, more float64) string {
	b := make([]byte, 0, 64)
	b = strconv.AppendFloat(b, perByte, 'f', 1, 64)
	b = append(b, " bits per byte as "...)
	b = append(b, lang...)
	b = append(b, ", "...)
	b = strconv.AppendFloat(b, more, 'f', 1, 64)
	b = append(b, " bits more than the best"...)
	return string(b)
}

// sniffCandidate is the Candidate of a structural verdict.
func sniffCandidate(s Sniffed) Candidate {
	switch s.Kind {
	case Binary:
		return Candidate{Encoding: BinaryName, Confidence: 0.99, Evidence: Structure, Note: s.What}
	}
	c := Candidate{Encoding: s.Encoding, Iconv: strings.ToUpper(s.Encoding), Confidence: 0.999, Evidence: Structure, Note: s.What}
	if s.Kind == Marked {
		c.Confidence, c.Evidence = 1, BOM
	}
	return c
}

// validCandidates is the verdict on valid UTF-8 without NUL bytes in the
// prefix p: UTF-8 when it holds multi > 0 non-ASCII characters (counted up
// to maxMulti), otherwise ASCII, or ISO-2022-JP when escs says p may hold
// an ESC byte and its escape sequences occur.
func validCandidates(multi int, escs bool, p []byte) []Candidate {
	if multi > 0 {
		// The chance that legacy text forms valid multi-byte UTF-8 by
		// accident falls about a hundredfold with each sequence.
		conf := 1 - math.Pow(0.01, float64(multi))
		return []Candidate{{Encoding: "utf-8", Iconv: "UTF-8", Confidence: conf, Evidence: Structure,
			Note: validNotes()[multi]}}
	}
	if escs && iso2022JP(p) {
		return []Candidate{{Encoding: "iso-2022-jp", Iconv: "ISO-2022-JP", Confidence: 0.99, Evidence: Structure,
			Language: "ja", LanguageName: "Japanese", Note: "ISO-2022-JP escape sequences"}}
	}
	if escs && iso2022KR(p) {
		return []Candidate{{Encoding: "iso-2022-kr", Iconv: "ISO-2022-KR", Confidence: 0.99, Evidence: Structure,
			Language: "ko", LanguageName: "Korean", Note: "ISO-2022-KR designation (ESC $ ) C) and shifts"}}
	}
	if escs {
		if lang := iso2022CN(p); lang != "" {
			c := Candidate{Encoding: "iso-2022-cn", Iconv: "ISO-2022-CN", Confidence: 0.99, Evidence: Structure,
				Language: lang, LanguageName: "Chinese (simplified)", Note: "ISO-2022-CN designation (ESC $ ) A or G) and shifts"}
			if lang == "zh-hant" {
				c.LanguageName = "Chinese (traditional)"
			}
			return []Candidate{c}
		}
	}
	if n := hzChars(p); n > 0 {
		return []Candidate{{Encoding: "hz-gb-2312", Iconv: "HZ", Confidence: 1 - math.Pow(0.1, float64(min(n, 8))), Evidence: Structure,
			Language: "zh-hans", LanguageName: "Chinese (simplified)", Note: fmt.Sprintf("HZ escapes around %d GB2312 characters", n)}}
	}
	// The candidate and its list of equivalents in one allocation, filled
	// field by field: stores into a new object need no write barriers, a
	// copy of a whole Candidate into it does.
	v := new(struct {
		c  [1]Candidate
		eq [1]string
	})
	c := &v.c[0]
	v.eq[0] = "utf-8"
	c.Encoding, c.Iconv, c.Confidence, c.Evidence = "us-ascii", "US-ASCII", 1, Structure
	c.Note, c.Equivalent = "only ASCII bytes", v.eq[:]
	return v.c[:]
}

// utf8Census counts the valid non-ASCII UTF-8 sequences of p and its
// ill-formed subparts (a sequence cut by the limit at the end is neither).
func utf8Census(p []byte, truncated bool) (multi, bad int) {
	for len(p) > 0 {
		// One pass validates and counts the bulk; the few bytes between
		// where the kernel stopped and the error are counted one by one.
		v, runes, _, ascii := utf8kernel.ValidCount(p)
		multi += runes - ascii
		off, n, kind := utf8x.FirstInvalid(p[v:])
		for _, b := range p[v : v+off] {
			if b >= 0xC0 {
				multi++
			}
		}
		off += v
		if n == 0 || truncated && kind == utf8x.Truncated && off+n == len(p) {
			break
		}
		if bad++; bad >= 64 && bad*2 > multi {
			break // legacy text: the first 64 errors tell
		}
		p = p[off+n:]
	}
	return multi, bad
}

// validNotes is the note of the UTF-8 verdict for each count of non-ASCII
// characters, written on the first verdict rather than on every one (nor
// when the package starts: a process that never detects pays nothing).
var validNotes = sync.OnceValue(func() *[maxMulti + 1]string {
	var notes [maxMulti + 1]string
	for n := range notes {
		notes[n] = fmt.Sprintf("valid UTF-8 with %s non-ASCII characters", atLeast(n))
	}
	return &notes
})

func atLeast(n int) string {
	if n >= maxMulti {
		return fmt.Sprintf("%d or more", n)
	}
	return fmt.Sprint(n)
}

func iso2022JP(p []byte) bool {
	if bytes.IndexByte(p, 0x1b) < 0 {
		return false // one pass rules out every escape
	}
	for _, esc := range []string{"\x1b$B", "\x1b$@", "\x1b(J", "\x1b$(D"} {
		if bytes.Contains(p, []byte(esc)) {
			return true
		}
	}
	return false
}

// iso2022KR reports whether p holds ISO-2022-KR's designation of KS X 1001
// (ESC $ ) C, once at the start of a text) and a shift out to it.
func iso2022KR(p []byte) bool {
	i := bytes.Index(p, []byte("\x1b$)C"))
	return i >= 0 && bytes.IndexByte(p[i:], 0x0E) >= 0
}

// iso2022CN reports the language of p when it holds an ISO-2022-CN
// designation (RFC 1922: ESC $ ) A for GB 2312, ESC $ ) G for CNS 11643
// plane 1) followed by a shift out to it: "zh-hans" for GB 2312, "zh-hant"
// for CNS 11643; "" when p is not ISO-2022-CN.
func iso2022CN(p []byte) string {
	for _, d := range []struct{ esc, lang string }{{"\x1b$)A", "zh-hans"}, {"\x1b$)G", "zh-hant"}} {
		if i := bytes.Index(p, []byte(d.esc)); i >= 0 && bytes.IndexByte(p[i:], 0x0E) >= 0 {
			return d.lang
		}
	}
	return ""
}

// hzWindow is how far into an ASCII input HZ's first "~{" is looked for:
// Chinese text starts within it, and the verdict on the much more common
// plain ASCII stays a pass of the validator.
const hzWindow = 4 << 10

// hzChars counts the GB2312 characters between HZ's "~{" and "~}" escapes
// in p when p reads as HZ-GB-2312 (RFC 1843): every escaped stretch a run
// of byte pairs 21-77, 21-7E (A1-F7, A1-FE in GB2312), closed on its line.
// It returns 0 when p holds no "~{" in its first hzWindow bytes or is not
// HZ.
func hzChars(p []byte) int {
	if bytes.Index(p[:min(len(p), hzWindow)], []byte("~{")) < 0 {
		return 0
	}
	n := 0
	for i := 0; i < len(p); i++ {
		if p[i] != '~' || i+1 == len(p) {
			continue
		}
		switch p[i+1] {
		case '~', '\n':
			i++
			continue
		case '{':
		default:
			return 0 // no other escape is HZ
		}
		j := i + 2
		for ; j+1 < len(p) && p[j] != '~'; j += 2 {
			if p[j] < 0x21 || p[j] > 0x77 || p[j+1] < 0x21 || p[j+1] > 0x7E {
				return 0
			}
			n++
		}
		if j+1 >= len(p) || p[j+1] != '}' {
			return 0
		}
		i = j + 1
	}
	return n
}

// bomNotes are the notes of the byte order marks (sniff.BOMs), written once
// rather than on every verdict (the formatting cost a BOM verdict on 64 KiB
// a fifth of its time), on the first one.
var bomNotes = sync.OnceValue(func() *[len(sniff.BOMs)]string {
	var notes [len(sniff.BOMs)]string
	for i, b := range sniff.BOMs {
		notes[i] = fmt.Sprintf("byte order mark % X", []byte(b.Mark))
	}
	return &notes
})

// mayBeBOM reports whether p starts with a byte that starts a byte order
// mark: the common case, no mark, is decided without walking the marks (a
// tenth of an ASCII verdict on 64 KiB did that).
func mayBeBOM(p []byte) bool { return sniff.MayBeBOM(p) }

// bomCandidate recognises a byte order mark followed by text valid in its
// form (sniff.MarkedIndex). valid says p is known to hold no ill-formed
// UTF-8 but perhaps a sequence cut by its end (it spares validating p
// again).
func bomCandidate(p []byte, truncated, valid bool) (Candidate, bool) {
	i, ok := sniff.MarkedIndex(p, truncated, valid)
	if !ok {
		return Candidate{}, false
	}
	b := sniff.BOMs[i]
	return Candidate{Encoding: b.Name, Iconv: b.Iconv, Confidence: 1, Evidence: BOM,
		Note: bomNotes()[i]}, true
}

// wideCandidate recognises UTF-16 and UTF-32 without a byte order mark by
// their NUL bytes (sniff.WideForm), the byte order of UTF-16 that both
// orders read as text chosen by the language models (see init).
func wideCandidate(p []byte, truncated bool) (Candidate, bool) {
	enc, ok := sniff.WideForm(p, truncated)
	if !ok {
		return Candidate{}, false
	}
	c := Candidate{Encoding: enc, Iconv: strings.ToUpper(enc), Confidence: 0.999, Evidence: Structure}
	if strings.HasPrefix(enc, "utf-32") {
		c.Note = c.Iconv + ": every fourth byte is zero"
	} else {
		c.Note = c.Iconv + ": NUL high bytes or surrogate pairs, every surrogate paired"
	}
	return c, true
}

// The byte order of UTF-16 that structure leaves open (CJK text, whose
// few NULs can sit on either side) is the one the language models read
// better: installed in the one sniffer, so that transcode's byte-order
// guess, in a program that links this package, judges as Detect does.
func init() {
	sniff.SetOrderJudge(func(p []byte, big bool) (float64, bool) { return defaultModel().UTF16Cost(p, big) })
}

// LegacyEncoding returns golang.org/x/text's implementation (decoder and
// encoder) of a legacy encoding the detector names, by its name or its iconv
// label in any case ("windows-1251", "CP932", "shift_jis", "ISO-2022-JP"), or
// nil for other labels and for the UTF forms, which are no legacy encodings.
// Lookup reads every name, the UTF forms among them.
func LegacyEncoding(label string) encoding.Encoding {
	l := strings.ToLower(strings.TrimSpace(label))
	if e := model.Lookup(l); e != nil {
		return model.Unwrap(e.Enc)
	}
	for _, e := range append(model.Encodings, model.ISO2022JP, model.HZGB2312) {
		if strings.ToLower(e.Iconv) == l {
			return model.Unwrap(e.Enc)
		}
	}
	return nil
}

// Decoder is LegacyEncoding.
//
// Deprecated: Decoder returns an encoder too, and nil for the UTF forms: use
// LegacyEncoding, its new name, or Lookup for any name.
func Decoder(label string) encoding.Encoding { return LegacyEncoding(label) }
