package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// genReader streams a synthetic input never held whole: a pattern repeated,
// with bad inserted at output offset errAt (when errAt < size), size bytes
// in all.
type genReader struct {
	pat        []byte
	block      []byte // the pattern repeated, a whole number of times
	bad        []byte
	errAt      int64
	size, off  int64
	badWritten int
}

func newGenReader(pat string, bad string, errAt, size int64) *genReader {
	block := bytes.Repeat([]byte(pat), (64<<10)/len(pat)+1)
	return &genReader{pat: []byte(pat), block: block, bad: []byte(bad), errAt: errAt, size: size}
}

func (g *genReader) Read(p []byte) (int, error) {
	if g.off >= g.size {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), g.size-g.off)]
	n := 0
	for n < len(p) {
		if g.off == g.errAt+int64(g.badWritten) && g.badWritten < len(g.bad) {
			k := copy(p[n:], g.bad[g.badWritten:])
			g.badWritten += k
			n += k
			g.off += int64(k)
			continue
		}
		// The pattern's offset: the output's, less the bad bytes before it.
		po := g.off - int64(g.badWritten)
		end := len(p)
		if g.off < g.errAt {
			end = min(end, n+int(g.errAt-g.off))
		}
		phase := int(po % int64(len(g.pat)))
		k := copy(p[n:end], g.block[phase:])
		n += k
		g.off += int64(k)
	}
	return n, nil
}

// expectedFirst is the reference: the offset, line and column (from 0) of
// the first error in newGenReader(pat, bad, errAt, size)'s stream, found from
// the pattern's period, and whether there is one. pat must be valid UTF-8.
func expectedFirst(pat, bad string, errAt, size int64) (off int64, line, col int64, ok bool) {
	L := int64(len(pat))
	// The first error is at errAt, unless errAt (or the end, when the
	// input stops first) cuts a character: then at that character.
	at := min(errAt, size)
	start := at - at%L
	for i := 0; i < len(pat); {
		_, n := utf8.DecodeRuneInString(pat[i:])
		if start+int64(i) <= at && at < start+int64(i+n) {
			if start+int64(i) < at {
				at = start + int64(i) // a truncated character
			}
			break
		}
		i += n
	}
	if at == size && errAt >= size {
		return 0, 0, 0, false // ends on a character: valid
	}
	if at == errAt && bad == "" {
		return 0, 0, 0, false
	}
	q, r := at/L, int(at%L)
	lfs := int64(bytes.Count([]byte(pat), []byte("\n")))
	line = q*lfs + int64(bytes.Count([]byte(pat[:r]), []byte("\n")))
	switch i := bytes.LastIndexByte([]byte(pat[:r]), '\n'); {
	case i >= 0:
		col = int64(utf8.RuneCountInString(pat[i+1 : r]))
	case lfs > 0 && q > 0:
		last := bytes.LastIndexByte([]byte(pat), '\n')
		col = int64(utf8.RuneCountInString(pat[last+1:]) + utf8.RuneCountInString(pat[:r]))
	default:
		col = q*int64(utf8.RuneCountInString(pat)) + int64(utf8.RuneCountInString(pat[:r]))
	}
	return at, line, col, true
}

var errFirstFound = errors.New("first error found")

// enginePositions places the first error of the stream gen makes by every
// engine the tool has: check's stream, convert's and fix's streams, and the
// reading again of an input up to an error (convert and fix on a file). It
// fails unless all agree with want.
func enginePositions(t *testing.T, name string, gen func() io.Reader, wantOff, wantLine, wantCol int64) {
	t.Helper()
	type placed struct {
		off       int64
		line, col int64 // from 1
	}
	want := placed{wantOff, wantLine + 1, wantCol + 1}
	var got []placed
	var names []string
	// check: the first error it lists.
	var first *checkError
	_, err := checkStream(gen(), name, checkOptions{}, func(e *checkError) error {
		c := *e
		first = &c
		return errFirstFound
	}, nil)
	if first == nil {
		t.Fatalf("%s: check found no error (%v)", name, err)
	}
	got, names = append(got, placed{first.Offset, int64(first.Line), int64(first.Column)}), append(names, "check")
	// convert's stream, its position kept on the way.
	pos := newSourcePosition(transcode.UTF8)
	c := transcode.NewConverter(transcode.UTF8, transcode.UTF16LE, utf8x.Strict, utf8x.BOMKeep)
	err = pump(io.Discard, "", gen(), name, c, pos.advance, defaultBlockSize)
	var te *transcode.Error
	if !errors.As(err, &te) {
		t.Fatalf("%s: convert: %v, want a strict error", name, err)
	}
	l, col := pos.Pos()
	got, names = append(got, placed{int64(te.Offset), int64(l + 1), int64(col + 1)}), append(names, "convert stream")
	// convert and fix on a file: the input read again up to the error.
	again, err := positionIn(gen(), name, transcode.UTF8, int64(te.Offset))
	if err != nil {
		t.Fatal(err)
	}
	l, col = again.Pos()
	got, names = append(got, placed{int64(te.Offset), int64(l + 1), int64(col + 1)}), append(names, "read again")
	// fix's stream.
	var fp utf8x.PositionCounter
	err = pump(io.Discard, "", gen(), name, utf8x.NewTransformer(utf8x.Strict, utf8x.BOMKeep), func(b []byte) { fp.Write(b) }, defaultBlockSize)
	var ue *utf8x.Error
	if !errors.As(err, &ue) {
		t.Fatalf("%s: fix: %v, want a strict error", name, err)
	}
	l, col = fp.Pos()
	got, names = append(got, placed{int64(ue.Offset), int64(l + 1), int64(col + 1)}), append(names, "fix stream")
	for i, g := range got {
		if g != want {
			t.Errorf("%s: %s places the first error at byte %d, %d:%d; want byte %d, %d:%d",
				name, names[i], g.off, g.line, g.col, want.off, want.line, want.col)
		}
	}
}

// TestPositionEnginesAgree: check, convert and fix place the first error of
// synthetic inputs alike, and where the pattern says, at sizes up to several
// GB (streamed, never stored), errors put at, just before and just after
// block (64 KiB, 1 MiB) boundaries and deep in the input. Short mode stops at
// 4 MiB; UTF8X_POSITION_MAX (bytes) sets the cap otherwise (fullPositionLimit:
// 3.3 GB, 256 MiB in the purego build, whose portable kernels would take
// minutes over the deep cases and whose position code is the same).
func TestPositionEnginesAgree(t *testing.T) {
	limit := int64(fullPositionLimit)
	if testing.Short() {
		limit = 4 << 20
	}
	if s := os.Getenv("UTF8X_POSITION_MAX"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("UTF8X_POSITION_MAX: %v", err)
		}
		limit = n
	}
	pats := []string{"abcdé€😀 xyz", "a😀\nbc€é\n😀😀x\n", "\n", "é€😀abc"}
	bads := []string{"\xE9", "\xE2\x82", "\xFF", "\xED\xA0\x80", "\xF0\x9F\x98"}
	// Where errors go: near the boundaries of blocks and ranges, and deep.
	type place struct{ at, d int64 }
	var places []place
	for _, b := range []int64{0, 64 << 10, 1 << 20, 3 << 20, 50_000_000, 1 << 31, 3_000_000_000} {
		for d := int64(-5); d <= 5; d++ {
			if b+d >= 0 {
				places = append(places, place{b + d, d})
			}
		}
	}
	i := 0
	for _, pl := range places {
		at := pl.at
		for _, pat := range pats {
			i++
			bad := bads[i%len(bads)]
			// An error inside the input, and one cut by its end (head -c).
			for _, c := range []struct{ errAt, size int64 }{{at, at + 100}, {1 << 62, at}} {
				if c.size > limit || c.size == 0 {
					continue
				}
				// Deep in the input (each costs a pass of every engine),
				// two places near each boundary only.
				if c.size > 8<<20 && pl.d != -1 && pl.d != 2 {
					continue
				}
				// Past 1 GiB (2^31 and 3e9, where 32-bit counts would
				// wrap), one case each: the first pattern, the error
				// inside the input, just before the boundary.
				if c.size > 1<<30 && (pat != pats[0] || c.errAt == 1<<62 || pl.d != -1) {
					continue
				}
				off, line, col, ok := expectedFirst(pat, bad, c.errAt, c.size)
				if !ok {
					continue
				}
				name := fmt.Sprintf("%q with %X at %d, %d bytes", pat, bad, c.errAt, c.size)
				gen := func() io.Reader { return newGenReader(pat, bad, c.errAt, c.size) }
				enginePositions(t, name, gen, off, line, col)
				if c.size > 8<<20 {
					t.Logf("%s: all engines at byte %d, %d:%d", name, off, line+1, col+1)
				}
			}
		}
	}
}

// The generator makes what it says: checked against a stored copy.
func TestGenReader(t *testing.T) {
	for _, c := range []struct {
		pat, bad    string
		errAt, size int64
	}{{"ab€", "\xFF", 4, 20}, {"ab€", "\xFF\xFE", 0, 7}, {"ab€", "\xFF", 100, 9}, {"😀x", "\xE9", 200_000, 300_000}} {
		var want []byte
		for int64(len(want)) < c.size+int64(len(c.bad))+int64(len(c.pat)) {
			if int64(len(want)) == c.errAt {
				want = append(want, c.bad...)
			}
			for i := 0; i < len(c.pat); i++ {
				if int64(len(want)) == c.errAt {
					want = append(want, c.bad...)
				}
				want = append(want, c.pat[i])
			}
		}
		want = want[:c.size]
		got, err := io.ReadAll(newGenReader(c.pat, c.bad, c.errAt, c.size))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%+v: generated %d bytes (%v), want %d; equal %v", c, len(got), err, len(want), bytes.Equal(got, want))
		}
	}
}

var placeRE = regexp.MustCompile(`:(\d+):(\d+): `)

// firstPlace returns the first LINE:COL in a message.
func firstPlace(msg string) string {
	m := placeRE.FindStringSubmatch(msg)
	if m == nil {
		return ""
	}
	return m[1] + ":" + m[2]
}

// TestCLIPositionsAgree: through the tool, on files (read straight, in
// ranges with -j 1 and -j 2, and from standard input), check, convert and
// fix --invalid strict place the first error at the same LINE:COL, including
// deep in files a little over 1 MiB reads, the error near their boundaries.
func TestCLIPositionsAgree(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(31, 32))
	inputs := map[string][]byte{}
	for i := range 6 {
		inputs[fmt.Sprintf("mix%d", i)] = append([]byte("start\n"), interesting(rng, 200+rng.IntN(2000))...)
	}
	for _, at := range []int64{1<<20 - 2, 1<<20 + 1, 2<<20 + 3, 64<<10 - 1} {
		for j, pat := range []string{"abcdé€😀 xyz", "a😀\nbc€é\n😀😀x\n", "é€😀abc"} {
			g, err := io.ReadAll(newGenReader(pat, "\xE9", at, at+50))
			if err != nil {
				t.Fatal(err)
			}
			inputs[fmt.Sprintf("deep%d-%d", at, j)] = g
			g, err = io.ReadAll(newGenReader(pat, "", 1<<62, at)) // cut as head -c cuts
			if err != nil {
				t.Fatal(err)
			}
			inputs[fmt.Sprintf("cut%d-%d", at, j)] = append(g, "caf\xE9"...)
		}
	}
	for name, in := range inputs {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, in, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runTool("check", "-j", "1", "--range-size", "-1", path)
		want := firstPlace(out)
		if code != 1 || want == "" {
			t.Fatalf("%s: check: status %d, %q %q", name, code, out, errOut)
		}
		runs := [][]string{
			{"check", "-j", "1", path},
			{"check", "-j", "2", path},
			{"check", "-j", "2", "--range-size", "4096", path},
			{"check", "-j", "1", "--range-size", "1000", path},
			{"check", "-"},
		}
		for _, cmd := range [][]string{{"convert", "-f", "utf-8", "-t", "utf-16le"}, {"fix", "--invalid", "strict"}} {
			for _, j := range [][]string{{"-j", "1"}, {"-j", "2"}, {"-j", "2", "--range-size", "4096"}, {"-j", "1", "--range-size", "-1"}} {
				runs = append(runs, append(append(append([]string{}, cmd...), j...), path))
			}
			runs = append(runs, append(append([]string{}, cmd...), "-"))
		}
		for _, args := range runs {
			var o, e bytes.Buffer
			code := run(args, bytes.NewReader(in), &o, &e)
			msg := e.String()
			if args[0] == "check" {
				msg = o.String()
			}
			if got := firstPlace(msg); code != 1 || got != want {
				t.Errorf("%s: %v: status %d, first error at %q; check says %q\n%s", name, args, code, got, want, msg)
			}
		}
	}
}

var atByteRE = regexp.MustCompile(`:(\d+):(\d+): .*at byte (\d+)`)

// TestFormPositionsAgree: for the forms check --encoding validates, convert
// -f FORM (a file, read again, and standard input, counted on the way)
// places an error where check does when both stop at the same byte. Decoders
// hold back a WTF-8 lead surrogate until they see what follows; it is one
// character before the error all the same.
func TestFormPositionsAgree(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(33, 34))
	pieces := []string{"a", "\n", "é", "€", "\xED\xA0\xBD\xED\xB8\x80", "😀", "\xC0\x80", "\xED\xA0\x80",
		"\xFF", "\xE2\x82", "\xED\xB0\x80", "\xF8\x88\x80\x80\x80"}
	compared := 0
	for i := range 40 {
		in := []byte("start\n")
		for range 5 + rng.IntN(60) {
			in = append(in, pieces[rng.IntN(len(pieces))]...)
		}
		path := filepath.Join(dir, fmt.Sprint(i))
		if err := os.WriteFile(path, in, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, form := range []string{"cesu-8", "mutf-8", "wtf-8", "utf-8-legacy", "utf-8"} {
			_, out, _ := runTool("check", "--encoding", form, path)
			want := atByteRE.FindStringSubmatch(out)
			if want == nil {
				continue
			}
			for _, stdin := range []bool{false, true} {
				args := []string{"convert", "-f", form, "-t", "utf-16le", path}
				r := io.Reader(bytes.NewReader(nil))
				if stdin {
					args[len(args)-1], r = "-", bytes.NewReader(in)
				}
				var o, e bytes.Buffer
				run(args, r, &o, &e)
				got := atByteRE.FindStringSubmatch(e.String())
				if got == nil || got[3] != want[3] {
					continue // stopped elsewhere (a character UTF-16 cannot hold)
				}
				compared++
				if got[1] != want[1] || got[2] != want[2] {
					t.Errorf("%s, %q: convert (stdin %v) places the error at byte %s on %s:%s; check on %s:%s",
						form, in, stdin, got[3], got[1], got[2], want[1], want[2])
				}
			}
		}
	}
	if compared < 200 {
		t.Fatalf("only %d errors compared", compared)
	}
}
