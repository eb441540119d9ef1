package transcode

import (
	"strconv"
	"strings"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/encoding"
)

// Encoding is one of the encodings utf8x converts to and from UTF-8, together
// with the policies its decoders and encoders apply. It implements
// golang.org/x/text/encoding.Encoding. The zero value is UTF-8, as UTF8 is,
// with the Strict policy and BOMKeep; every method works on it (though it does
// not compare equal to UTF8: compare Name results). Start from one of the
// variables below or from Lookup.
type Encoding struct {
	f      *form
	policy utf8x.Policy
	bom    utf8x.BOMPolicy
	order  ByteOrder
}

// ByteOrder says how the decoders of UTF-16 and UTF-32 (the encoding
// schemes without LE or BE in their name) read input that does not start
// with a byte order mark. A mark, when there is one, always decides.
type ByteOrder uint8

const (
	// GuessOrder reads the order from the text: the first 512 bytes are
	// judged as detect.Sniff judges them (their NUL bytes), else both
	// readings are scored and the better one taken, little-endian when
	// they tie (see the package documentation). The default.
	GuessOrder ByteOrder = iota
	// BigEndian is the reading the standards define for the unmarked
	// schemes: RFC 2781 section 4.3 and the Unicode Standard (section 3.10,
	// D98 and D101).
	BigEndian
	// LittleEndian is the WHATWG Encoding Standard's reading (its "utf-16"
	// label is UTF-16LE), and what Windows, Python and glibc's iconv on
	// little-endian machines do.
	LittleEndian
)

var byteOrderNames = [...]string{"guess", "be", "le"}

// String returns "guess", "be" or "le", as ParseByteOrder accepts them.
func (o ByteOrder) String() string {
	if int(o) < len(byteOrderNames) {
		return byteOrderNames[o]
	}
	return "ByteOrder(" + strconv.Itoa(int(o)) + ")"
}

// ParseByteOrder returns the ByteOrder named guess, be or le (or big,
// little), case-insensitively.
func ParseByteOrder(s string) (ByteOrder, bool) {
	switch strings.ToLower(s) {
	case "guess":
		return GuessOrder, true
	case "be", "big", "big-endian":
		return BigEndian, true
	case "le", "little", "little-endian":
		return LittleEndian, true
	}
	return GuessOrder, false
}

// WithByteOrder returns e with the byte order its decoder reads when the
// input has no byte order mark. It matters only for UTF16 and UTF32.
func (e Encoding) WithByteOrder(o ByteOrder) Encoding {
	e.order = o
	return e
}

// ByteOrder returns the byte order e's decoder reads without a mark.
func (e Encoding) ByteOrder() ByteOrder { return e.order }

var _ encoding.Encoding = Encoding{}

// The encodings, with the Strict policy and BOMKeep.
var (
	UTF8    = Encoding{f: utf8Form}
	UTF16   = Encoding{f: utf16Form}   // byte order from the signature, else from the text; see the package documentation
	UTF16LE = Encoding{f: utf16LEForm} // little-endian, no signature
	UTF16BE = Encoding{f: utf16BEForm} // big-endian, no signature
	UTF32   = Encoding{f: utf32Form}   // byte order from the signature, else from the text
	UTF32LE = Encoding{f: utf32LEForm}
	UTF32BE = Encoding{f: utf32BEForm}
	Latin1  = Encoding{f: latin1Form} // ISO-8859-1: bytes 00-FF are U+0000-U+00FF
	CP1252  = Encoding{f: cp1252Form} // Windows-1252 as the WHATWG Encoding Standard maps it
	// ASCII is US-ASCII: bytes 00-7F only, as iconv's ASCII (the WHATWG
	// standard reads the label as Windows-1252).
	ASCII = Encoding{f: asciiForm}
	// ISO8859_15 is ISO-8859-15 (Latin-9): ISO-8859-1 with the euro sign and
	// seven letters in place of eight rarely used symbols.
	ISO8859_15 = Encoding{f: latin9Form}
	encodings  = []Encoding{UTF8, UTF16, UTF16LE, UTF16BE, UTF32, UTF32LE, UTF32BE, Latin1, CP1252, ASCII, ISO8859_15}
)

// form returns e's form; the zero Encoding's is UTF-8's.
func (e Encoding) form() *form {
	if e.f == nil {
		return utf8Form
	}
	return e.f
}

// Name returns the encoding's name, such as "UTF-16LE" or "ISO-8859-1".
func (e Encoding) Name() string { return e.form().name }

// String returns the encoding's name.
func (e Encoding) String() string { return e.Name() }

// Labels returns the names Lookup accepts for the encoding, preferred first.
func (e Encoding) Labels() []string {
	f := e.form()
	registry() // the generated forms get their labels there
	return append([]string(nil), f.labels...)
}

// Policy returns the policy e's decoders and encoders apply.
func (e Encoding) Policy() utf8x.Policy { return e.policy }

// BOMPolicy returns the byte order mark policy e's decoders and encoders apply.
func (e Encoding) BOMPolicy() utf8x.BOMPolicy { return e.bom }

// WithPolicy returns e with policy p: applied by the decoder to each ill-formed
// unit of its input, and by the encoder to each ill-formed maximal subpart of
// its UTF-8 input and to each character e cannot represent. The
// utf8x.FallbackCP1252 and FallbackLatin1 policies only make sense for UTF-8
// input: decoders of other encodings refuse them with an error.
func (e Encoding) WithPolicy(p utf8x.Policy) Encoding {
	e.policy = p
	return e
}

// WithBOM returns e with the byte order mark policy b (see the package
// documentation).
func (e Encoding) WithBOM(b utf8x.BOMPolicy) Encoding {
	e.bom = b
	return e
}

// NewDecoder returns a decoder from e to UTF-8. Under Strict its errors are
// *Error values.
func (e Encoding) NewDecoder() *encoding.Decoder {
	c := new(Converter)
	c.init(e.form(), utf8Form, e.policy, e.bom)
	c.order = e.order
	return &encoding.Decoder{Transformer: c}
}

// NewEncoder returns an encoder from UTF-8 to e. Under Strict its errors are
// *Error values.
func (e Encoding) NewEncoder() *encoding.Encoder {
	c := new(Converter)
	c.init(utf8Form, e.form(), e.policy, e.bom)
	return &encoding.Encoder{Transformer: c}
}

// AppendDecode appends the UTF-8 conversion of src, a whole input in encoding
// e, to dst and returns the extended buffer. It does not allocate when dst has
// room for the result.
func (e Encoding) AppendDecode(dst, src []byte) ([]byte, error) {
	// e's fields are read one by one, never through a copy of e (as e.form()
	// and e.strict made): the copy's 16-byte loads of the fields just stored
	// one by one missed the store buffer, which cost a quarter of a 270-byte
	// conversion.
	f := e.f
	if f == nil {
		f = utf8Form // the zero Encoding
	}
	if e.policy.Action() == utf8x.ActionStrict && e.bom == utf8x.BOMKeep {
		// appendConv written out: a call less.
		if c := strictConv(f, utf8Form); c.sameASCII() {
			return appendSameASCII(dst, src, c)
		} else if c != noConv {
			return appendStrict(dst, src, c)
		}
	}
	return e.appendDecode(dst, src)
}

// appendDecode is AppendDecode through a Converter.
func (e Encoding) appendDecode(dst, src []byte) ([]byte, error) {
	var c Converter
	c.init(e.form(), utf8Form, e.policy, e.bom)
	c.order = e.order
	return c.Append(dst, src)
}

// AppendEncode appends the conversion of src, a whole UTF-8 input, to encoding
// e to dst and returns the extended buffer. It does not allocate when dst has
// room for the result.
func (e Encoding) AppendEncode(dst, src []byte) ([]byte, error) {
	f := e.f // see AppendDecode
	if f == nil {
		f = utf8Form // the zero Encoding
	}
	if e.policy.Action() == utf8x.ActionStrict && e.bom == utf8x.BOMKeep {
		if c := strictConv(utf8Form, f); c.sameASCII() {
			return appendSameASCII(dst, src, c)
		} else if c != noConv {
			return appendStrict(dst, src, c)
		}
	}
	return e.appendEncode(dst, src)
}

// appendEncode is AppendEncode through a Converter.
func (e Encoding) appendEncode(dst, src []byte) ([]byte, error) {
	var c Converter
	c.init(utf8Form, e.form(), e.policy, e.bom)
	return c.Append(dst, src)
}

// strictConv returns the conversion appendStrict runs from one form to the
// other when the policies leave the Converter nothing to do but that: Strict,
// and BOMKeep, under which a byte order mark is a character like any other;
// noConv when there is none. The Converter's setup costs more than the whole
// conversion of a short input.
func strictConv(from, to *form) conv {
	if (from.sb != nil || from.full != nil) && to == utf8Form {
		return from.toUTF8
	}
	if (to.sb != nil || to.full != nil) && from == utf8Form {
		return to.fromUTF8
	}
	if to == utf8Form {
		switch from {
		case latin1Form:
			return latin1ToUTF8Conv
		case cp1252Form:
			return cp1252ToUTF8Conv
		case utf16LEForm:
			return utf16LEToUTF8Conv
		case utf16BEForm:
			return utf16BEToUTF8Conv
		case utf32LEForm:
			return utf32LEToUTF8Conv
		case utf32BEForm:
			return utf32BEToUTF8Conv
		}
		return noConv
	}
	if from == utf8Form {
		switch to {
		case latin1Form:
			return utf8ToLatin1Conv
		case cp1252Form:
			return utf8ToCP1252Conv
		case utf16LEForm:
			return utf8ToUTF16LEConv
		case utf16BEForm:
			return utf8ToUTF16BEConv
		case utf32LEForm:
			return utf8ToUTF32LEConv
		case utf32BEForm:
			return utf8ToUTF32BEConv
		}
	}
	return noConv
}

// sameASCII reports whether c converts between UTF-8 and a single-byte
// encoding that writes ASCII as the same bytes, where appendSameASCII copies
// the ASCII prefix in bulk before appendStrict.
func (c conv) sameASCII() bool {
	if c.isSB() {
		return true
	}
	switch c {
	case latin1ToUTF8Conv, utf8ToLatin1Conv, cp1252ToUTF8Conv, utf8ToCP1252Conv:
		return true
	}
	return false
}

// MaxUnitLen returns the most bytes one character takes in e: 1 in the
// single-byte encodings, 4 in UTF-8, UTF-16, UTF-32 and WTF-8, 6 in CESU-8 and
// modified UTF-8 (a surrogate pair of 3-byte units) and legacy UTF-8. A stream
// reader that holds that many bytes can always finish a unit.
func (e Encoding) MaxUnitLen() int { return e.form().maxLen }

// IncompleteTail returns how many bytes at the end of p begin a unit of e
// that more input could complete (0 when p ends on a unit boundary), for p
// that starts on a unit boundary: cutting a stream before them splits no
// unit, and what FirstInvalid or a converter reports is the same as without
// the cut. The count is below 2*MaxUnitLen (a WTF-8 lead surrogate waits for
// the unit after it, which could make a pair). It looks at the last
// 2*MaxUnitLen bytes only. UTF-16 and UTF-32 without a byte order in their
// name are read little-endian. The multi-byte encodings, whose units can
// only be found from the start, read all of p.
func (e Encoding) IncompleteTail(p []byte) int {
	f := e.form()
	if f.codec != nil {
		return codecIncompleteTail(f.codec, p)
	}
	if f.auto != nil {
		f = f.auto[little]
	}
	i := max(0, len(p)-2*f.maxLen)
	if f.unit > 1 {
		i -= i % f.unit
	} else {
		// A byte-oriented form resynchronizes at the first byte that is
		// not a continuation byte; starting on the second half of a
		// surrogate pair reads it as a unit of its own, which ends where
		// the pair does.
		for i < len(p) && p[i]&0xC0 == 0x80 {
			i++
		}
	}
	for i < len(p) {
		_, n, _ := f.decode(p[i:], false)
		if n == 0 {
			return len(p) - i
		}
		i += n
	}
	return 0
}
