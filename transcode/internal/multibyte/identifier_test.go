package multibyte

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
)

// whatwgIdentifiers are the "Identifier" lines of the Encoding Standard's
// index files (index-*.txt, whatwg/encoding, dated 2024-09-18): the SHA-256
// of the index as Python prints the list ("[12288, 12289, None, ...]").
var whatwgIdentifiers = map[string]string{
	"jis0208":              "cbaa91f3deb7d0841faf5c33041fc15a285da0e87e64ab802c4bf04b7c4da861",
	"jis0212":              "83bf90dd1c591a4355730d8c4567efc499d74da7490531019ef22a879991cfb7",
	"gb18030":              "ff1c9a923b5d24f9761b3a2de2c0f07b395f9f6f36519508944de4f0415be81c",
	"big5":                 "8dfc771062e7be0810919082c2c06baa2236147909e0ecc235b1cb9ad782ac82",
	"euc-kr":               "1d97134cbf187263585bc8f593ca4196654ed4c7a673f5672eaad4f5d9fdc4ba",
	"iso-2022-jp-katakana": "6ffc12c11f6eab1ccb3dada740d9b0db096ef0b0783c3bd5ec951dcb4a44b95e",
	"gb18030-ranges":       "f963aaa1653f630c523e7b04729fb4e4458f35806c45eb5c179445623138f0c0",
}

// TestSourceIsTheWHATWGIndex proves that the index data the tables and the
// reference tests read (as an npm package ships it) is exactly the Encoding
// Standard's current index data: it recomputes each published identifier.
func TestSourceIsTheWHATWGIndex(t *testing.T) {
	pyList := func(items []string) string { return "[" + strings.Join(items, ", ") + "]" }
	for name, want := range whatwgIdentifiers {
		var items []string
		if name == "gb18030-ranges" {
			for _, r := range refRanges(t) {
				items = append(items, pyList([]string{strconv.Itoa(r[0]), strconv.Itoa(r[1])}))
			}
		} else {
			for _, c := range refIndex(t, name) {
				if c < 0 {
					items = append(items, "None")
				} else {
					items = append(items, strconv.Itoa(c))
				}
			}
		}
		sum := sha256.Sum256([]byte(pyList(items)))
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("index %s: identifier %s, the Encoding Standard's is %s", name, got, want)
		}
	}
}
