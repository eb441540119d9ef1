package transcode

import (
	"strings"

	"github.com/utf8x/utf8x/transcode/internal/multibyte"
	"golang.org/x/text/transform"
)

// The multi-byte encodings are the WHATWG-exact codecs of
// internal/multibyte, run in their Strict mode: every unit they cannot
// convert comes back as a *multibyte.Error (UnitLen, UnitKind), and the
// Converter's policy decides what becomes of it. A Strict decoder keeps the
// state its step left, so skipping the unit and writing U+FFFD gives the
// Encoding Standard's own replacement output; a Strict encoder has written
// whatever returned it to ASCII before the character, so a replacement
// written through it comes out in the right shift state.
//
// The seven WHATWG encodings take the standard's labels (by key) and the
// names iconv and Python add (the codecs' Aliases). The six beyond it take
// their iconv and Python names, which include "iso-2022-kr", "csiso2022kr",
// "hz-gb-2312", "iso-2022-cn" and "csiso2022cn": labels WHATWG gives its
// replacement encoding (see the package documentation). allCodecs calls it
// once, on first use.
func registerMultibyte() {
	for _, m := range multibyte.Codecs {
		c := &codec{name: m.Name, maxLen: mbMaxLen(m), stateful: m.Stateful}
		if m.WHATWG {
			c.key = strings.ToLower(m.Name)
			c.labels = m.Aliases
		} else {
			c.labels = m.Labels
		}
		c.newDecoder = func() transform.Transformer { return m.NewDecoder(multibyte.Strict) }
		c.newEncoder = func() transform.Transformer {
			t, _ := m.NewEncoder(multibyte.Strict, "") // "?" always encodes
			return t
		}
		registerCodec(c)
	}
}

// mbMaxLen is the longest encoding of one character: four bytes in
// gb18030 and EUC-TW, an escape or shift sequence and two bytes in the
// stateful ones.
func mbMaxLen(m *multibyte.Codec) int {
	switch {
	case m.Stateful:
		return 8
	case m == multibyte.GB18030 || m == multibyte.EUCTW:
		return 4
	case m == multibyte.EUCJP || m == multibyte.EUCJISX0213:
		return 3
	}
	return 2
}
