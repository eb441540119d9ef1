package transcode

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

var variantForms = []Encoding{CESU8, MUTF8, WTF8, UTF8Legacy}

func addVariantSeeds(f *testing.F) {
	for _, s := range variantInputs {
		f.Add([]byte(s), uint8(0))
	}
	f.Add([]byte("plain text \u00e9\u20ac\U0001F600"), uint8(1))
}

// FuzzVariantDecode: no input makes a variant's validation or decoding panic;
// validation and a strict conversion agree on the first fault; and input the
// form accepts comes back byte for byte through the form's own encoder.
func FuzzVariantDecode(f *testing.F) {
	addVariantSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, pick uint8) {
		e := variantForms[int(pick)%len(variantForms)]
		off, n, kind := e.FirstInvalid(data, true)
		if e.RuneCount(data) > len(data) {
			t.Fatalf("%s: more characters than bytes in % X", e, data)
		}
		same, err := NewConverter(e, e, utf8x.Strict, utf8x.BOMKeep).Append(nil, data)
		if n == 0 {
			if off != len(data) || err != nil || !bytes.Equal(same, data) {
				t.Fatalf("%s: valid % X does not come back through the encoder: % X, %v", e, data, same, err)
			}
		} else {
			var te *Error
			if !errors.As(err, &te) || te.Offset != off || te.Len != n || te.Kind != kind || !bytes.Equal(same, data[:off]) {
				t.Fatalf("%s: % X: validation says %v at %d (%d); conversion %v", e, data, kind, off, n, err)
			}
		}
		for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.Escape} {
			out, err := e.WithPolicy(p).AppendDecode(nil, data)
			if err != nil || !utf8.Valid(out) {
				t.Fatalf("%s %s: % X decodes to % X, %v", e, p, data, out, err)
			}
		}
	})
}

// FuzzVariantEncode: any UTF-8 text goes into each variant and comes back,
// and the encoding is well-formed in the variant.
func FuzzVariantEncode(f *testing.F) {
	addVariantSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, _ uint8) {
		text := []byte(strings.ToValidUTF8(string(data), "\uFFFD"))
		for _, e := range variantForms {
			enc, err := e.AppendEncode(nil, text)
			if err != nil {
				t.Fatalf("%s: encoding %q: %v", e, text, err)
			}
			if err := e.Validate(enc); err != nil {
				t.Fatalf("%s: %q encodes as ill-formed % X: %v", e, text, enc, err)
			}
			back, err := e.AppendDecode(nil, enc)
			if err != nil || !bytes.Equal(back, text) {
				t.Fatalf("%s: %q comes back as %q, %v", e, text, back, err)
			}
		}
	})
}
