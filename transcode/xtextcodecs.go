package transcode

import (
	"bytes"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

// The multi-byte encodings through golang.org/x/text, until the package of
// WHATWG-exact codecs registers its own under the same keys (registerCodec
// replaces these). They differ from WHATWG in places. x/text's decoders
// write U+FFFD for what they cannot decode and report nothing; for the
// stateless ones, xtextStrict finds the unit behind each U+FFFD, so that the
// policies reach it. ISO-2022-JP's decoder keeps a state that a fresh one
// cannot have mid-stream: it stays lenient. The encoders report each
// character they lack, so every policy works when writing.
func init() {
	for _, x := range []struct {
		key, name string
		enc       encoding.Encoding
		maxLen    int
		stateful  bool
	}{
		{"shift_jis", "Shift_JIS", japanese.ShiftJIS, 2, false},
		{"euc-jp", "EUC-JP", japanese.EUCJP, 3, false},
		{"iso-2022-jp", "ISO-2022-JP", japanese.ISO2022JP, 8, true},
		{"gbk", "GBK", simplifiedchinese.GBK, 2, false},
		{"gb18030", "gb18030", simplifiedchinese.GB18030, 4, false},
		{"big5", "Big5", traditionalchinese.Big5, 2, false},
		{"euc-kr", "EUC-KR", korean.EUCKR, 2, false},
	} {
		enc := x.enc
		c := &codec{
			key: x.key, name: x.name, maxLen: x.maxLen, lenient: x.stateful,
			newDecoder: func() transform.Transformer { return xtextStrict{enc} },
			newEncoder: func() transform.Transformer { return enc.NewEncoder() },
			unit:       xtextUnit,
		}
		if x.stateful {
			c.newDecoder = func() transform.Transformer { return enc.NewDecoder() }
		}
		registerCodec(c)
	}
}

// xtextStrict is a stateless x/text decoder that reports what it cannot
// decode: where its output has a U+FFFD, a fresh decoder given room for
// the output before it finds where the unit starts, and another given room
// for one U+FFFD how long it is. gb18030's 84 31 A4 37, which is U+FFFD,
// is no error.
type xtextStrict struct{ enc encoding.Encoding }

// xtextUnitError is an ill-formed or unmapped unit found by xtextStrict.
type xtextUnitError int

func (e xtextUnitError) Error() string             { return "transcode: undecodable sequence" }
func (e xtextUnitError) UnitLen() int              { return int(e) }
func (e xtextUnitError) UnitKind() utf8x.ErrorKind { return utf8x.Unmapped }

func (x xtextStrict) Reset() {}

func (x xtextStrict) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = x.enc.NewDecoder().Transform(dst, src, atEOF)
	from := 0
	for {
		k := bytes.Index(dst[from:nDst], repl)
		if k < 0 {
			return nDst, nSrc, err
		}
		k += from
		// The input of the output before it, then the unit itself.
		_, start, _ := x.enc.NewDecoder().Transform(make([]byte, k), src, atEOF)
		var one [3]byte
		_, n, _ := x.enc.NewDecoder().Transform(one[:], src[start:], atEOF)
		if n == 0 {
			n = 1
		}
		if bytes.Equal(src[start:start+n], gb18030FFFD) {
			from = k + len(repl)
			continue
		}
		return k, start, xtextUnitError(n)
	}
}

var (
	repl        = []byte("\uFFFD")
	gb18030FFFD = []byte{0x84, 0x31, 0xA4, 0x37}
)

// xtextUnit recognizes x/text's encoder error for a character the encoding
// lacks (internal.RepertoireError, which has a Replacement method), and
// xtextStrict's.
func xtextUnit(err error) (int, utf8x.ErrorKind, bool) {
	if _, ok := err.(interface{ Replacement() byte }); ok {
		return -1, utf8x.Unrepresentable, true
	}
	return defaultUnit(err)
}
