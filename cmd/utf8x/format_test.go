package main

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/utf8x/utf8x"
)

// TestAppendHex compares appendHex with fmt's "% X" verb, which it stands in
// for: every byte alone, every pair, and random longer inputs.
func TestAppendHex(t *testing.T) {
	check := func(p []byte) {
		t.Helper()
		if got, want := string(appendHex([]byte("x"), p)), "x"+fmt.Sprintf("% X", p); got != want {
			t.Fatalf("appendHex(% X) = %q, fmt gives %q", p, got, want)
		}
		if got, want := hexString(p), fmt.Sprintf("% X", p); got != want {
			t.Fatalf("hexString(% X) = %q, fmt gives %q", p, got, want)
		}
	}
	check(nil)
	for a := range 256 {
		check([]byte{byte(a)})
		for b := range 256 {
			check([]byte{byte(a), byte(b)})
		}
	}
	rng := rand.New(rand.NewPCG(15, 1))
	for range 20000 {
		p := make([]byte, 3+rng.IntN(30)) // past hexString's array too
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		check(p)
	}
}

// randomName is a file name with what JSON must escape or replace: quotes,
// backslashes, control bytes, HTML's <>&, ill-formed UTF-8, line separators.
func randomName(rng *rand.Rand) string {
	pieces := []string{"a", "dir/", "\"", "\\", "\n", "\x00", "\x1f", "<", ">", "&", "\xff", "\xe2\x82", "é", "\u2028", "\u2029", "\x7f", " ", "offset", `"offset":`}
	var s string
	for range rng.IntN(6) {
		s += pieces[rng.IntN(len(pieces))]
	}
	return s
}

// randomCheckError is an error record with numbers of every size and a kind
// from the library's list (or an odd one, which takes the slow path).
func randomCheckError(rng *rand.Rand) checkError {
	n := 1 + rng.IntN(6)
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(rng.Uint32())
	}
	kind := utf8x.ErrorKind(rng.IntN(8)).String()
	if rng.IntN(10) == 0 {
		kind = randomName(rng)
	}
	big := func() int64 { return rng.Int64N(1 << uint(rng.IntN(63))) }
	return checkError{Offset: big(), Length: n, Kind: kind, Line: int(big()), Column: int(big()), hex: hexString(p)}
}

// TestAppendErrorLine compares check's error line with the fmt format it
// replaces.
func TestAppendErrorLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	for range 20000 {
		name, e := randomName(rng), randomCheckError(rng)
		got := string(appendErrorLine([]byte("x"), name, ":", &e))
		want := "x" + fmt.Sprintf("%s:%d:%d: %s at byte %d (%s)\n", name, e.Line, e.Column, e.Kind, e.Offset, e.hex)
		if got != want {
			t.Fatalf("appendErrorLine = %q, fmt gives %q", got, want)
		}
	}
}

// TestAppendErrorJSON compares check's --json error line with encoding/json's
// encoding of the record, for names JSON must escape, with and without the
// base64 field, several errors per printer.
func TestAppendErrorJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	for range 3000 {
		p := &checkPrinter{name: randomName(rng)}
		if rng.IntN(2) == 0 {
			p.b64 = fileBase64(p.name)
		}
		for range 1 + rng.IntN(4) {
			e := randomCheckError(rng)
			got := string(p.appendErrorJSON([]byte("x"), &e))
			want := "x" + string(appendJSONLine(nil, checkErrorRecord{Type: "error", File: p.name, FileBase64: p.b64, checkError: e, Hex: e.hex}))
			if got != want {
				t.Fatalf("appendErrorJSON = %q, encoding/json gives %q", got, want)
			}
		}
	}
}
