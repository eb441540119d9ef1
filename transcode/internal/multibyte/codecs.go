package multibyte

import (
	"errors"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// Codec describes one encoding: its name, the labels that select it, and
// how to make its decoders and encoders.
type Codec struct {
	// Name is the encoding's name: the Encoding Standard's for its
	// encodings, else the name iconv and Python use.
	Name string
	// Labels are the names that select the codec, lower case: the Encoding
	// Standard's labels, or iconv's and Python's names for the others.
	Labels []string
	// Aliases are further names iconv or Python give the same encoding
	// (lower case), for the Encoding Standard's codecs; Lookup accepts them.
	Aliases []string
	// WHATWG reports whether the Encoding Standard defines the encoding.
	WHATWG bool
	// Stateful reports whether the encoding has shift states (escape
	// sequences), so an encoder may write bytes at the end of the input.
	Stateful bool

	step    stepFunc
	enc     encFunc
	fastDec fastDecFunc
	fastEnc fastEncFunc
	flush   flushFunc
	pair    *pairFunc
	ascii   bool
}

// NewDecoder returns a decoder from the encoding to UTF-8. In Strict mode it
// stops at the first bad input with an *Error; in Skip mode it drops it;
// otherwise it writes U+FFFD per error as the Encoding Standard's decoder
// does.
func (c *Codec) NewDecoder(mode Mode) transform.Transformer {
	return &decoder{name: c.Name, fast: c.fastDec, step: c.step, ascii: c.ascii, mode: mode}
}

// ErrReplacement is returned by NewEncoder for a replacement string that is
// not valid UTF-8, longer than eight characters, or not encodable.
var ErrReplacement = errors.New("multibyte: the replacement cannot be encoded")

// NewEncoder returns an encoder from UTF-8 to the encoding. In Strict mode it
// stops at the first character it cannot encode (or ill-formed UTF-8) with
// an *Error; in Replace mode it writes replacement instead ("?" when empty);
// in HTML mode it writes "&#NNNN;"; in Skip mode it writes nothing for it.
func (c *Codec) NewEncoder(mode Mode, replacement string) (transform.Transformer, error) {
	if replacement == "" {
		replacement = "?"
	}
	if !utf8.ValidString(replacement) || utf8.RuneCountInString(replacement) > maxReplRunes {
		return nil, ErrReplacement
	}
	var st uint32
	var buf [maxEncOut]byte
	for _, r := range replacement {
		if _, bad := c.enc(&st, r, buf[:]); bad >= 0 {
			return nil, ErrReplacement
		}
	}
	return &encoder{name: c.Name, fast: c.fastEnc, enc: c.enc, flush: c.flush, pair: c.pair, ascii: c.ascii, mode: mode, repl: replacement}, nil
}

// The codecs. Shift_JIS through EUC-KR are the Encoding Standard's; the rest
// are beyond it.
var (
	// ShiftJIS is the Encoding Standard's Shift_JIS (Windows code page 932's repertoire).
	ShiftJIS = &Codec{
		Name: "Shift_JIS", WHATWG: true,
		Labels:  []string{"csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"},
		Aliases: []string{"cp932", "windows-932"},
		ascii:   true, step: sjisDecode, enc: sjisEncode, fastDec: sjisFastDec, fastEnc: sjisFastEnc,
	}
	// EUCJP is the Encoding Standard's EUC-JP (JIS X 0208 and, decoding only, JIS X 0212).
	EUCJP = &Codec{
		Name: "EUC-JP", WHATWG: true,
		Labels:  []string{"cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"},
		Aliases: []string{"eucjp", "ujis"},
		ascii:   true, step: eucjpDecode, enc: eucjpEncode, fastDec: eucjpFastDec, fastEnc: eucjpFastEnc,
	}
	// ISO2022JP is the Encoding Standard's ISO-2022-JP.
	ISO2022JP = &Codec{
		Name: "ISO-2022-JP", WHATWG: true, Stateful: true,
		Labels:  []string{"csiso2022jp", "iso-2022-jp"},
		Aliases: []string{"iso2022jp", "iso2022_jp"},
		step:    iso2022jpDecode, enc: iso2022jpEncode, flush: iso2022jpFlush, fastDec: iso2022jpFastDec, fastEnc: iso2022jpFastEnc,
	}
	// GB18030 is the Encoding Standard's gb18030 (GB18030-2022 mappings).
	GB18030 = &Codec{
		Name: "gb18030", WHATWG: true,
		Labels:  []string{"gb18030"},
		Aliases: []string{"gb-18030", "windows-54936", "cp54936"},
		ascii:   true, step: gb18030Decode, enc: gb18030Encode, fastDec: gbFastDec, fastEnc: gbFastEnc,
	}
	// GBK is the Encoding Standard's GBK: the gb18030 decoder, an encoder
	// without four-byte sequences.
	GBK = &Codec{
		Name: "GBK", WHATWG: true,
		Labels:  []string{"chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk"},
		Aliases: []string{"cp936", "windows-936", "ms936"},
		ascii:   true, step: gb18030Decode, enc: gbkEncode, fastDec: gbFastDec, fastEnc: gbFastEnc,
	}
	// Big5 is the Encoding Standard's Big5 (with HKSCS when decoding).
	Big5 = &Codec{
		Name: "Big5", WHATWG: true,
		Labels:  []string{"big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"},
		Aliases: []string{"big5hkscs", "cp950", "windows-950"},
		ascii:   true, step: big5Decode, enc: big5Encode, fastDec: big5FastDec, fastEnc: big5FastEnc,
	}
	// EUCKR is the Encoding Standard's EUC-KR (Windows code page 949, UHC).
	EUCKR = &Codec{
		Name: "EUC-KR", WHATWG: true,
		Labels:  []string{"cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949"},
		Aliases: []string{"cp949", "uhc", "euckr", "ms949"},
		ascii:   true, step: euckrDecode, enc: euckrEncode, fastDec: euckrFastDec, fastEnc: euckrFastEnc,
	}
	// ISO2022KR is ISO-2022-KR (RFC 1557), KS X 1001 as in index euc-kr.
	ISO2022KR = &Codec{
		Name: "ISO-2022-KR", Stateful: true,
		Labels: []string{"iso-2022-kr", "iso2022kr", "iso2022_kr", "csiso2022kr"},
		step:   iso2022krDecode, enc: iso2022krEncode, flush: iso2022krFlush,
	}
	// HZGB2312 is HZ-GB-2312 (RFC 1843), GB2312 as in glibc's charmap.
	HZGB2312 = &Codec{
		Name: "HZ-GB-2312", Stateful: true,
		Labels: []string{"hz-gb-2312", "hz", "hzgb", "hz_gb_2312", "hz-gb"},
		step:   hzDecode, enc: hzEncode, flush: hzFlush,
	}
	// Johab is Johab (KS C 5601-1992 annex 3, code page 1361).
	Johab = &Codec{
		Name:   "Johab",
		Labels: []string{"johab", "cp1361", "ms1361", "x-johab"},
		ascii:  true, step: johabDecode, enc: johabEncode, fastDec: johabFastDec, fastEnc: johabFastEnc,
	}
	// EUCJISX0213 is EUC-JIS X 0213 (EUC-JIS-2004).
	EUCJISX0213 = &Codec{
		Name:   "EUC-JISX0213",
		Labels: []string{"euc-jisx0213", "euc-jis-2004", "euc_jis_2004", "euc_jisx0213", "eucjis2004", "euc-jis-x0213"},
		ascii:  true, step: jisx0213Decode, enc: jisx0213Encode, fastDec: jisx0213FastDec, fastEnc: jisx0213FastEnc,
		pair: &pairFunc{starts: jisx0213PairStarts, encode: jisx0213PairEncode},
	}
)

// The Chinese encodings uchardet names beyond the standard's.
var (
	// EUCTW is EUC-TW: CNS 11643 planes 1-7 and 15, from glibc's EUC-TW
	// charmap. The labels are glibc's and GNU libiconv's names.
	EUCTW = &Codec{
		Name:   "EUC-TW",
		Labels: []string{"euc-tw", "euctw", "cseuctw", "osf0005000a"},
		ascii:  true, step: euctwDecode, enc: euctwEncode,
	}
	// ISO2022CN is ISO-2022-CN (RFC 1922): GB 2312 and CNS 11643 planes 1
	// and 2, as glibc's ISO-2022-CN writes it; not ISO-2022-CN-EXT.
	ISO2022CN = &Codec{
		Name: "ISO-2022-CN", Stateful: true,
		Labels: []string{"iso-2022-cn", "csiso2022cn", "iso2022cn", "iso2022_cn"},
		step:   iso2022cnDecode, enc: iso2022cnEncode, flush: iso2022cnFlush,
	}
)

// Codecs lists every codec of the package.
var Codecs = []*Codec{ShiftJIS, EUCJP, ISO2022JP, GB18030, GBK, Big5, EUCKR, ISO2022KR, HZGB2312, Johab, EUCJISX0213, EUCTW, ISO2022CN}

// Lookup returns the codec one of whose labels or aliases equals label
// (ASCII case and surrounding white space ignored), or nil.
func Lookup(label string) *Codec {
	label = strings.ToLower(strings.TrimSpace(label))
	for _, c := range Codecs {
		for _, l := range c.Labels {
			if l == label {
				return c
			}
		}
		for _, l := range c.Aliases {
			if l == label {
				return c
			}
		}
	}
	return nil
}

// Encoding returns the codec as an encoding.Encoding with x/text's usual
// behaviour: its decoder writes U+FFFD for bad input (Replace), its encoder
// stops with an *Error at a character it cannot encode (Strict).
func (c *Codec) Encoding() encoding.Encoding { return xEncoding{c} }

type xEncoding struct{ c *Codec }

func (x xEncoding) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: x.c.NewDecoder(Replace)}
}

func (x xEncoding) NewEncoder() *encoding.Encoder {
	e, _ := x.c.NewEncoder(Strict, "")
	return &encoding.Encoder{Transformer: e}
}

func (x xEncoding) String() string { return x.c.Name }
