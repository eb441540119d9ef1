package transcode

import (
	"bytes"
	"slices"
	"testing"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
)

// The zero Encoding is UTF-8 with the Strict policy and BOMKeep: every method
// answers as UTF8's does, and none panics.
func TestZeroEncodingIsUTF8(t *testing.T) {
	var z Encoding
	if z.Name() != "UTF-8" || z.String() != "UTF-8" || z.Name() != UTF8.Name() {
		t.Errorf("zero Encoding: Name %q, String %q; want UTF-8", z.Name(), z.String())
	}
	if !slices.Equal(z.Labels(), UTF8.Labels()) || len(z.Labels()) == 0 {
		t.Errorf("zero Encoding: Labels %q, UTF8's %q", z.Labels(), UTF8.Labels())
	}
	if z.Policy() != utf8x.Strict || z.BOMPolicy() != utf8x.BOMKeep || z.ByteOrder() != GuessOrder {
		t.Errorf("zero Encoding: policy %v, bom %v, order %v", z.Policy(), z.BOMPolicy(), z.ByteOrder())
	}
	if z.MaxUnitLen() != 4 || !z.CanDecode() || !z.CanEncode() || z.IsStateful() || z.IsSingleByte() {
		t.Errorf("zero Encoding: MaxUnitLen %d, CanDecode %v, CanEncode %v, IsStateful %v, IsSingleByte %v",
			z.MaxUnitLen(), z.CanDecode(), z.CanEncode(), z.IsStateful(), z.IsSingleByte())
	}
	for _, in := range []string{"", "plain", "\xEF\xBB\xBFcaf\u00E9 \U0001F600", "ok\xE2\x82", "a\xFFb\xC0\xAF", "\xF0\x9F\x98"} {
		p := []byte(in)
		same := func(what string, got, want any) {
			t.Helper()
			if !equalAny(got, want) {
				t.Errorf("%s(%+q): zero Encoding %v, UTF8 %v", what, in, got, want)
			}
		}
		o1, n1, k1 := z.FirstInvalid(p, true)
		o2, n2, k2 := UTF8.FirstInvalid(p, true)
		same("FirstInvalid", [3]any{o1, n1, k1}, [3]any{o2, n2, k2})
		o1, n1, k1 = z.FirstInvalid(p, false)
		o2, n2, k2 = UTF8.FirstInvalid(p, false)
		same("FirstInvalid/!atEOF", [3]any{o1, n1, k1}, [3]any{o2, n2, k2})
		same("Valid", z.Valid(p), UTF8.Valid(p))
		same("Validate", errString(z.Validate(p)), errString(UTF8.Validate(p)))
		same("RuneCount", z.RuneCount(p), UTF8.RuneCount(p))
		same("IncompleteTail", z.IncompleteTail(p), UTF8.IncompleteTail(p))
		for _, pol := range []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Escape} {
			for _, bom := range []utf8x.BOMPolicy{utf8x.BOMKeep, utf8x.BOMStrip, utf8x.BOMAdd} {
				zz, uu := z.WithPolicy(pol).WithBOM(bom), UTF8.WithPolicy(pol).WithBOM(bom)
				d1, e1 := zz.AppendDecode(nil, p)
				d2, e2 := uu.AppendDecode(nil, p)
				same("AppendDecode/"+pol.String()+"/"+bom.String(), [2]any{string(d1), errString(e1)}, [2]any{string(d2), errString(e2)})
				d1, e1 = zz.AppendEncode(nil, p)
				d2, e2 = uu.AppendEncode(nil, p)
				same("AppendEncode/"+pol.String()+"/"+bom.String(), [2]any{string(d1), errString(e1)}, [2]any{string(d2), errString(e2)})
				s1, _, e1 := transform.String(zz.NewDecoder(), in)
				s2, _, e2 := transform.String(uu.NewDecoder(), in)
				same("NewDecoder/"+pol.String()+"/"+bom.String(), [2]any{s1, errString(e1)}, [2]any{s2, errString(e2)})
				s1, _, e1 = transform.String(zz.NewEncoder(), in)
				s2, _, e2 = transform.String(uu.NewEncoder(), in)
				same("NewEncoder/"+pol.String()+"/"+bom.String(), [2]any{s1, errString(e1)}, [2]any{s2, errString(e2)})
			}
		}
		// As either side of a Converter.
		c1, e1 := NewConverter(Encoding{}, UTF16LE, utf8x.Replace, utf8x.BOMKeep).Append(nil, p)
		c2, e2 := NewConverter(UTF8, UTF16LE, utf8x.Replace, utf8x.BOMKeep).Append(nil, p)
		same("NewConverter(zero, UTF16LE)", [2]any{string(c1), errString(e1)}, [2]any{string(c2), errString(e2)})
		c1, e1 = NewConverter(Latin1, Encoding{}, utf8x.Strict, utf8x.BOMKeep).Append(nil, p)
		c2, e2 = NewConverter(Latin1, UTF8, utf8x.Strict, utf8x.BOMKeep).Append(nil, p)
		same("NewConverter(Latin1, zero)", [2]any{string(c1), errString(e1)}, [2]any{string(c2), errString(e2)})
	}
	// And it really is UTF-8: the conversion to UTF-16LE is the one written by hand.
	got, err := NewConverter(Encoding{}, UTF16LE, utf8x.Strict, utf8x.BOMKeep).Append(nil, []byte("a\u20AC"))
	if want := []byte{'a', 0, 0xAC, 0x20}; err != nil || !bytes.Equal(got, want) {
		t.Errorf("zero Encoding to UTF-16LE: % X, %v; want % X", got, err, want)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func equalAny(a, b any) bool { return a == b }
