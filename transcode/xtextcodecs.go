package transcode

import (
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
// replaces these). x/text's decoders write U+FFFD for what they cannot
// decode and report nothing (lenient: no --invalid policy reaches those
// bytes), and differ from WHATWG in places; its encoders report each
// character they lack, so every policy works when writing.
func init() {
	for _, x := range []struct {
		key, name string
		enc       encoding.Encoding
		maxLen    int
	}{
		{"shift_jis", "Shift_JIS", japanese.ShiftJIS, 2},
		{"euc-jp", "EUC-JP", japanese.EUCJP, 3},
		{"iso-2022-jp", "ISO-2022-JP", japanese.ISO2022JP, 8},
		{"gbk", "GBK", simplifiedchinese.GBK, 2},
		{"gb18030", "gb18030", simplifiedchinese.GB18030, 4},
		{"big5", "Big5", traditionalchinese.Big5, 2},
		{"euc-kr", "EUC-KR", korean.EUCKR, 2},
	} {
		enc := x.enc
		registerCodec(&codec{
			key: x.key, name: x.name, maxLen: x.maxLen, lenient: true,
			newDecoder: func() transform.Transformer { return enc.NewDecoder() },
			newEncoder: func() transform.Transformer { return enc.NewEncoder() },
			unit:       xtextUnit,
		})
	}
}

// xtextUnit recognizes x/text's encoder error for a character the encoding
// lacks (internal.RepertoireError, which has a Replacement method).
func xtextUnit(err error) (int, utf8x.ErrorKind, bool) {
	if _, ok := err.(interface{ Replacement() byte }); ok {
		return -1, utf8x.Unrepresentable, true
	}
	return 0, 0, false
}
