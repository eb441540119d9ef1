package transcode

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

func addSeeds(f *testing.F) {
	for _, s := range []string{
		"", "a", "héllo €", "\U0001F600x", "\xff\xfea\x00\x00\xd8", "\xef\xbb\xbfabc",
		"\x00\x00\xfe\xff\x00\x01\x00\x00", "\xed\xa0\x80", "\xe2\x82", strings.Repeat("ascii", 10) + "\u00e9",
		// VISCII's letters among the C0 controls, EUC-TW's four-byte codes,
		// ISO-2022-CN's designations, shifts and a line end between them.
		"Vi\xd6t\x02\x05\x06\x14\x19\x1e", "\xc4\xe3\x8e\xa2\xa1\xa1\x8e\xa5\xa1\xa5\x8e", "\x1b$)A\x0e0!\n0!\x1b$*H\x1bN!!",
	} {
		f.Add([]byte(s), uint64(len(s)))
	}
}

// FuzzRoundTrip: valid UTF-8 through every Unicode encoding and back, with the
// Encoding values and the direct functions, and the exact lengths.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, _ uint64) {
		text := []byte(strings.ToValidUTF8(string(data), "\uFFFD"))
		for _, e := range []Encoding{UTF8, UTF16, UTF16LE, UTF16BE, UTF32, UTF32LE, UTF32BE} {
			enc, err := e.AppendEncode(nil, text)
			if err != nil {
				t.Fatalf("%s encode: %v", e, err)
			}
			back, err := e.AppendDecode(nil, enc)
			if err != nil || !bytes.Equal(back, text) {
				t.Fatalf("%s round trip of %q: %q, %v", e, text, back, err)
			}
		}
		le, _ := AppendUTF8ToUTF16LE(nil, text)
		if len(le) != 2*utf8x.UTF16Len(text) || UTF8LenFromUTF16LE(le) != len(text) {
			t.Fatalf("UTF-16 lengths of %q", text)
		}
		units, _ := AppendUTF8ToUTF16(nil, text)
		for i, u := range units {
			if binary.LittleEndian.Uint16(le[2*i:]) != u {
				t.Fatalf("[]uint16 and UTF-16LE differ at unit %d", i)
			}
		}
		be32, _ := AppendUTF8ToUTF32BE(nil, text)
		if len(be32) != 4*utf8x.RuneCount(text) || UTF8LenFromUTF32BE(be32) != len(text) {
			t.Fatalf("UTF-32 lengths of %q", text)
		}
		l1 := []byte(latin1Only(string(text)))
		enc, err := AppendUTF8ToLatin1(nil, l1)
		if err != nil || len(enc) != utf8x.RuneCount(l1) || !bytes.Equal(AppendLatin1ToUTF8(nil, enc), l1) || UTF8LenFromLatin1(enc) != len(l1) {
			t.Fatalf("Latin-1 round trip of %q: %v", l1, err)
		}
	})
}

// FuzzSplit: any input, any encoding, any policy, cut anywhere, gives the
// slice conversion's output and error, with and without the kernels.
func FuzzSplit(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		if len(data) > 512 {
			data = data[:512]
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		encs := testEncodings()
		checkSplit(t, encs[rng.IntN(len(encs))], data, randomCuts(rng, len(data)))
	})
}

// FuzzNonStrict: under Replace, Skip and Escape any input decodes to valid
// UTF-8 without error, and any UTF-8 input encodes to well-formed output.
func FuzzNonStrict(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, _ uint64) {
		for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.Escape} {
			for _, e := range Encodings() {
				e = e.WithPolicy(p)
				out, err := e.AppendDecode(nil, data)
				if err != nil || !utf8.Valid(out) {
					t.Fatalf("%s decode %s of % X: % X, %v", e, p, data, out, err)
				}
				enc, err := e.AppendEncode(nil, data)
				if err != nil {
					t.Fatalf("%s encode %s of % X: %v", e, p, data, err)
				}
				if _, err := e.WithPolicy(utf8x.Strict).AppendDecode(nil, enc); err != nil {
					t.Fatalf("%s encode %s of % X gave ill-formed % X: %v", e, p, data, enc, err)
				}
			}
		}
	})
}
