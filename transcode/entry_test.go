package transcode

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// xtextCoder is what *encoding.Encoder and *encoding.Decoder both offer.
type xtextCoder interface {
	transform.Transformer
	Bytes([]byte) ([]byte, error)
	String(string) (string, error)
}

// TestEntryPoints converts random inputs, valid and damaged, through every
// entry point x/text offers (Bytes, String, transform.NewReader over a reader
// returning random chunk sizes, transform.NewWriter with random write sizes,
// Transform with destinations of 1 to 16 bytes and random source chunks) and
// compares each output and error with the slice function's, AppendEncode or
// AppendDecode, for every encoding, policy and BOM policy.
func TestEntryPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
	policies := append(testPolicies, utf8x.FallbackCP1252, utf8x.FallbackLatin1)
	for round := range rounds {
		text := []byte(sample(rng, rng.IntN(600)))
		if round%4 == 1 {
			text = append([]byte(utf8x.BOM), text...)
		}
		for _, e := range testEncodings() {
			encoded, _ := e.WithPolicy(utf8x.Replace).AppendEncode(nil, text)
			src := bytes.Clone(text)
			if round%2 == 1 { // damage both inputs
				damage(rng, src)
				damage(rng, encoded)
			}
			for _, p := range policies {
				for _, b := range []utf8x.BOMPolicy{utf8x.BOMKeep, utf8x.BOMStrip, utf8x.BOMAdd} {
					ee := e.WithPolicy(p).WithBOM(b)
					want, wantErr := ee.AppendEncode(nil, src)
					checkEntries(t, rng, ee.String()+" encoder "+p.String(), ee.NewEncoder(), src, want, wantErr)
					want, wantErr = ee.AppendDecode(nil, encoded)
					checkEntries(t, rng, ee.String()+" decoder "+p.String(), ee.NewDecoder(), encoded, want, wantErr)
				}
			}
		}
	}
}

func damage(rng *rand.Rand, p []byte) {
	for range 1 + rng.IntN(3) {
		if len(p) > 0 {
			p[rng.IntN(len(p))] = byte(rng.Uint32())
		}
	}
}

func checkEntries(t *testing.T, rng *rand.Rand, name string, c xtextCoder, src, want []byte, wantErr error) {
	t.Helper()
	fail := func(entry string, got []byte, err error) {
		t.Helper()
		if !bytes.Equal(got, want) || !sameErr(err, wantErr) {
			t.Fatalf("%s via %s on % X:\n got % X, %v\nwant % X, %v", name, entry, src, got, err, want, wantErr)
		}
	}
	// Bytes and String return nothing but the error when there is one.
	wantWhole := want
	if wantErr != nil {
		wantWhole = nil
	}
	got, err := c.Bytes(src)
	if !bytes.Equal(got, wantWhole) || !sameErr(err, wantErr) {
		t.Fatalf("%s via Bytes on % X:\n got % X, %v\nwant % X, %v", name, src, got, err, wantWhole, wantErr)
	}
	s, err := c.String(string(src))
	if s != string(wantWhole) || !sameErr(err, wantErr) {
		t.Fatalf("%s via String on % X:\n got % X, %v\nwant % X, %v", name, src, s, err, wantWhole, wantErr)
	}

	got, err = io.ReadAll(transform.NewReader(&chunkReader{src, rng}, c))
	fail("transform.NewReader", got, err)

	var buf bytes.Buffer
	w := transform.NewWriter(&buf, c)
	err = nil
	for rest := src; err == nil && len(rest) > 0; {
		n := min(1+rng.IntN(70), len(rest))
		_, err = w.Write(rest[:n])
		rest = rest[n:]
	}
	if err == nil {
		err = w.Close()
	}
	fail("transform.NewWriter", buf.Bytes(), err)

	size := 1 + rng.IntN(16)
	got, err = driveSmall(t, c, src, rng, size)
	fail("Transform with a small dst", got, err)
}

// driveSmall calls Transform with a destination of size bytes and source
// chunks of random sizes. When Transform can make no progress for lack of
// room it grows the destination for that call only; that may happen only
// while the room is below what one unit can need (the longest escape).
func driveSmall(t *testing.T, tr transform.Transformer, src []byte, rng *rand.Rand, size int) ([]byte, error) {
	t.Helper()
	tr.Reset()
	var out []byte
	pos, end := 0, 0
	room := size
	for {
		if end == pos || rng.IntN(3) == 0 {
			end = min(len(src), end+rng.IntN(40))
		}
		atEOF := end == len(src)
		dst := make([]byte, room)
		nDst, nSrc, err := tr.Transform(dst, src[pos:end], atEOF)
		if nDst > len(dst) || nSrc > end-pos {
			t.Fatalf("Transform returned nDst=%d nSrc=%d beyond %d/%d", nDst, nSrc, len(dst), end-pos)
		}
		out = append(out, dst[:nDst]...)
		pos += nSrc
		room = size
		switch {
		case err == transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				if len(dst) >= 128 {
					t.Fatalf("no progress with %d bytes of room", len(dst))
				}
				room = 2 * len(dst)
			}
		case err == transform.ErrShortSrc:
			if atEOF {
				t.Fatalf("ErrShortSrc at the end of the input")
			}
		case err != nil:
			return out, err
		case atEOF:
			if pos != len(src) {
				t.Fatalf("nil error at the end with %d bytes left", len(src)-pos)
			}
			return out, nil
		}
	}
}

// FuzzEntryPoints: every x/text entry point gives the slice function's result
// for any input, encoding, policy and byte order mark policy, in both
// directions.
func FuzzEntryPoints(f *testing.F) {
	f.Add([]byte("h\xC3\xA9llo \xE2\x82 \xF0\x9F\x98\x80 \xED\xA0\x80"), uint64(1), uint8(0))
	f.Add([]byte("\xFF\xFEa\x00\x00\xD8\x00\xDC"), uint64(2), uint8(17))
	f.Add([]byte("\xEF\xBB\xBF\x00\x00\xFE\xFF"), uint64(3), uint8(200))
	policies := append(testPolicies, utf8x.FallbackCP1252, utf8x.FallbackLatin1)
	boms := []utf8x.BOMPolicy{utf8x.BOMKeep, utf8x.BOMStrip, utf8x.BOMAdd}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64, pick uint8) {
		if len(src) > 2048 {
			src = src[:2048]
		}
		rng := rand.New(rand.NewPCG(seed, 73))
		e := encodings[int(pick)%len(encodings)]
		e = e.WithPolicy(policies[int(pick/8)%len(policies)]).WithBOM(boms[int(pick/64)%len(boms)])
		want, wantErr := e.AppendEncode(nil, src)
		checkEntries(t, rng, e.String()+" encoder", e.NewEncoder(), src, want, wantErr)
		want, wantErr = e.AppendDecode(nil, src)
		checkEntries(t, rng, e.String()+" decoder", e.NewDecoder(), src, want, wantErr)
	})
}
