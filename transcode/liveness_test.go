package transcode

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/testsample"
	"golang.org/x/text/transform"
)

// Liveness: every conversion, slice or stream, of any input between any two
// encodings under any policy ends, in time linear in its input. Each call runs
// in a goroutine under a generous bound, so that a hang fails the test instead
// of hanging CI; the slice and the stream paths must then agree.

// livePolicies are the policies the liveness tests try: every action, and
// replacements longer than any unit so that a policy's output outgrows its
// input.
var livePolicies = []utf8x.Policy{
	utf8x.Strict, utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.FallbackCP1252, utf8x.FallbackLatin1,
	utf8x.ReplaceWith("<?>"), utf8x.ReplaceWith(strings.Repeat("\U0001F4A9", 20)),
}

// hangInput is the input that once made Converter.Append loop forever from
// WTF-8 to UTF-32 under Escape: a surrogate pair written in 6 bytes is one
// unit whose escape (24 characters, 96 bytes of UTF-32) outgrew the room
// Append made for it.
var hangInput = []byte{0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80, 0xFC, 0x84, 0x80, 0x80, 0x80, 0x80, 0x00}

// liveCase is one conversion: two encodings, the two policies and the input.
type liveCase struct {
	from, to Encoding
	p        utf8x.Policy
	b        utf8x.BOMPolicy
	src      []byte
}

func (lc liveCase) String() string {
	return fmt.Sprintf("%s to %s (%s %q, bom %s) of % X", lc.from, lc.to, lc.p, lc.p.Replacement(), lc.b, lc.src)
}

func (lc liveCase) converter() *Converter { return NewConverter(lc.from, lc.to, lc.p, lc.b) }

// pickCase turns the fuzzer's small numbers into a case.
func pickCase(src []byte, from, to, p, b uint8) liveCase {
	encs := testEncodings()
	return liveCase{
		from: encs[int(from)%len(encs)], to: encs[int(to)%len(encs)],
		p: livePolicies[int(p)%len(livePolicies)], b: bomPolicies[int(b)%len(bomPolicies)],
		src: src,
	}
}

var bomPolicies = []utf8x.BOMPolicy{utf8x.BOMKeep, utf8x.BOMStrip, utf8x.BOMAdd}

// liveBound is how long one conversion of n bytes may take before the test
// calls it a hang: a thousand times what linear work needs, so that a machine
// shared by many jobs does not fail it.
func liveBound(n int) time.Duration { return 5*time.Second + time.Duration(n)*250*time.Microsecond }

// within runs f in a goroutine and fails t when it has not returned within
// liveBound(n). The goroutine of a real hang is left spinning; the failing
// test ends the process soon after.
func within(t testing.TB, what string, n int, f func()) {
	t.Helper()
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(liveBound(n)):
		// Tell a hang from a stall of the machine: a conversion that
		// returns a little later was only slow, and says how slow.
		select {
		case <-done:
			t.Fatalf("%s took %v on %d bytes of input, over the bound of %v", what, time.Since(start), n, liveBound(n))
		case <-time.After(liveBound(n)):
			t.Fatalf("%s did not return within %v on %d bytes of input: a hang", what, 2*liveBound(n), n)
		}
	}
}

// result is what one path made of a case.
type result struct {
	out []byte
	err error
}

func (r result) same(o result) bool { return bytes.Equal(r.out, o.out) && sameErr(r.err, o.err) }

func (r result) String() string { return fmt.Sprintf("% X, %v", r.out, r.err) }

// directFuncs are the slice functions of the hot conversions, by the names of
// their encodings; they convert as Strict with BOMKeep does.
var directFuncs = map[[2]string]func(dst, src []byte) ([]byte, error){
	{"UTF-8", "UTF-16LE"}: AppendUTF8ToUTF16LE, {"UTF-8", "UTF-16BE"}: AppendUTF8ToUTF16BE,
	{"UTF-16LE", "UTF-8"}: AppendUTF16LEToUTF8, {"UTF-16BE", "UTF-8"}: AppendUTF16BEToUTF8,
	{"UTF-8", "UTF-32LE"}: AppendUTF8ToUTF32LE, {"UTF-8", "UTF-32BE"}: AppendUTF8ToUTF32BE,
	{"UTF-32LE", "UTF-8"}: AppendUTF32LEToUTF8, {"UTF-32BE", "UTF-8"}: AppendUTF32BEToUTF8,
	{"UTF-8", "ISO-8859-1"}: AppendUTF8ToLatin1,
	{"ISO-8859-1", "UTF-8"}: func(dst, src []byte) ([]byte, error) { return AppendLatin1ToUTF8(dst, src), nil },
}

// checkSlicePaths runs every slice entry point on lc under the time bound and
// returns the reference result, Converter.Append's.
func checkSlicePaths(t testing.TB, lc liveCase) result {
	t.Helper()
	var want, small, viaBytes, viaX result
	useX := lc.from == UTF8 || lc.to == UTF8
	within(t, "slice conversion "+lc.String(), len(lc.src), func() {
		c := lc.converter()
		want.out, want.err = c.Append(nil, lc.src)
		// A destination with a little room: Append must grow it itself.
		small.out, small.err = c.Append(append(make([]byte, 0, 5), "ab"...), lc.src)
		viaBytes.out, _, viaBytes.err = transform.Bytes(lc.converter(), lc.src)
		switch {
		case lc.from == UTF8:
			viaX.out, viaX.err = lc.to.WithPolicy(lc.p).WithBOM(lc.b).NewEncoder().Bytes(lc.src)
		case lc.to == UTF8:
			viaX.out, viaX.err = lc.from.WithPolicy(lc.p).WithBOM(lc.b).NewDecoder().Bytes(lc.src)
		}
	})
	if f := directFuncs[[2]string{lc.from.Name(), lc.to.Name()}]; f != nil && lc.p == utf8x.Strict && lc.b == utf8x.BOMKeep {
		var direct, directSmall result
		within(t, "direct slice function "+lc.String(), len(lc.src), func() {
			direct.out, direct.err = f(nil, lc.src)
			directSmall.out, directSmall.err = f(append(make([]byte, 0, 3), "ab"...), lc.src)
		})
		if !direct.same(want) || string(directSmall.out[:2]) != "ab" || !(result{directSmall.out[2:], directSmall.err}).same(want) {
			t.Fatalf("%v: the direct function gives %v (%v to a small buffer); Append %v", lc, direct, directSmall, want)
		}
	}
	if string(small.out[:2]) != "ab" || !(result{small.out[2:], small.err}).same(want) {
		t.Fatalf("%v: Append to a small buffer gives %v; Append(nil) %v", lc, small, want)
	}
	if !viaBytes.same(want) {
		t.Fatalf("%v: transform.Bytes gives %v; Append %v", lc, viaBytes, want)
	}
	if useX && (!sameErr(viaX.err, want.err) || want.err == nil && !bytes.Equal(viaX.out, want.out)) {
		t.Fatalf("%v: the x/text Encoder/Decoder gives %v; Append %v", lc, viaX, want)
	}
	return want
}

// checkStreamPaths feeds lc's input through transform.NewReader,
// transform.NewWriter and a hand-driven Transform, at chunk splits and
// destination sizes rng picks, each under the time bound, and compares each
// with want, the slice result.
func checkStreamPaths(t testing.TB, lc liveCase, want result, rng *rand.Rand) {
	t.Helper()
	var viaReader, viaWriter, viaDrive result
	var stuck error
	readSeed, writeSeed := rng.Uint64(), rng.Uint64()
	cuts := randomCuts(rng, len(lc.src))
	dstSize := 128 + rng.IntN(200) // room for the longest output of one unit (120 bytes)
	within(t, "stream conversion "+lc.String(), len(lc.src), func() {
		r := &chunkReader{lc.src, rand.New(rand.NewPCG(readSeed, 1))}
		viaReader.out, viaReader.err = io.ReadAll(transform.NewReader(r, lc.converter()))

		wr := rand.New(rand.NewPCG(writeSeed, 2))
		var buf bytes.Buffer
		w := transform.NewWriter(&buf, lc.converter())
		rest := lc.src
		for viaWriter.err == nil && len(rest) > 0 {
			n := min(1+wr.IntN(64), len(rest))
			_, viaWriter.err = w.Write(rest[:n])
			rest = rest[n:]
		}
		if viaWriter.err == nil {
			viaWriter.err = w.Close()
		}
		viaWriter.out = buf.Bytes()

		viaDrive.out, viaDrive.err, stuck = transformCuts(lc.converter(), lc.src, cuts, dstSize)
	})
	if stuck != nil {
		t.Fatalf("%v cut at %v, dst %d: %v", lc, cuts, dstSize, stuck)
	}
	for _, p := range []struct {
		name string
		got  result
	}{{"transform.NewReader", viaReader}, {"transform.NewWriter", viaWriter}, {fmt.Sprintf("Transform cut at %v, dst %d", cuts, dstSize), viaDrive}} {
		if !p.got.same(want) {
			t.Fatalf("%v: %s gives %v; Append %v", lc, p.name, p.got, want)
		}
	}
}

// chunkReader returns its data in chunks of random sizes, as a pipe does.
type chunkReader struct {
	data []byte
	rng  *rand.Rand
}

func (cr *chunkReader) Read(p []byte) (int, error) {
	if len(cr.data) == 0 {
		return 0, io.EOF
	}
	n := min(1+cr.rng.IntN(48), len(p), len(cr.data))
	copy(p, cr.data[:n])
	cr.data = cr.data[n:]
	return n, nil
}

// transformCuts feeds src to c in chunks ending at cuts, with a destination
// of dstSize bytes, the way transform.Reader does but with every size chosen.
// stuck reports a broken Transform contract: no progress with room to spare,
// or ErrShortSrc at the end of the input.
func transformCuts(c *Converter, src []byte, cuts []int, dstSize int) (out []byte, err, stuck error) {
	c.Reset()
	dst := make([]byte, dstSize)
	pos, end := 0, 0
	next := func() {
		for _, k := range cuts {
			if k > end && k <= len(src) {
				end = k
				return
			}
		}
		end = len(src)
	}
	next()
	for {
		atEOF := end == len(src)
		nDst, nSrc, err := c.Transform(dst, src[pos:end], atEOF)
		out = append(out, dst[:nDst]...)
		pos += nSrc
		switch {
		case err == nil && atEOF:
			return out, nil, nil
		case err == nil, err == transform.ErrShortSrc:
			if atEOF {
				return out, nil, fmt.Errorf("%v: ErrShortSrc at the end of input", c)
			}
			next()
		case err == transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				return out, nil, fmt.Errorf("%v: no progress with %d bytes of room", c, dstSize)
			}
		default:
			return out, err, nil
		}
	}
}

// hardUnits are pieces whose conversion is longest or most tangled: units of
// 6 bytes, surrogates in every form, signatures, halves of units.
var hardUnits = []string{
	"\xED\xA0\x80\xED\xB0\x80", "\xED\xA0\x80", "\xED\xB0\x80", "\xFC\x84\x80\x80\x80\x80", "\xF8\x88\x80\x80\x80",
	"\xC0\x80", "\x00", "\xFF\xFE", "\xFE\xFF", "\xFF\xFE\x00\x00", "\x00\x00\xFE\xFF", "\xEF\xBB\xBF",
	"\x00\xD8", "\xD8\x00", "\x00\xDC", "\x00\xD8\x00\xDC", "\xF4\x90\x80\x80", "\xE2\x82", "\x80", "a", "\u20AC", "\U0001F600",
	"\x00\x00\x11\x00", "\x00\xD8\x00\x00",
}

// TestLivenessHang is the input that hung Converter.Append, through every pair
// of encodings, every policy and every BOM policy, slice and stream.
func TestLivenessHang(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 1))
	encs := testEncodings()
	for i, from := range encs {
		for j, to := range encs {
			for k, p := range livePolicies {
				for l, b := range bomPolicies {
					if !testsample.Sampled(4, i, j, k, l) { // -short: a quarter
						continue
					}
					lc := liveCase{from, to, p, b, hangInput}
					checkStreamPaths(t, lc, checkSlicePaths(t, lc), rng)
				}
			}
		}
	}
}

// TestLivenessRandom strings hard units together at random and converts them
// every way.
func TestLivenessRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 2))
	rounds := 3000
	if testing.Short() {
		rounds = 500
	}
	for range rounds {
		var b []byte
		for range rng.IntN(12) {
			b = append(b, hardUnits[rng.IntN(len(hardUnits))]...)
		}
		lc := pickCase(b, uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()))
		checkStreamPaths(t, lc, checkSlicePaths(t, lc), rng)
	}
}

func addLiveSeeds(f *testing.F) {
	f.Add(hangInput, uint8(10), uint8(5), uint8(3), uint8(0), uint64(1))
	for i, s := range hardUnits {
		f.Add([]byte(s+s+"x"), uint8(i), uint8(3*i), uint8(i), uint8(i), uint64(i))
	}
}

// FuzzLivenessSlice: any input between any two encodings under any policy
// converts through Converter.Append, transform.Bytes and the x/text
// Encoder/Decoder in bounded time, with the same result.
func FuzzLivenessSlice(f *testing.F) {
	addLiveSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte, from, to, p, b uint8, _ uint64) {
		if len(src) > 4096 {
			src = src[:4096]
		}
		checkSlicePaths(t, pickCase(src, from, to, p, b))
	})
}

// FuzzLivenessStream: the same through transform.NewReader and NewWriter fed
// at random chunk splits and by hand with random destination sizes, in
// bounded time, each giving the slice conversion's result.
func FuzzLivenessStream(f *testing.F) {
	addLiveSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte, from, to, p, b uint8, seed uint64) {
		if len(src) > 4096 {
			src = src[:4096]
		}
		lc := pickCase(src, from, to, p, b)
		checkStreamPaths(t, lc, checkSlicePaths(t, lc), rand.New(rand.NewPCG(seed, 3)))
	})
}

// TestLivenessDirect: the direct slice functions against Append, on the same
// kind of input, for every pair that has one.
func TestLivenessDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 3))
	byName := map[string]Encoding{}
	for _, e := range testEncodings() {
		byName[e.Name()] = e
	}
	rounds := 2000
	if testing.Short() {
		rounds = 300
	}
	for pair := range directFuncs {
		for range rounds {
			var b []byte
			for range rng.IntN(12) {
				b = append(b, hardUnits[rng.IntN(len(hardUnits))]...)
			}
			checkSlicePaths(t, liveCase{byName[pair[0]], byName[pair[1]], utf8x.Strict, utf8x.BOMKeep, b})
		}
	}
}
