package mojibake

import (
	"bytes"
	"fmt"
	"math/rand"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// transformerChanges is the reference for Fix: a Transformer of its own,
// fed in with Report set, in one call to Transform.
func transformerChanges(in []byte, o Options) ([]byte, []Change) {
	var cs []Change
	tr := NewTransformer(o)
	tr.Report = func(c Change) { cs = append(cs, c) }
	dst := make([]byte, len(in)+maxWindow)
	n, _, err := tr.Transform(dst, in, true)
	if err != nil {
		panic(err)
	}
	return dst[:n], cs
}

// sameAsTransformer checks that Fix returns for in what the reference does
// (the same output, the same changes field by field) and that its changes
// hold their texts, lines and columns counted independently (checkChanges),
// each with a chain of its own.
func sameAsTransformer(t *testing.T, name string, in []byte, o Options) int {
	t.Helper()
	keep := bytes.Clone(in)
	var out []byte
	var cs []Change
	if reflect.DeepEqual(o, Options{}) {
		out, cs = Fix(in) // (the options of the call before must not stay)
	} else {
		out, cs = Fix(in, o)
	}
	if !bytes.Equal(in, keep) {
		t.Fatalf("%s: Fix wrote into its input", name)
	}
	want, wantCs := transformerChanges(in, o)
	if len(wantCs) == 0 {
		want = in
	}
	if !bytes.Equal(out, want) {
		t.Fatalf("%s: output differs from the Transformer's", name)
	}
	if len(cs) != len(wantCs) {
		t.Fatalf("%s: %d changes, the Transformer reports %d", name, len(cs), len(wantCs))
	}
	for i := range cs {
		if !reflect.DeepEqual(cs[i], wantCs[i]) {
			t.Fatalf("%s: change %d:\n got  %+v\n want %+v", name, i, cs[i], wantCs[i])
		}
		if cap(cs[i].Chain) != len(cs[i].Chain) {
			t.Fatalf("%s: change %d: its chain has room for %d, another's", name, i, cap(cs[i].Chain))
		}
	}
	checkChanges(t, in, out, cs)
	checkChanges(t, in, want, wantCs)
	if o.Explain {
		checkScoresExplained(t, name, in, cs)
	} else {
		checkScores(t, name, in, cs)
	}
	// FixString, whose texts are slices of its input and output.
	str, strCs := FixString(string(in), o)
	if len(strCs) == 0 && str != string(in) {
		t.Fatalf("%s: FixString changed nothing but returned another string", name)
	}
	if str != string(out) || !reflect.DeepEqual(strCs, cs) {
		t.Fatalf("%s: FixString differs from Fix", name)
	}
	// Each change's chain is its own: writing one changes no other.
	for i := range cs {
		for j := range cs[i].Chain {
			cs[i].Chain[j] ^= 0x80
		}
	}
	for i := range cs {
		for j := range cs[i].Chain {
			if cs[i].Chain[j]^0x80 != wantCs[i].Chain[j] {
				t.Fatalf("%s: change %d: its chain shares an array with another's", name, i)
			}
		}
	}
	return len(cs)
}

// TestFixMatchesTransformer holds Fix's output and changes to the
// Transformer's with Report, on the mangled corpus texts of
// BenchmarkFixMangledCorpus, on the stream test's text, and on random
// splices of mangled sentences with lines of random misread characters,
// calls of several options in a row (Fix reuses its scratch space from
// call to call).
func TestFixMatchesTransformer(t *testing.T) {
	opts := []Options{{}, {NoLossy: true}, {Codepages: []Codepage{Windows1251}}, {Explain: true}}
	total := 0
	names, texts := corpusInputs(t, "lipsum/*.utf8.txt", "wikipedia_mars/*.utf8.txt")
	for i, name := range names {
		data := texts[i]
		for _, e := range []Codepage{Windows1252, Windows1251} {
			m := misreadBytes(e)(data)
			total += sameAsTransformer(t, fmt.Sprintf("%s as %v", filepath.Base(name), e), m, Options{})
			total += sameAsTransformer(t, fmt.Sprintf("%s as %v, explained", filepath.Base(name), e), m, Options{Explain: true})
		}
	}
	total += sameAsTransformer(t, "stream text", streamText(t), Options{})
	total += sameAsTransformer(t, "stream text, explained", streamText(t), Options{Explain: true})

	ss := sentences(t, 4)
	var mangled []string
	for _, s := range ss {
		for _, m := range manglers() {
			if ms, ok := m.f(s); ok {
				mangled = append(mangled, ms)
			}
		}
	}
	pool := decodedPool()
	rng := rand.New(rand.NewSource(34))
	rounds := 400
	if testing.Short() {
		rounds = 50
	}
	for r := range rounds {
		var b []byte
		for range 1 + rng.Intn(40) {
			switch rng.Intn(6) {
			case 0:
				// Random misread characters and ASCII: lines the judges
				// refuse in part.
				for range rng.Intn(30) {
					if rng.Intn(3) == 0 {
						b = append(b, " eaé\t."[rng.Intn(6)])
					} else {
						b = utf8.AppendRune(b, pool[rng.Intn(len(pool))])
					}
				}
			case 1:
				b = append(b, "\xff\x00\r"[rng.Intn(3)]) // bytes that make a window binary
			default:
				m := mangled[rng.Intn(len(mangled))]
				i := rng.Intn(len(m) + 1)
				j := i + rng.Intn(len(m)-i+1)
				if rng.Intn(2) == 0 {
					i, j = 0, len(m)
				}
				b = append(b, m[i:j]...)
			}
			if rng.Intn(3) > 0 {
				b = append(b, '\n')
			}
		}
		if rng.Intn(20) == 0 {
			// A line longer than a window, cut inside.
			b = append(b, strings.Repeat(mangled[rng.Intn(len(mangled))], 1+maxWindow/20)...)
		}
		total += sameAsTransformer(t, fmt.Sprintf("random %d %q", r, b), b, opts[rng.Intn(len(opts))])
	}
	if total == 0 {
		t.Fatal("no change made: the test tests nothing")
	}
	t.Logf("%d changes compared", total)
}

// TestFixStringMatchesFix holds FixString to Fix: the same text and
// changes, and the string itself when nothing changed.
func TestFixStringMatchesFix(t *testing.T) {
	for _, s := range []string{"", "plain", "cafÃ© crÃ¨me\nÐŸÑ€Ð¸Ð²ÐµÑ‚", string(streamText(t))} {
		out, cs := Fix([]byte(s))
		got, gotCs := FixString(s)
		if got != string(out) || !reflect.DeepEqual(gotCs, cs) {
			t.Fatalf("FixString(%.40q) differs from Fix", s)
		}
		if len(cs) == 0 && (len(s) > 0 && unsafe.StringData(got) != unsafe.StringData(s)) {
			t.Fatalf("FixString(%.40q) changed nothing but returned a copy", s)
		}
	}
}

// scoredAround returns the characters around change c of in, as the fixer
// saw them on c's line (none at the line's edges); not ok for a line of a
// window or longer, cut into windows the stretch may not see past.
func scoredAround(in []byte, c Change) (prev, next rune, ok bool) {
	ls := bytes.LastIndexByte(in[:c.InStart], '\n') + 1
	le := len(in)
	if k := bytes.IndexByte(in[c.InEnd:], '\n'); k >= 0 {
		le = int(c.InEnd) + k
	}
	if le-ls >= maxWindow {
		return none, none, false
	}
	prev, next = none, none
	if int(c.InStart) > ls {
		prev, _ = utf8.DecodeLastRune(in[ls:c.InStart])
	}
	if int(c.InEnd) < len(in) {
		next, _ = utf8.DecodeRune(in[c.InEnd:])
	}
	return prev, next, true
}

// checkScoresExplained is checkScores for changes made with
// Options.Explain: the stretch as found scored up to 64 past its repair,
// less the repair's badness; a change the model of real text made instead
// scores its unseen pairs (UnseenBefore less UnseenAfter), and one undone
// twice to text the cost model finds as
// clean as found scores 1.
func checkScoresExplained(t *testing.T, name string, in []byte, cs []Change) {
	t.Helper()
	for _, c := range cs {
		prev, next, ok := scoredAround(in, c)
		if !ok {
			continue
		}
		after := badness(prev, []rune(c.New), next)
		lim := after + explainScore
		b := badnessUpTo(prev, []rune(c.Old), next, lim)
		switch {
		case b < lim && c.Score == b-after:
		case b >= lim && c.Score >= explainScore:
		case c.Score == c.UnseenBefore-c.UnseenAfter:
		case c.Score == 1 && b == after:
		default:
			t.Fatalf("%s: change %+v: score %d, the cost model scores %d (up to %d) less %d", name, c, c.Score, b, lim, after)
		}
	}
}

// checkScores checks the Score of each change on a line shorter than a
// window (a window of its own) by the cost model, from the change's texts
// and the characters around it on the line: the stretch as found less its
// repair, or a lower bound of it, at least 1 (Change: counted as far as the
// decision needed). A change the model of real text made where the cost
// model gains nothing scores its unseen pairs (at least UnseenBefore less
// UnseenAfter, which is counted to UnseenAfter+2 only), and one undone
// twice to text the cost model finds as clean as found scores 1.
func checkScores(t *testing.T, name string, in []byte, cs []Change) {
	t.Helper()
	for _, c := range cs {
		if c.UnseenBefore > c.UnseenAfter+2 {
			t.Fatalf("%s: change %+v: unseen pairs %d -> %d, counted past UnseenAfter+2", name, c, c.UnseenBefore, c.UnseenAfter)
		}
		prev, next, ok := scoredAround(in, c)
		if !ok {
			continue
		}
		gain := badness(prev, []rune(c.Old), next) - badness(prev, []rune(c.New), next)
		switch {
		case c.Score == gain:
		case c.Score >= 1 && c.Score < gain:
		case gain <= 0 && c.Score >= c.UnseenBefore-c.UnseenAfter:
		case gain == 0 && c.Score == 1:
		default:
			t.Fatalf("%s: change %+v: score %d, the cost model gains %d", name, c, c.Score, gain)
		}
	}
}

// TestFixConcurrent calls Fix and FixString from several goroutines at
// once, each its own texts and options (Fix's scratch space comes from a
// pool): each must get what a call alone gets.
func TestFixConcurrent(t *testing.T) {
	ss := sentences(t, 2)
	var texts [][]byte
	for i, s := range ss {
		ms := manglers()
		if m, ok := ms[i%len(ms)].f(s); ok {
			texts = append(texts, []byte(m+"\n"+s))
		}
	}
	opts := []Options{{}, {NoLossy: true}, {Codepages: []Codepage{Windows1252}}}
	type result struct {
		out string
		cs  []Change
	}
	want := make([]result, len(texts))
	for i, p := range texts {
		out, cs := Fix(p, opts[i%len(opts)])
		want[i] = result{string(out), cs}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range texts {
				i := (k*7 + g*13) % len(texts)
				var got result
				if g%2 == 0 {
					out, cs := Fix(texts[i], opts[i%len(opts)])
					got = result{string(out), cs}
				} else {
					got.out, got.cs = FixString(string(texts[i]), opts[i%len(opts)])
				}
				if got.out != want[i].out || !reflect.DeepEqual(got.cs, want[i].cs) {
					errs <- fmt.Sprintf("goroutine %d, text %d: differs from a call alone", g, i)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
