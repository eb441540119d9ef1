package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// TestConverterAppendStart: Append, which converts the start of a plain
// stream straight with the kernels (plainStart), agrees with the same
// Converter read through transform.Reader, Transform in 4 KiB calls, on
// output and error: an ill-formed unit or an unrepresentable character
// after valid prefixes of every length up to a few blocks, into dst
// buffers of no room, too little room and enough, under policies that
// stop, replace and skip.
func TestConverterAppendStart(t *testing.T) {
	text := []byte("Plain ASCII to fill a block or two, h\u00e9llo w\u00f6rld, \u0416\u0437\u0431 \u05d0\u05d1, \u4e2d\u6587\u5b57, \U0001F600\U0001F680 and more ASCII after it all.")
	bad := map[Encoding][]byte{
		UTF8:    {0xFF},
		UTF16LE: {0x00, 0xDC},
		UTF16BE: {0xDC, 0x00},
		UTF32LE: {0x00, 0xD8, 0x00, 0x00},
		UTF32BE: {0x00, 0x00, 0xD8, 0x00},
		Latin1:  nil, // every byte is a character: no ill-formed input
	}
	pairs := [][2]Encoding{
		{UTF8, UTF16LE}, {UTF8, UTF16BE}, {UTF8, UTF32LE}, {UTF8, UTF32BE}, {UTF8, Latin1},
		{UTF16LE, UTF8}, {UTF16BE, UTF8}, {UTF32LE, UTF8}, {Latin1, UTF8},
		{UTF16LE, UTF32LE}, {UTF16BE, UTF32BE}, {UTF32LE, UTF16LE}, {UTF32BE, UTF16BE},
		{UTF16LE, UTF16BE}, {UTF32LE, UTF32BE},
	}
	for _, pr := range pairs {
		from, to := pr[0], pr[1]
		// The text in the source form, cut on character boundaries.
		var chars [][]byte
		for _, r := range string(text) {
			if from == Latin1 && r > 0xFF {
				continue
			}
			b, err := NewConverter(UTF8, from, utf8x.Strict, utf8x.BOMKeep).Append(nil, []byte(string(r)))
			if err != nil {
				t.Fatal(err)
			}
			chars = append(chars, b)
		}
		for _, p := range []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip} {
			c := NewConverter(from, to, p, utf8x.BOMKeep)
			ref := NewConverter(from, to, p, utf8x.BOMKeep)
			for n := 0; n <= len(chars); n += 3 {
				var src []byte
				for _, ch := range chars[:n] {
					src = append(src, ch...)
				}
				if bad[from] != nil {
					src = append(src, bad[from]...)
				}
				for _, ch := range chars[:min(len(chars), 40)] {
					src = append(src, ch...)
				}
				checkAppendStart(t, fmt.Sprintf("%s to %s, %v, prefix %d chars", from.Name(), to.Name(), p, n), c, ref, src)
			}
		}
	}
}

// appendStartPairs are the conversions whose Append may take plainStart's
// way, for FuzzConverterAppend.
var appendStartPairs = [][2]Encoding{
	{UTF8, UTF16LE}, {UTF8, UTF32BE}, {UTF8, Latin1}, {UTF16LE, UTF8}, {UTF16BE, UTF8},
	{UTF32LE, UTF8}, {Latin1, UTF8}, {UTF16LE, UTF32LE}, {UTF32BE, UTF16BE}, {UTF16LE, UTF16BE},
}

// FuzzConverterAppend: on any input, Append (the kernels straight, then
// Transform) agrees with the same Converter read through transform.Reader,
// for each pair and policy.
func FuzzConverterAppend(f *testing.F) {
	f.Add([]byte("h\u00e9llo \u4e2d\U0001F600"), uint8(0), uint8(0))
	f.Add([]byte{0x00, 0xDC, 'a', 0}, uint8(3), uint8(1))
	f.Fuzz(func(t *testing.T, src []byte, pair, policy uint8) {
		if len(src) > 1<<16 {
			return
		}
		pr := appendStartPairs[int(pair)%len(appendStartPairs)]
		p := []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip}[int(policy)%3]
		checkAppendStart(t, fmt.Sprintf("%s to %s, %v", pr[0].Name(), pr[1].Name(), p),
			NewConverter(pr[0], pr[1], p, utf8x.BOMKeep), NewConverter(pr[0], pr[1], p, utf8x.BOMKeep), src)
	})
}

// checkAppendStart compares c.Append on src, into dst buffers of no room,
// too little and enough, with ref read through transform.Reader: output,
// error (offset, kind, length) and, without error, the offset reached.
func checkAppendStart(t *testing.T, name string, c, ref *Converter, src []byte) {
	t.Helper()
	want, wantErr := io.ReadAll(transform.NewReader(bytes.NewReader(src), ref))
	for _, room := range []int{0, 7, len(want) + 64} {
		name := fmt.Sprintf("%s, room %d", name, room)
		dst := append(make([]byte, 0, 3+room), "abc"...)
		got, err := c.Append(dst, src)
		if !bytes.Equal(got[3:], want) || string(got[:3]) != "abc" {
			t.Fatalf("%s: Append wrote\n%x\nthe Reader\n%x", name, got, want)
		}
		var e, we *utf8x.Error
		switch {
		case (err == nil) != (wantErr == nil):
			t.Fatalf("%s: error %v, the Reader's %v", name, err, wantErr)
		case err != nil && (!errors.As(err, &e) || !errors.As(wantErr, &we) || e.Offset != we.Offset || e.Kind != we.Kind || e.Len != we.Len):
			t.Fatalf("%s: error %v, the Reader's %v", name, err, wantErr)
		}
		if c.Offset() != int64(len(src)) && err == nil {
			t.Fatalf("%s: Offset %d after the whole input of %d bytes", name, c.Offset(), len(src))
		}
	}
}
