package multibyte

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// FuzzDecode: no decoder panics; any cut gives the whole-input output; what
// decodes without error re-encodes to bytes that decode to the same text.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "\x81\xff", "\x1b$B$\"\x1b(B", "~{VP~}", "\x8f\xa1\xa1", "\x84\x31\xa4\x39", "\x88\x62", "\x1b$)C\x0e0!\x0f"} {
		f.Add(uint8(0), s, uint16(1))
	}
	f.Fuzz(func(t *testing.T, which uint8, in string, cut uint16) {
		if len(in) > 4096 {
			return
		}
		c := Codecs[int(which)%len(Codecs)]
		for _, mode := range []Mode{Strict, Replace} {
			dec := c.NewDecoder(mode)
			whole, werr := run(dec, []byte(in))
			k := int(cut) % (len(in) + 1)
			got, err := chunked(dec, []byte(in), []int{k}, 1+int(cut)%7)
			if !bytes.Equal(got, whole) || fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Fatalf("%s mode %d cut %d: %q %v, whole %q %v", c.Name, mode, k, got, err, whole, werr)
			}
			if mode == Strict && werr == nil {
				back, err := run(mustEncoder(t, c, Strict, ""), whole)
				var e *Error
				if err != nil && (!errors.As(err, &e) || e.Kind != Unrepresentable) {
					t.Fatalf("%s: re-encode %q: %v", c.Name, whole, err)
				}
				if err == nil {
					again, err := run(dec, back)
					if err != nil || !bytes.Equal(again, whole) {
						t.Fatalf("%s: %q -> % x -> %q %v", c.Name, whole, back, again, err)
					}
				}
			}
		}
	})
}

// FuzzEncode: no encoder panics, in any mode; any cut gives the whole-input
// output; a Replace encoder never fails.
func FuzzEncode(f *testing.F) {
	for _, s := range []string{"", "日本語", "\ue5e5\U0001F600", "か゚", "~{", "\xff\xe3\x81"} {
		f.Add(uint8(0), s, uint16(1))
	}
	f.Fuzz(func(t *testing.T, which uint8, in string, cut uint16) {
		if len(in) > 4096 {
			return
		}
		c := Codecs[int(which)%len(Codecs)]
		for _, mode := range []Mode{Strict, Replace, HTML, Skip} {
			enc := mustEncoder(t, c, mode, "")
			whole, werr := run(enc, []byte(in))
			if mode != Strict && werr != nil {
				t.Fatalf("%s mode %d: %v", c.Name, mode, werr)
			}
			k := int(cut) % (len(in) + 1)
			got, err := chunked(enc, []byte(in), []int{k}, 1+int(cut)%9)
			if !bytes.Equal(got, whole) || fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Fatalf("%s mode %d cut %d: % x %v, whole % x %v", c.Name, mode, k, got, err, whole, werr)
			}
		}
	})
}
