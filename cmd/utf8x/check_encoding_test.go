package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"reflect"
	"testing"
	"testing/iotest"

	"github.com/utf8x/utf8x/transcode"
)

// variantPieces are characters and faults of every --encoding form, so that
// block boundaries fall inside CESU-8 pairs, C0 80 and legacy 6-byte
// sequences.
var variantPieces = []string{
	"a", "\n", "é", "€", "\xED\xA0\xBD\xED\xB8\x80", "\xED\xA0\x80", "\xED\xB0\x80", "\xC0\x80",
	"\x00", "\xF0\x9F\x98\x80", "\xFD\xBF\xBF\xBF\xBF\xBF", "\xF8\x88\x80\x80\x80", "\xFC\x84\x80",
	"\xE2\x82", "\x80", "\xFE", "\xC0\xAF", "\r\n",
}

// TestCheckEncodingIndependentOfBlockSize: with every form, the report is the
// same whatever the block size and however short the reads.
func TestCheckEncodingIndependentOfBlockSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, e := range []transcode.Encoding{transcode.CESU8, transcode.MUTF8, transcode.WTF8, transcode.UTF8Legacy} {
		for trial := range 100 {
			var p []byte
			for n := 1 + rng.IntN(150); len(p) < n; {
				p = append(p, variantPieces[rng.IntN(len(variantPieces))]...)
			}
			opts := checkOptions{maxErrors: 1000, blockSize: len(p) + 8, form: &e}
			want, err := collectCheck(bytes.NewReader(p), "in", opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := countFaults(e, p); want.ErrorCount != got {
				t.Fatalf("%s: %d errors in %q, validation finds %d", e, want.ErrorCount, p, got)
			}
			for _, size := range []int{1, 5, 7, 9, 64} {
				for _, r := range []io.Reader{bytes.NewReader(p), iotest.OneByteReader(bytes.NewReader(p))} {
					opts.blockSize = size
					got, err := collectCheck(r, "in", opts)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s trial %d, block size %d, input %q:\n got %+v\nwant %+v", e, trial, size, p, got, want)
					}
				}
			}
		}
	}
}

func countFaults(e transcode.Encoding, p []byte) int {
	count := 0
	for {
		off, n, _ := e.FirstInvalid(p, true)
		if n == 0 {
			return count
		}
		count++
		p = p[off+n:]
	}
}
