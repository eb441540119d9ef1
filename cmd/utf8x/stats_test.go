package main

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/utf8x/utf8x"
)

func TestStatsStreamAgreesWithLibraryAtAnyBlockSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		p := interesting(rng, 1+rng.IntN(150))
		if trial%3 == 0 {
			p = append([]byte(utf8x.BOM), p...)
		}
		whole, err := statsStream(bytes.NewReader(p), "in", len(p)+4, nil, true)
		if err != nil {
			t.Fatal(err)
		}
		bl := whole.ByLength
		if whole.Chars != int64(utf8x.RuneCount(p)) || whole.UTF16Units != int64(utf8x.UTF16Len(p)) ||
			bl["1"]+bl["2"]+bl["3"]+bl["4"]+whole.Invalid != whole.Chars ||
			whole.BOM != utf8x.HasBOM(p) || whole.ASCII != utf8x.IsASCII(p) {
			t.Fatalf("input %q: %+v", p, whole)
		}
		// Every valid character has a script (Unknown included), and an
		// ill-formed subpart none.
		var inScripts int64
		for _, sc := range whole.Scripts {
			inScripts += sc.Chars
		}
		if inScripts != whole.Chars-whole.Invalid {
			t.Fatalf("input %q: %d characters in scripts, %d valid characters: %+v", p, inScripts, whole.Chars-whole.Invalid, whole)
		}
		for _, size := range []int{4, 5, 9} {
			got, err := statsStream(bytes.NewReader(p), "in", size, nil, true)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, whole) {
				t.Fatalf("block size %d, input %q:\n got %+v\nwant %+v", size, p, got, whole)
			}
		}
	}
}
