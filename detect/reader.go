package detect

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/utf8kernel"
	"github.com/utf8x/utf8x/transcode"
)

// maxPeek caps the bytes a Reader holds to decide, whatever Options.Limit
// asks: a Reader is for streams, and 16 MiB is far more than any decision
// needs. (Reading on past an ASCII prefix under the default limit holds
// up to asciiReadOn bytes, all ASCII but the window after them.)
const maxPeek = 16 << 20

// Basis says what decided the encoding a Reader decodes.
type Basis int

const (
	// ByStatistics: Detect's statistics, the decoded text reading like a
	// language.
	ByStatistics Basis = iota
	// ByStructure: Detect's structural verdicts (valid UTF-8, UTF-16 or
	// UTF-32 patterns, ASCII, escape sequences), or valid UTF-8 that
	// overruled a declaration.
	ByStructure
	// ByBOM: a byte order mark at the start of the input.
	ByBOM
	// ByDeclaration: a charset the input declares, or its Content-Type.
	ByDeclaration
)

// String returns "statistics", "structure", "bom" or "declared".
func (b Basis) String() string {
	switch b {
	case ByStructure:
		return "structure"
	case ByBOM:
		return "bom"
	case ByDeclaration:
		return "declared"
	}
	return "statistics"
}

// Decision is what a Reader decodes and why.
type Decision struct {
	// Encoding names the encoding the Reader decodes, as Lookup takes it:
	// one of Detect's answers ("utf-8", "us-ascii", "windows-1251",
	// "utf-16le"), or the Encoding Standard's name for a declared label
	// (see Declaration.Encoding).
	Encoding string
	// By says what decided it.
	By Basis
	// Confidence is 1 for a byte order mark and a declaration, and the
	// detection's confidence otherwise.
	Confidence float64
	// BOM is the length of the byte order mark at the start of the input,
	// which the Reader does not pass on; 0 without one.
	BOM int
	// Declaration is the declared charset that decided, or the first one
	// that was looked at and not followed (Note says why); zero when none
	// was found or none was looked for.
	Declaration Declaration
	// Result is the detection on the head of the input when statistics or
	// structure decided; zero when a mark or a declaration did.
	Result Result
	// Note says in words what decided: "byte order mark FF FE",
	// "declared koi8-r (<meta charset> at byte 6)", or the note of the
	// detection's candidate.
	Note string
	// NotFollowed says why each declaration looked at was not followed,
	// joined by "; ": "declared iso-8859-2 (<meta charset> at byte 40) not
	// followed: invalid iso-8859-2 at byte 812". Empty when none was.
	NotFollowed string
}

// ReaderOptions tune NewReader. The zero value, like nil, detects with the
// default Options, ignores what the input declares, and decodes what the
// chosen encoding cannot with U+FFFD.
type ReaderOptions struct {
	// Options are the detection's. Limit is also how much of the input
	// NewReader reads ahead to decide: DefaultLimit when it is 0 or
	// negative, at most 16 MiB; but when it is 0 and the detection decides,
	// an input whose first DefaultLimit bytes are plain ASCII is read on as
	// Detect examines it (to its first byte beyond ASCII and DefaultLimit
	// bytes after it, or up to 64 MiB of ASCII), and those bytes are held.
	// MinConfidence makes NewReader refuse with a *LowConfidenceError when
	// the statistics decide with less.
	Options
	// Declared honours a charset the input declares at its start: an XML
	// declaration with an encoding, or a <meta> the HTML standard's prescan
	// finds in the first 1024 bytes (see Declared).
	Declared bool
	// ContentType is the value of a Content-Type header that came with the
	// input ("text/html; charset=koi8-r"). Its charset is honoured, ahead of
	// what the input declares, whether Declared is set or not.
	ContentType string
	// Strict makes Read fail with an *InvalidError at the first bytes the
	// chosen encoding cannot decode, after passing on all the text before
	// them, instead of decoding each to U+FFFD.
	Strict bool
}

// LowConfidenceError is NewReader declining to guess: the detection's best
// candidate has less than the MinConfidence the caller asked for.
type LowConfidenceError struct {
	Result        Result
	MinConfidence float64
}

func (e *LowConfidenceError) Error() string {
	if len(e.Result.Candidates) == 0 {
		return "detect: cannot tell the encoding"
	}
	c := e.Result.Candidates[0]
	return fmt.Sprintf("detect: best guess %s (confidence %.2f) is below the minimum confidence %.2f", c.Encoding, c.Confidence, e.MinConfidence)
}

// BinaryError is NewReader refusing an input that is no text in any
// encoding: Sniff's Binary verdict (a known file format's magic number, or
// NUL and control bytes that no text pattern explains).
type BinaryError struct {
	// What names it: "a PNG image", "binary data (...)".
	What string
}

func (e *BinaryError) Error() string { return "detect: not text: " + e.What }

// InvalidError is a strict Reader meeting bytes that its encoding cannot
// decode. errors.Is(err, utf8x.ErrInvalid) holds for it (see "Errors" in
// package utf8x).
type InvalidError struct {
	// Encoding is the encoding the input was read as (Decision.Encoding).
	Encoding string
	// Offset is the offset of the first byte that could not be decoded,
	// counted from the start of the input, a byte order mark included.
	Offset int64
	// Bytes are the bytes that could not be decoded, or the first 8 of
	// them.
	Bytes []byte
	err   error // the transcode package's error, when it decoded
}

// Error reads as "detect: invalid shift_jis at byte 812 (81 20)".
func (e *InvalidError) Error() string {
	return fmt.Sprintf("detect: invalid %s at byte %d (% X)", e.Encoding, e.Offset, e.Bytes)
}

// Unwrap returns the *transcode.Error (which is *utf8x.Error) behind e, with
// the unit's kind, when the transcode package decoded the input (the UTF
// forms, ISO-8859-1, Windows-1252 and ISO-8859-15), or nil.
func (e *InvalidError) Unwrap() error { return e.err }

// Is reports whether target is utf8x.ErrInvalid, which every InvalidError
// matches under errors.Is, whichever package decoded the input.
func (e *InvalidError) Is(target error) bool { return target == utf8x.ErrInvalid }

// Reader is a reader of UTF-8 text decoded from an input whose encoding it
// decided by reading ahead: see NewReader.
type Reader struct {
	d    Decision
	head []byte                // the bytes read ahead
	rest io.Reader             // the input after them; nil when it ended within them
	t    transform.Transformer // the decoder
	raw  io.Reader             // Raw's, once asked for
	out  io.Reader             // Read's, once it is called
}

// NewReader reads ahead in r (Options.Limit bytes, DefaultLimit by
// default, and under the default limit past an ASCII prefix: see
// ReaderOptions), decides its encoding, and returns a Reader of its text
// as UTF-8, the whole input from its first byte.
//
// The decision, in order: a byte order mark (UTF-8, UTF-16LE/BE or
// UTF-32LE/BE, as Sniff and Mark read them), which is not passed on as
// U+FEFF; binary data (Sniff) is refused; then, when o asks for them
// (ContentType, Declared), a declared charset, unless the bytes read ahead
// are invalid in it (then the next declaration, then the detection,
// decides, and Decision.NotFollowed says why) or are valid UTF-8 holding
// two or more non-ASCII characters, which text in a legacy encoding practically
// never is (the declaration is then stale: a file converted to UTF-8 and
// its <meta> left as it was); then Detect on the bytes read ahead, which
// under the default limit are read on past a prefix of DefaultLimit ASCII
// bytes to the bytes Detect then examines, so that a file whose first
// accented letter in windows-1252 comes after 64 KiB is decoded as
// windows-1252. An answer of "us-ascii" (an explicit limit's, or 64 MiB of
// ASCII) is decoded as UTF-8 (see Lookup), so that UTF-8 beyond those
// bytes decodes too. When the answer names equivalents (encodings that
// decode the bytes examined alike), up to 4 MiB more are read ahead and
// held, for Detect's look-on (see Detect).
//
// What the encoding cannot decode is written as U+FFFD (per ill-formed
// sequence in the UTF forms, per undefined byte or sequence in the legacy
// encodings, as golang.org/x/text decodes them), or, under
// ReaderOptions.Strict, stops the Reader with an *InvalidError. The
// Reader's output is always valid UTF-8.
//
// NewReader returns an error when reading ahead fails, when the input is
// no text (*BinaryError, whatever it declares), when the detection abstains
// below a MinConfidence the caller set (*LowConfidenceError), and when the
// detection names something that has no decoding. With the zero
// MinConfidence it always decodes: the best guess when the detection is
// unsure.
func NewReader(r io.Reader, o *ReaderOptions) (*Reader, error) {
	var opts ReaderOptions
	if o != nil {
		opts = *o
	}
	limit := opts.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, maxPeek)
	// One byte beyond the limit says whether the input goes on. The head
	// is read into a recycled buffer and kept as a copy of its own length:
	// a program reading many small files then allocates per file what the
	// file holds, not 64 KiB (which, with the collections it caused, was
	// most of the cost of a small file).
	want := int(limit) + 1
	var buf []byte
	pooled := want <= DefaultLimit+1
	if pooled {
		buf = (*heads.Get().(*[]byte))[:want]
	} else {
		buf = make([]byte, want)
	}
	n, err := io.ReadFull(r, buf)
	head := bytes.Clone(buf[:n])
	if pooled {
		heads.Put(&buf)
	}
	complete := err == io.EOF || err == io.ErrUnexpectedEOF
	if err != nil && !complete {
		return nil, err
	}
	d, err := decide(head, limit, &opts, complete)
	if err == nil && opts.Limit == 0 && !complete && asciiSoFar(d.Result, nil) && d.By == ByStructure {
		// The detection found the first DefaultLimit bytes ASCII, and the
		// input goes on: it decides on what Detect examines after them
		// (the declarations and marks looked at the same first bytes).
		head, complete, err = readPastASCII(r, head)
		if err != nil {
			return nil, err
		}
		d, err = decide(head, 0, &opts, complete)
	}
	if err == nil && opts.Limit == 0 && !complete && d.By == ByStatistics {
		if _, ok := newLookOn(&d.Result); ok {
			// The answer names equivalents: Detect looks on past the bytes
			// examined for bytes that tell them apart (see lookon.go), in
			// what is read ahead.
			head, complete, err = readOn(r, head, int(d.Result.Examined+lookOn))
			if err != nil {
				return nil, err
			}
			d = d.lookedOn(head)
		}
	}
	if err != nil {
		return nil, err
	}
	t, err := decoder(d.Encoding, opts.Strict)
	if err != nil {
		return nil, err
	}
	rd := &Reader{d: d, head: head, rest: r, t: t}
	if complete {
		rd.rest = nil
	}
	return rd, nil
}

// readPastASCII reads on after head, the first DefaultLimit bytes of an
// input and one more (those found "us-ascii", but for a character their
// end may cut), which r yields the rest of: to the input's first byte
// beyond ASCII and the DefaultLimit bytes after it and one more (the
// window Detect examines is within them: see Detect), or to its end, or to
// asciiReadOn bytes and one more. It returns head and what it read after
// it, and whether that is the whole input.
func readPastASCII(r io.Reader, head []byte) ([]byte, bool, error) {
	want := asciiReadOn + 1
	scanned := completeLen(head[:DefaultLimit]) // -1 once the byte beyond ASCII is found
	for {
		if scanned >= 0 {
			if i := scanned + utf8kernel.ASCIIPrefix(head[scanned:]); i < len(head) {
				want, scanned = min(want, i+DefaultLimit+1), -1
			} else {
				scanned = len(head)
			}
		}
		if len(head) >= want {
			return head, false, nil
		}
		var end bool
		var err error
		if head, end, err = readStep(r, head, want); end || err != nil {
			return head, end, err
		}
	}
}

// readOn reads on after head, which r yields the rest of, until head holds
// want bytes or the input ends, and returns head and whether it is the
// whole input.
func readOn(r io.Reader, head []byte, want int) ([]byte, bool, error) {
	for len(head) < want {
		var end bool
		var err error
		if head, end, err = readStep(r, head, want); end || err != nil {
			return head, end, err
		}
	}
	return head, false, nil
}

// readStep is one read of readOn and readPastASCII: into head, grown by
// as much as it holds (64 KiB at least), up to want bytes in all. It
// reports whether the input ended.
func readStep(r io.Reader, head []byte, want int) ([]byte, bool, error) {
	head = slices.Grow(head, min(want-len(head), max(len(head), 64<<10)))
	n, err := r.Read(head[len(head):min(cap(head), want)])
	head = head[:len(head)+n]
	if err == io.EOF {
		return head, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	return head, false, nil
}

// lookedOn is d, a statistical decision on the bytes examined in head,
// after Detect's look-on in the rest of head (see lookon.go): the same
// detection, not made again.
func (d Decision) lookedOn(head []byte) Decision {
	d.Result = lookOnSlice(head, d.Result, nil)
	best := d.Result.Candidates[0]
	d.Encoding, d.Note = best.Encoding, best.Note
	return d
}

// heads recycles NewReader's buffers for the head of an input.
var heads = sync.Pool{New: func() any {
	b := make([]byte, DefaultLimit+1)
	return &b
}}

// Read reads the input's text as UTF-8.
func (r *Reader) Read(p []byte) (int, error) {
	if r.out == nil {
		r.start()
	}
	return r.out.Read(p)
}

// start sets up the decoding: an input that ended within the head is
// decoded in one go (no stream buffers), a longer one streams.
func (r *Reader) start() {
	if r.rest == nil {
		text, err := decodeAll(r.t, r.head)
		r.out = &decoded{text: text, err: err}
		return
	}
	r.out = transform.NewReader(r.Raw(), r.t)
}

// Decision returns what the Reader decodes and why.
func (r *Reader) Decision() Decision { return r.d }

// Raw returns a reader of the input's own bytes, from its first (a byte
// order mark included), for a caller that decodes Decision().Encoding with
// a decoder of its own, to keep its own error positions and policies. Read
// from the Reader or from Raw, not from both.
func (r *Reader) Raw() io.Reader {
	if r.raw == nil {
		r.raw = bytes.NewReader(r.head)
		if r.rest != nil {
			r.raw = io.MultiReader(r.raw, r.rest)
		}
	}
	return r.raw
}

// decodeAll decodes the whole input src with t: the text, and the error
// that stopped it (nil, or an *InvalidError).
func decodeAll(t transform.Transformer, src []byte) ([]byte, error) {
	dst := make([]byte, 0, len(src)+len(src)/2+utf8.UTFMax)
	for {
		nDst, nSrc, err := t.Transform(dst[len(dst):cap(dst)], src, true)
		dst = dst[:len(dst)+nDst]
		src = src[nSrc:]
		if err != transform.ErrShortDst {
			return dst, err
		}
		dst = slices.Grow(dst, 2*len(src)+64)
	}
}

// decoded is the Reader of an input decoded whole: its text, then the
// error that stopped the decoding or io.EOF.
type decoded struct {
	text []byte
	err  error
}

func (d *decoded) Read(p []byte) (int, error) {
	if len(d.text) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		return 0, io.EOF
	}
	n := copy(p, d.text)
	d.text = d.text[n:]
	return n, nil
}

// decide makes the Reader's decision on head, the input's first bytes:
// limit of them, and one more when the input goes on. A limit of 0 is the
// default, under which head holds what Detect examines past an ASCII
// prefix too (see readPastASCII).
//
// With look unset, the detection is the verdict on the bytes examined
// alone, without Detect's look-on (NewReader reads on for it first).
func decide(head []byte, limit int64, o *ReaderOptions, look bool) (Decision, error) {
	detectLimit := limit
	if limit == 0 {
		detectLimit, limit = 0, DefaultLimit
	}
	truncated := int64(len(head)) > limit
	body := head[:min(int64(len(head)), limit)]
	sniffed := Sniff(body, truncated)
	if sniffed.Kind == Marked {
		return Decision{Encoding: sniffed.Encoding, By: ByBOM, Confidence: 1, BOM: sniffed.MarkLen, Note: sniffed.What}, nil
	}
	if name, n := Mark(body); n > 0 {
		// A mark the text after it is not valid in (Sniff's Marked asks
		// that) still decides, as in the Encoding Standard's decode: the
		// bytes it cannot decode are what they are. FF FE 00 00 that is
		// not UTF-32LE is the UTF-16LE mark and a U+0000.
		if name == "utf-32le" {
			name, n = "utf-16le", 2
		}
		return Decision{Encoding: name, By: ByBOM, Confidence: 1, BOM: n,
			Note: fmt.Sprintf("byte order mark % X (the text after it is not all valid %s)", body[:n], strings.ToUpper(name))}, nil
	}
	if sniffed.Kind == Binary {
		return Decision{}, &BinaryError{What: sniffed.What}
	}
	var first Declaration
	var notes []string
	if o.Declared || o.ContentType != "" {
		for _, decl := range declarations(body, o.ContentType, o.Declared) {
			d, ok, why := followDeclaration(decl, body, truncated)
			if why != "" {
				notes = append(notes, why)
			}
			if ok {
				d.NotFollowed = strings.Join(notes, "; ")
				return d, nil
			}
			if first.Source == "" {
				first = decl
			}
		}
	}
	detect := Detect
	if !look {
		detect = detectExamined
	}
	res := detect(head, &Options{Limit: detectLimit, MinConfidence: o.MinConfidence})
	if len(res.Candidates) == 0 {
		if o.MinConfidence > 0 {
			return Decision{}, &LowConfidenceError{Result: res, MinConfidence: o.MinConfidence}
		}
		// Nothing to say about nothing: UTF-8 reads it.
		return Decision{Encoding: "utf-8", By: ByStructure, Result: res, Declaration: first,
			Note: "nothing examined: read as UTF-8", NotFollowed: strings.Join(notes, "; ")}, nil
	}
	best := res.Candidates[0]
	if res.Abstained && o.MinConfidence > 0 {
		return Decision{}, &LowConfidenceError{Result: res, MinConfidence: o.MinConfidence}
	}
	if best.Encoding == BinaryName {
		return Decision{}, &BinaryError{What: best.Note}
	}
	if _, err := Lookup(best.Encoding); err != nil {
		return Decision{}, fmt.Errorf("detect: the input looks like %s, which has no decoding", best.Encoding)
	}
	by := ByStatistics
	switch best.Evidence {
	case Structure:
		by = ByStructure
	case BOM:
		by = ByBOM
	}
	return Decision{Encoding: best.Encoding, By: by, Confidence: best.Confidence, Result: res,
		Declaration: first, Note: best.Note, NotFollowed: strings.Join(notes, "; ")}, nil
}

// declarations lists what the input declares, in the order Declared looks:
// the Content-Type's charset, then (when inDoc) the XML declaration's or the
// meta prescan's.
func declarations(head []byte, contentType string, inDoc bool) []Declaration {
	var out []Declaration
	if contentType != "" {
		if d, ok := Declared(nil, contentType); ok {
			out = append(out, d)
		}
	}
	if inDoc {
		if d, ok := Declared(head, ""); ok {
			out = append(out, d)
		}
	}
	return out
}

// followDeclaration judges one declaration against the bytes read ahead:
// the Decision it makes when it holds or valid UTF-8 overrules it, and why
// it was not followed when it was not.
func followDeclaration(decl Declaration, body []byte, truncated bool) (Decision, bool, string) {
	what := "declared " + decl.String()
	if decl.Encoding == "replacement" {
		return Decision{}, false, fmt.Sprintf("%s not followed: the Encoding Standard reads %q as its replacement encoding, which decodes nothing", what, decl.Label)
	}
	if _, err := Lookup(decl.Encoding); err != nil {
		return Decision{}, false, what + " not followed: no decoding"
	}
	if err := firstInvalid(decl.Encoding, body, !truncated); err != nil {
		var ie *InvalidError
		if errors.As(err, &ie) {
			return Decision{}, false, fmt.Sprintf("%s not followed: invalid %s at byte %d", what, decl.Encoding, ie.Offset)
		}
		return Decision{}, false, what + " not followed: " + err.Error()
	}
	if !isUTF(decl.Encoding) {
		if multi, ok := validUTF8(body, truncated); ok && multi >= 2 {
			note := fmt.Sprintf("valid UTF-8 with %d non-ASCII characters", multi)
			return Decision{Encoding: "utf-8", By: ByStructure, Confidence: 1 - 1e-4, Declaration: decl, Note: note},
				true, what + " not followed: the text is " + note
		}
	}
	return Decision{Encoding: decl.Encoding, By: ByDeclaration, Confidence: 1, Declaration: decl, Note: what}, true, ""
}

// isUTF reports whether name is one of the UTF forms, which a stale
// declaration does not name.
func isUTF(name string) bool { return strings.HasPrefix(name, "utf-") }

// validUTF8 reports whether p is valid UTF-8 (a sequence cut by its end
// allowed when truncated) and how many non-ASCII characters it holds.
func validUTF8(p []byte, truncated bool) (multi int, ok bool) {
	off, n, kind := utf8x.FirstInvalid(p)
	if n > 0 && !(truncated && kind == utf8x.Truncated && off+n == len(p)) {
		return 0, false
	}
	for _, b := range p[:off] {
		if b >= 0xC0 {
			multi++
		}
	}
	return multi, true
}

// decoder returns the transformer a Reader decodes the encoding called
// name with.
func decoder(name string, strict bool) (transform.Transformer, error) {
	enc, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return newDecoder(enc, name, strict), nil
}

// newDecoder returns a decoder of enc (Lookup's, named name) that writes
// U+FFFD for what it cannot decode, or when strict stops there with an
// *InvalidError.
func newDecoder(enc encoding.Encoding, name string, strict bool) transform.Transformer {
	if cm, ok := enc.(*charmap.Charmap); ok {
		return newSingleByte(cm, name, strict)
	}
	if !strict {
		return enc.NewDecoder()
	}
	if te, ok := enc.(transcode.Encoding); ok {
		return &transcodeStrict{t: te.WithPolicy(utf8x.Strict).NewDecoder(), name: name}
	}
	x := &xtextStrict{dec: enc.NewDecoder(), name: name}
	switch name {
	case "shift_jis", "euc-jp", "euc-kr", "big5", "gbk", "gb18030":
		x.stateless = true
	}
	if b, err := enc.NewEncoder().Bytes([]byte("\uFFFD")); err == nil && len(b) > 0 {
		x.fffd = b
	}
	return x
}

// firstInvalid decodes p, an input's start (or the whole input when atEOF),
// as the encoding called name, and returns the first *InvalidError.
func firstInvalid(name string, p []byte, atEOF bool) error {
	enc, err := Lookup(name)
	if err != nil {
		return err
	}
	t := newDecoder(enc, name, true)
	var buf [4096]byte
	for {
		nDst, nSrc, err := t.Transform(buf[:], p, atEOF)
		p = p[nSrc:]
		switch {
		case err == transform.ErrShortDst && (nDst > 0 || nSrc > 0):
			continue
		case err == transform.ErrShortSrc && !atEOF:
			return nil // a character cut where the reading ahead stopped
		case err != nil:
			return err
		}
		if len(p) == 0 || nSrc == 0 {
			return nil
		}
	}
}

// transcodeStrict is a strict decoder of the transcode package, its errors
// made *InvalidError.
type transcodeStrict struct {
	t    transform.Transformer
	name string
}

func (x *transcodeStrict) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	nDst, nSrc, err := x.t.Transform(dst, src, atEOF)
	var te *transcode.Error
	if errors.As(err, &te) {
		err = &InvalidError{Encoding: x.name, Offset: int64(te.Offset), Bytes: te.Bytes(), err: te}
	}
	return nDst, nSrc, err
}

func (x *transcodeStrict) Reset() { x.t.Reset() }

// xtextStrict is a strict decoder over one of golang.org/x/text, which
// decode what they cannot to U+FFFD without an error: a U+FFFD in its
// output that the input did not encode marks the bytes it came from.
type xtextStrict struct {
	dec  transform.Transformer
	name string
	// stateless says dec keeps no state between characters (every decoder
	// but those of the stateful ISO-2022 and HZ encodings), so that a chunk
	// it decoded can be decoded again from its start.
	stateless bool
	fffd      []byte // the encoding's own bytes for U+FFFD, if it has any
	pos       int64  // bytes consumed before the current chunk
}

var replacementUTF8 = []byte("\uFFFD")

func (x *xtextStrict) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	if x.stateless {
		// Most chunks hold nothing invalid: decoded whole, they are done.
		nDst, nSrc, err := x.dec.Transform(dst, src, atEOF)
		if !bytes.Contains(dst[:nDst], replacementUTF8) {
			x.pos += int64(nSrc)
			return nDst, nSrc, err
		}
		// Again, a character at a time, to find the bytes.
		x.dec.Reset()
	}
	return x.slow(dst, src, atEOF)
}

// slow decodes src one character at a time, so that a U+FFFD is traced to
// its bytes: it hands the decoder one byte more each time until it can
// decide (a byte that cannot start or go on a character may take a byte of
// lookahead to tell), and room for one byte of output more each time until
// it writes, so that each call decodes one character (or one escape
// sequence, which writes nothing).
func (x *xtextStrict) slow(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	var tmp [utf8.UTFMax]byte
	for nSrc < len(src) {
		if len(dst)-nDst < len(tmp) {
			return nDst, nSrc, transform.ErrShortDst
		}
		d, s, err := x.step(tmp[:], src[nSrc:], atEOF)
		if err != nil {
			return nDst, nSrc, err
		}
		if d == 0 && s == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		if bytes.Equal(tmp[:d], replacementUTF8) && (x.fffd == nil || !bytes.Equal(src[nSrc:nSrc+s], x.fffd)) {
			return nDst, nSrc, x.invalid(src[nSrc : nSrc+s])
		}
		nDst += copy(dst[nDst:], tmp[:d])
		nSrc += s
		x.pos += int64(s)
	}
	return nDst, nSrc, nil
}

// step decodes the first character of src into tmp (room for one rune):
// nothing consumed means src ends within it and more is to come.
func (x *xtextStrict) step(tmp, src []byte, atEOF bool) (d, s int, err error) {
	for end := 1; end <= len(src); end++ {
		eof := atEOF && end == len(src)
		for size := 1; size <= len(tmp); size++ {
			d, s, err := x.dec.Transform(tmp[:size], src[:end], eof)
			switch {
			case d > 0 || s > 0:
				return d, s, nil
			case err == transform.ErrShortDst:
				continue // room for a longer character
			case err == transform.ErrShortSrc || err == nil:
				size = len(tmp) // a byte more of input
			default:
				return 0, 0, err
			}
		}
	}
	if atEOF {
		// Nothing decodes what is left (no decoder leaves input at its end
		// without a U+FFFD): it is invalid all the same.
		return 0, 0, x.invalid(src)
	}
	return 0, 0, nil
}

func (x *xtextStrict) invalid(b []byte) error {
	return &InvalidError{Encoding: x.name, Offset: x.pos, Bytes: append([]byte(nil), b[:min(len(b), 8)]...)}
}

func (x *xtextStrict) Reset() {
	x.dec.Reset()
	x.pos = 0
}

// singleByte decodes a single-byte encoding of golang.org/x/text through a
// table of each byte's UTF-8, built once per Reader from the charmap's
// DecodeByte: x/text's own decoder goes a rune at a time through
// utf8.EncodeRune, which held Windows-1251 text to about 65 MB/s.
type singleByte struct {
	table  [256]sbChar
	name   string
	strict bool
	pos    int64
}

// sbChar is one byte's character: at most 3 bytes of UTF-8 (the charmaps
// map into the BMP), or undefined (U+FFFD).
type sbChar struct {
	b         [3]byte
	n         uint8
	undefined bool
}

func newSingleByte(cm *charmap.Charmap, name string, strict bool) *singleByte {
	t := &singleByte{name: name, strict: strict}
	for i := range t.table {
		r := cm.DecodeByte(byte(i))
		c := &t.table[i]
		var b [utf8.UTFMax]byte
		n := utf8.EncodeRune(b[:], r)
		if n > len(c.b) {
			r, n = utf8.RuneError, utf8.EncodeRune(b[:], utf8.RuneError)
		}
		copy(c.b[:], b[:n])
		c.n, c.undefined = uint8(n), r == utf8.RuneError
	}
	return t
}

func (t *singleByte) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for ; nSrc < len(src); nSrc++ {
		c := &t.table[src[nSrc]]
		if c.undefined && t.strict {
			err = &InvalidError{Encoding: t.name, Offset: t.pos + int64(nSrc), Bytes: []byte{src[nSrc]}}
			break
		}
		if len(dst)-nDst < int(c.n) {
			err = transform.ErrShortDst
			break
		}
		if c.n == 1 {
			dst[nDst] = c.b[0]
			nDst++
			continue
		}
		nDst += copy(dst[nDst:], c.b[:c.n])
	}
	t.pos += int64(nSrc)
	return nDst, nSrc, err
}

func (t *singleByte) Reset() { t.pos = 0 }
