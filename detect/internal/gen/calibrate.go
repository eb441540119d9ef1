package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"

	"github.com/utf8x/utf8x/detect/internal/model"
)

// sampleLengths are the byte lengths samples are cut to.
var sampleLengths = []int{16, 32, 64, 128, 256, 1024}

// samplesPerCase is how many samples each encoding, language and length
// gets (tests use fewer).
var samplesPerCase = 30

type sample struct {
	bytes  []byte
	text   string
	length int
	enc    string
	mixed  bool
	source string // "pages", "catalogs" or "mixed"
}

// heldText is one language's held-out text by source: the lines of its
// manual pages (running prose) and of its catalogs (short messages).
type heldText struct{ pages, catalogs []string }

// add adds a held-out line of a manual page (page) or catalog, up to
// maxHeldOut bytes of each.
func (h *heldText) add(page bool, line string) {
	to := &h.catalogs
	if page {
		to = &h.pages
	}
	if size(*to) < maxHeldOut {
		*to = append(*to, line)
	}
}

func size(lines []string) int {
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	return n
}

// minSource is the least held-out text a source needs to give samples of
// its own (less would give the same lines over and over).
const minSource = 8 << 10

// mixedText interleaves the lines of a language with English ones, one
// after every second line: text in other scripts quotes English names,
// commands and addresses, and the detector must not take their ASCII
// letters for evidence against the script.
func mixedText(lines, english []string) string {
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
		if len(english) > 0 && i%2 == 1 {
			b.WriteString(english[i/2%len(english)])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// heldOutSamples encodes held-out text of each language into each encoding
// that carries it and cuts it at character boundaries to every sample
// length, from up to three sources, each giving its own samples: the
// language's manual pages, its catalogs, and both mixed with English
// catalog lines (not for English itself). Real text is of many kinds;
// a calibration fitted on one of them fits that one.
func heldOutSamples(heldOut map[string]*heldText, english []string) []sample {
	var out []sample
	names := []string{"pages", "catalogs", "mixed"}
	sources := []func(tag string, h *heldText) (string, bool){
		func(_ string, h *heldText) (string, bool) { return strings.Join(h.pages, "\n"), false },
		func(_ string, h *heldText) (string, bool) { return strings.Join(h.catalogs, "\n"), false },
		func(tag string, h *heldText) (string, bool) {
			if tag == "en" {
				return "", true
			}
			return mixedText(append(append([]string{}, h.pages...), h.catalogs...), english), true
		},
	}
	for i, src := range sources {
		set := heldOutSet(heldOut, src)
		for j := range set {
			set[j].source = names[i]
		}
		out = append(out, set...)
	}
	return out
}

// utf16Targets are UTF-16 without a byte order mark as targets of held-out
// samples: text without NUL bytes in UTF-16 (CJK, mostly) is told from the
// legacy encodings by statistics too, so its answers need calibrating like
// theirs. Languages not written in Latin letters are tried; samples with
// a NUL byte are left out (structure decides those).
var utf16Targets = func() []*model.Encoding {
	var all []string
	for _, lg := range languages {
		if lg.cjk || nonLatin[lg.tag] {
			all = append(all, lg.tag)
		}
	}
	return []*model.Encoding{
		{Name: "utf-16le", Enc: unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), Langs: all},
		{Name: "utf-16be", Enc: unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), Langs: all},
	}
}()

func heldOutSet(heldOut map[string]*heldText, source func(string, *heldText) (string, bool)) []sample {
	var out []sample
	for _, e := range append(append([]*model.Encoding{}, model.Encodings...), utf16Targets...) {
		enc := e.Enc.NewEncoder()
		wide := e.Table == nil && strings.HasPrefix(e.Name, "utf-16")
		for _, tag := range e.Langs {
			h := heldOut[tag]
			if h == nil {
				continue
			}
			text, mixed := source(tag, h)
			if len(text) < minSource {
				continue
			}
			runes := []rune(text)
			for _, n := range sampleLengths {
				got := 0
				for start := 0; start < len(runes) && got < samplesPerCase; start += len(runes)/(samplesPerCase*3) + 1 {
					b, k, ok := encodePrefix(enc, len(runes)-start, n, func(j int) string { return string(runes[start+j]) })
					i := start + k
					if !ok || len(b) < n-3 || !nonASCII(b) || wide && bytes.IndexByte(b, 0) >= 0 {
						continue
					}
					out = append(out, sample{b, string(runes[start:i]), n, e.Name + "/" + tag, mixed, ""})
					got++
				}
			}
		}
	}
	return out
}

// encodePrefix encodes the pieces piece(0), piece(1), ... of n one after
// the other while they fit in limit bytes, and returns the bytes and how
// many pieces they hold; ok is false when a piece does not encode.
func encodePrefix(enc *encoding.Encoder, n, limit int, piece func(int) string) (b []byte, k int, ok bool) {
	for ; k < n; k++ {
		eb, err := enc.String(piece(k))
		if err != nil {
			return b, k, false
		}
		if len(b)+len(eb) > limit {
			break
		}
		b = append(b, eb...)
	}
	return b, k, true
}

func nonASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// right reports whether s decodes the sample to its text.
func right(s model.Scored, smp sample) bool {
	for _, name := range append([]string{s.Name}, s.Equiv...) {
		if t, ok := model.Decode(name, smp.bytes); ok && t == smp.text {
			return true
		}
	}
	return false
}

type scoredSample struct {
	costs []float64
	ok    []bool
	n     int
	text  [3]float64 // TextFeatures of the best reading
	tag   string     // the sample's language
	mixed bool
}

// rankSample ranks a whole sample p as the detector does: on the
// statistics window (model.Window), which it returns.
func rankSample(m *model.Model, p []byte) ([]model.Scored, []byte) {
	w, contiguous := model.Window(p)
	return m.RankWindow(w, nil, contiguous && len(w) == len(p), contiguous), w
}

// rankAll ranks every sample under m and returns what calibration needs.
func rankAll(m *model.Model, smps []sample, every int) (ss []scoredSample, right int) {
	for i := 0; i < len(smps); i += every {
		smp := smps[i]
		ranked, w := rankSample(m, smp.bytes)
		s := scoredSample{n: len(w), mixed: smp.mixed}
		_, s.tag, _ = strings.Cut(smp.enc, "/")
		for _, r := range ranked {
			if r.Cost >= 1e17 {
				continue
			}
			s.costs = append(s.costs, r.Cost)
			s.ok = append(s.ok, right1(r, smp))
		}
		if len(s.ok) > 0 && s.ok[0] {
			right++
		}
		ss = append(ss, s)
	}
	return ss, right
}

func right1(s model.Scored, smp sample) bool { return right(s, smp) }

// calibrate fits, on held-out samples, the weight of ASCII letters (most
// right answers), each language's typical cost per non-ASCII character, the
// temperature that makes the candidates' probabilities best predict which
// reading is right (least log loss), and the text model that tells text
// from byte salad; it prints the held-out accuracy and calibration.
//
// The share of runs of ASCII letters quoted from other text (see
// quotedRunCost; runShare holds each language's own share) is fitted with
// the weight of ASCII letters, for the most right answers; calibrate
// returns it with the calibration.
func calibrate(m *model.Model, heldOut map[string]*heldText, english []string, runShare map[string]float64, natFit, natTest []naturalDoc) (model.Calibration, float64) {
	smps := heldOutSamples(heldOut, english)
	setQuote := func(q float64) {
		for _, l := range m.Langs {
			l.ASCIICost = int(quotedRunCost(runShare[l.Tag], q))
		}
	}
	bestRight, w, quote := -1, 0.0, 0.0
	for _, q := range []float64{0, 0.125, 0.25, 0.5} {
		setQuote(q)
		for _, lw := range []float64{0, 0.125, 0.25, 0.5, 1} {
			m.LetterWeight = lw
			_, r := rankAll(m, smps, 5)
			if r > bestRight {
				bestRight, w, quote = r, lw, q
			}
			fmt.Printf("quoted runs %.3f, letter weight %.3f: %d right of every fifth held-out sample\n", q, lw, r)
		}
	}
	// The weight of the ASCII words' evidence of the language (Words),
	// then the letter weight again under it: both weigh ASCII letters.
	// Of the weights, the smallest within a thousandth of the samples of
	// the most right answers: a larger weight's few more right answers are
	// noise, and its evidence grows with every ASCII letter, so that long
	// text quoting English (the mixed samples) pays for it.
	ww := 0.0
	setQuote(quote)
	m.LetterWeight = w
	weights := []float64{0.125, 0.25, 0.5, 1}
	rights := make([]int, len(weights))
	most, scored := bestRight, 0
	for i, wt := range weights {
		m.WordWeight = wt
		ss, r := rankAll(m, smps, 5)
		rights[i], scored = r, len(ss)
		most = max(most, r)
		fmt.Printf("quoted runs %.3f, letter weight %.3f, word weight %.3f: %d right of every fifth held-out sample\n", quote, w, wt, r)
	}
	for i, wt := range weights {
		if rights[i] > bestRight && rights[i]*1000 >= most*1000-scored {
			bestRight, ww = rights[i], wt
			break
		}
	}
	if ww != 0 {
		m.WordWeight = ww
		for _, lw := range []float64{0, 0.125, 0.25, 0.5, 1} {
			if lw == w {
				continue
			}
			m.LetterWeight = lw
			_, r := rankAll(m, smps, 5)
			if r > bestRight {
				bestRight, w = r, lw
			}
			fmt.Printf("quoted runs %.3f, letter weight %.3f, word weight %.3f: %d right of every fifth held-out sample\n", quote, lw, ww, r)
		}
	}
	m.LetterWeight, m.WordWeight = w, ww
	// The weight of the case of letters (Lang.Case): 1 would be its
	// likelihood as trained, but the bigrams it joins are no more
	// independent of it than of each other. A fixed judgement, half, not
	// fitted: on the held-out samples the weights 0.25 to 1 differ by a
	// few answers in twelve thousand (printed below), noise that moved the
	// pick from run to run, while the calibration of whole documents with
	// upper-case headings (a manual page's DESCRIÇÃO) moved with it.
	for _, c := range []float64{0, 0.25, 0.5, 1} {
		m.CaseWeight = c
		_, r := rankAll(m, smps, 5)
		fmt.Printf("case weight %.3f: %d right of every fifth held-out sample\n", c, r)
	}
	m.CaseWeight = 0.5
	// Typical costs per non-ASCII character: of the right top readings of
	// the plain samples of 64 bytes and more.
	sum, cnt := map[string]float64{}, map[string]float64{}
	for _, smp := range smps {
		if smp.mixed || smp.length < 64 {
			continue
		}
		ranked, _ := rankSample(m, smp.bytes)
		if len(ranked) == 0 || ranked[0].Lang == nil || ranked[0].High == 0 || !right(ranked[0], smp) {
			continue
		}
		_, tag, _ := strings.Cut(smp.enc, "/")
		if ranked[0].Lang.Tag == tag {
			sum[tag] += ranked[0].HighCost / float64(ranked[0].High)
			cnt[tag]++
		}
	}
	for _, l := range m.Langs {
		l.Typical = 40
		if cnt[l.Tag] > 0 {
			l.Typical = math.Round(sum[l.Tag]/cnt[l.Tag]*100) / 100
		}
	}
	var ss []scoredSample
	correct := map[int][2]int{}
	correctMixed := map[int][2]int{}
	confusion := map[string]int{}
	for _, smp := range smps {
		s, ranked := scoreSample(m, smp)
		cm := correct
		if smp.mixed {
			cm = correctMixed
		}
		c := cm[smp.length]
		c[1]++
		if len(s.ok) > 0 && s.ok[0] {
			c[0]++
		} else if len(ranked) > 0 && smp.length >= 64 {
			confusion[smp.enc+" -> "+ranked[0].Name]++
			if os.Getenv("GEN_VERBOSE") == smp.enc {
				fmt.Printf("%q -> %s %v\n", smp.text, ranked[0].Name, ranked[0].Cost)
			}
		}
		cm[smp.length] = c
		ss = append(ss, s)
	}
	m.MapX, m.MapY = nil, nil
	loss := func(t float64) float64 {
		m.Temperature = t
		sum := 0.0
		for _, s := range ss {
			p := m.Prob(s.costs, s.n)
			pr := 1e-9
			for i := range p {
				if s.ok[i] {
					pr += p[i]
				}
			}
			sum -= math.Log(pr)
		}
		return sum
	}
	fit := func() float64 {
		lo, hi := math.Log(0.3), math.Log(100.0)
		for i := 0; i < 60; i++ {
			a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
			if loss(math.Exp(a)) < loss(math.Exp(b)) {
				hi = b
			} else {
				lo = a
			}
		}
		return math.Round(math.Exp(lo)*1e4) / 1e4
	}
	best := math.Inf(1)
	var t, growth float64
	for g := 0.0; g <= 1.0001; g += 0.05 {
		m.Growth = g
		if tt := fit(); loss(tt) < best {
			best, t, growth = loss(tt), tt, math.Round(g*100)/100
		}
	}
	m.Temperature, m.Growth = t, growth
	if os.Getenv("GEN_VERBOSE") != "" {
		for k, v := range confusion {
			fmt.Printf("mistake at >= 64 bytes: %s: %d\n", k, v)
		}
	}
	for _, n := range sampleLengths {
		c, cm := correct[n], correctMixed[n]
		fmt.Printf("held-out %5d bytes: %d/%d right (%.1f%%); mixed with English: %d/%d (%.1f%%)\n", n, c[0], c[1], 100*float64(c[0])/float64(max(c[1], 1)),
			cm[0], cm[1], 100*float64(cm[0])/float64(max(cm[1], 1)))
	}
	fmt.Printf("word weight %.3f, case weight %.3f, ", ww, m.CaseWeight)
	fmt.Printf("letter weight %.3f, temperature %.4f, growth %.2f, log loss %.4f per sample\n", w, t, growth, loss(t)/float64(len(ss)))
	fitText(m, ss)
	fitScale(m, ss)
	fitTilt(m, ss)
	naturalReport(m, "held-out half, without the sparse map", natTest)
	fitSparse(m, natFit)
	naturalReport(m, "fitting half", natFit)
	naturalReport(m, "held-out half", natTest)
	sparse := scoreSparse(m, sparseSamples(heldOut))
	fmt.Println("held-out samples:")
	reliability(m, ss)
	fmt.Println("sparse samples (English with a few foreign words):")
	reliability(m, sparse)
	fmt.Printf("quoted runs %.3f\n", quote)
	return m.Calibration, quote
}

// The generator must not pick up a calibration from the tables it replaces.
var _ = model.Calibration{}

// fitText fits the text model: held-out samples are text, the synthetic
// inputs of salad() are not (weighing half the text in all: salad is rarer
// than text).
func fitText(m *model.Model, ss []scoredSample) {
	var xs [][3]float64
	var ys, ws []float64
	for _, s := range ss {
		xs, ys = append(xs, s.text), append(ys, 1)
	}
	var neg [][3]float64
	for _, p := range salad() {
		ranked, w := rankSample(m, p)
		if len(ranked) == 0 || ranked[0].Cost >= 1e17 {
			continue
		}
		neg = append(neg, m.TextFeatures(ranked[0], w))
	}
	for range xs {
		ws = append(ws, 1)
	}
	for _, f := range neg {
		xs, ys, ws = append(xs, f), append(ys, 0), append(ws, 0.5*float64(len(ss))/float64(len(neg)))
	}
	beta := logistic(xs, ys, ws)
	m.TextBias = round4(beta[0])
	for i := range m.Text {
		m.Text[i] = round4(beta[i+1])
	}
	low := 0
	for _, f := range neg {
		if textProb(m, f) < 0.5 {
			low++
		}
	}
	lowText := 0
	for _, s := range ss {
		if textProb(m, s.text) < 0.5 {
			lowText++
		}
	}
	fmt.Printf("text model %.4f + %v: %d of %d salad inputs below 0.5; %d of %d held-out samples below 0.5\n", m.TextBias, m.Text, low, len(neg), lowText, len(ss))
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

func textProb(m *model.Model, f [3]float64) float64 {
	z := m.TextBias
	for i, w := range m.Text {
		z += w * f[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// logistic fits weighted logistic regression (intercept first) by Newton's
// method with a little ridge.
func logistic(xs [][3]float64, ys, ws []float64) [4]float64 {
	var beta [4]float64
	for it := 0; it < 50; it++ {
		var g [4]float64
		var h [4][4]float64
		for i, x := range xs {
			v := [4]float64{1, x[0], x[1], x[2]}
			z := 0.0
			for j := range v {
				z += beta[j] * v[j]
			}
			p := 1 / (1 + math.Exp(-z))
			for j := range v {
				g[j] += ws[i] * (ys[i] - p) * v[j]
				for k := range v {
					h[j][k] += ws[i] * p * (1 - p) * v[j] * v[k]
				}
			}
		}
		for j := range h {
			h[j][j] += 1e-3
			g[j] -= 1e-3 * beta[j]
		}
		d := solve4(h, g)
		for j := range beta {
			beta[j] += d[j]
		}
	}
	return beta
}

func solve4(a [4][4]float64, b [4]float64) [4]float64 {
	n := 4
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var x [4]float64
	for r := n - 1; r >= 0; r-- {
		x[r] = b[r]
		for k := r + 1; k < n; k++ {
			x[r] -= a[r][k] * x[k]
		}
		x[r] /= a[r][r]
	}
	return x
}

// salad returns synthetic inputs that are not text: random bytes, random
// high bytes between spaces and line breaks, short random patterns
// repeated line after line, random printable and high bytes. A fixed seed
// keeps the tables reproducible.
func salad() [][]byte {
	rng := rand.New(rand.NewPCG(12, 34))
	var out [][]byte
	for _, n := range sampleLengths {
		for i := 0; i < 40; i++ {
			for kind := 0; kind < 5; kind++ {
				p := make([]byte, 0, n)
				switch kind {
				case 0:
					for len(p) < n {
						p = append(p, byte(rng.IntN(256)))
					}
				case 1:
					for len(p) < n {
						switch rng.IntN(6) {
						case 0:
							p = append(p, ' ')
						case 1:
							p = append(p, '\n')
						default:
							p = append(p, byte(0x80+rng.IntN(128)))
						}
					}
				case 2:
					pat := make([]byte, 3+rng.IntN(6))
					for j := range pat {
						pat[j] = byte(0x20 + rng.IntN(224))
					}
					pat[rng.IntN(len(pat))] |= 0x80
					for len(p) < n {
						p = append(p, pat...)
						p = append(p, '\n')
					}
				case 3:
					for len(p) < n {
						p = append(p, byte(0x20+rng.IntN(224)))
					}
				case 4:
					for len(p) < n {
						if rng.IntN(2) == 0 {
							p = append(p, byte(0x20+rng.IntN(95)))
						} else {
							p = append(p, byte(0x80+rng.IntN(128)))
						}
					}
				}
				out = append(out, p[:n])
			}
		}
	}
	return out
}

// fitScale fits the map of top confidences: the held-out top answers
// grouped in bands of raw confidence, each band's mean confidence mapped to
// the share of its answers that were right, made monotone (pool adjacent
// violators). One map serves every length: maps fitted per length class
// (up to 47 bytes, up to 191, longer) followed a few documents' hard
// samples in the fitting half and missed the test half by up to 0.35 in a
// band.
func fitScale(m *model.Model, ss []scoredSample) {
	bands := newBands([]float64{0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999, 0.9999, 1.0001})
	for _, s := range ss {
		if len(s.costs) == 0 {
			continue
		}
		bands.add(m.Prob(s.costs, s.n)[0]*textProb(m, s.text), s.ok[0])
	}
	m.MapX, m.MapY = bands.monotone(0)
	fmt.Printf("top confidence map: %v -> %v\n", m.MapX, m.MapY)
}

// bands group answers by confidence for a monotone map of confidence to
// how often the answers are right (fitScale, fitSparse).
type bands struct {
	edges []float64
	bins  []band
}

// band is a group of answers: how many, the sum of their confidences, how
// many were right.
type band struct{ n, sumC, ok float64 }

func newBands(edges []float64) *bands {
	return &bands{edges: edges, bins: make([]band, len(edges)-1)}
}

// add counts an answer of confidence c in its band (the last band takes
// whatever is beyond it).
func (bs *bands) add(c float64, ok bool) {
	b := 0
	for b+1 < len(bs.bins) && c >= bs.edges[b+1] {
		b++
	}
	bs.bins[b].n++
	bs.bins[b].sumC += c
	if ok {
		bs.bins[b].ok++
	}
}

// monotone pools adjacent bands until the share right grows from block to
// block (pool adjacent violators) and every block holds at least minBlock
// answers, and returns each block's mean confidence and share right. A
// pseudo-answer at the band's own confidence keeps sparse bands sane.
func (bs *bands) monotone(minBlock float64) (xs, ys []float64) {
	var bl []band
	for _, b := range bs.bins {
		if b.n == 0 {
			continue
		}
		bl = append(bl, band{b.n + 1, b.sumC + b.sumC/b.n, b.ok + b.sumC/b.n})
		for len(bl) >= 2 {
			a, c := bl[len(bl)-2], bl[len(bl)-1]
			if a.ok/a.n < c.ok/c.n && a.n >= minBlock {
				break
			}
			bl = append(bl[:len(bl)-2], band{a.n + c.n, a.sumC + c.sumC, a.ok + c.ok})
		}
	}
	// the last block may be small: pooled into the one before it
	if len(bl) >= 2 && bl[len(bl)-1].n < minBlock {
		a, c := bl[len(bl)-2], bl[len(bl)-1]
		bl = append(bl[:len(bl)-2], band{a.n + c.n, a.sumC + c.sumC, a.ok + c.ok})
	}
	for _, b := range bl {
		xs = append(xs, round6(b.sumC/b.n))
		ys = append(ys, round6(b.ok/b.n))
	}
	return xs, ys
}

// scoreSample ranks smp as the detector does and returns what calibration
// needs of it, with the readings.
func scoreSample(m *model.Model, smp sample) (scoredSample, []model.Scored) {
	ranked, w := rankSample(m, smp.bytes)
	s := scoredSample{n: len(w), mixed: smp.mixed}
	for _, r := range ranked {
		if r.Cost >= 1e17 {
			continue
		}
		s.costs = append(s.costs, r.Cost)
		s.ok = append(s.ok, right(r, smp))
	}
	if len(ranked) > 0 {
		s.text = m.TextFeatures(ranked[0], w)
	}
	return s, ranked
}

// scoreSparse ranks the sparse samples, for the calibration's report on
// them (nothing is fitted on them).
func scoreSparse(m *model.Model, smps []sample) []scoredSample {
	var ss []scoredSample
	right := 0
	for _, smp := range smps {
		s, _ := scoreSample(m, smp)
		if len(s.ok) > 0 && s.ok[0] {
			right++
		}
		if dir := os.Getenv("GEN_SPARSE_DUMP"); dir != "" {
			// the samples as files, to study the detector on them
			must(os.MkdirAll(dir, 0o755))
			name := fmt.Sprintf("%s/%05d.%s", dir, len(ss), strings.ReplaceAll(smp.enc, "/", "."))
			must(os.WriteFile(name, smp.bytes, 0o644))
			must(os.WriteFile(name+".utf8", []byte(smp.text), 0o644))
		}
		ss = append(ss, s)
	}
	fmt.Printf("sparse samples: %d right of %d\n", right, len(ss))
	return ss
}

// fitTilt fits Calibration.LengthTilt after the map: the tilt whose
// confidences best predict whether the top answers are right (least log
// loss over the fitting half).
func fitTilt(m *model.Model, ss []scoredSample) {
	// the mapped confidences, which the tilt does not change
	type mapped struct {
		p  float64
		n  int
		ok bool
	}
	var all []mapped
	for _, s := range ss {
		if len(s.costs) > 0 {
			all = append(all, mapped{m.Rescale(m.Prob(s.costs, s.n)[0] * textProb(m, s.text)), s.n, s.ok[0]})
		}
	}
	loss := func(c float64) float64 {
		m.LengthTilt = c
		sum := 0.0
		for _, s := range all {
			p := m.Tilt(s.p, s.n)
			if !s.ok {
				p = 1 - p
			}
			sum -= math.Log(math.Max(p, 1e-9))
		}
		return sum
	}
	lo, hi := -2.0, 2.0
	for i := 0; i < 60; i++ {
		a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
		if loss(a) < loss(b) {
			hi = b
		} else {
			lo = a
		}
	}
	tilt := round4(lo)
	before := loss(0)
	after := loss(tilt) // loss leaves m.LengthTilt set to its argument
	fmt.Printf("length tilt %.4f: log loss of the top answers %.1f (%.1f untilted)\n", tilt, after, before)
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// reliability prints the calibration of the top answers on the held-out
// samples: answers grouped by confidence, and how many were right.
func reliability(m *model.Model, ss []scoredSample) {
	bands := []float64{0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999, 1.0001}
	var n, ok []int
	var sum []float64
	n, ok, sum = make([]int, len(bands)), make([]int, len(bands)), make([]float64, len(bands))
	for _, s := range ss {
		if len(s.costs) == 0 {
			continue
		}
		c := m.Tilt(m.Rescale(m.Prob(s.costs, s.n)[0]*textProb(m, s.text)), s.n)
		b := 0
		for b+1 < len(bands) && c >= bands[b+1] {
			b++
		}
		n[b]++
		sum[b] += c
		if s.ok[0] {
			ok[b]++
		}
	}
	conf, confWrong := 0, 0
	for b := range n {
		if bands[b] >= 0.9 {
			conf += n[b]
			confWrong += n[b] - ok[b]
		}
	}
	fmt.Printf("answers at >= 0.9: %d, wrong %d (%.2f%%)\n", conf, confWrong, 100*float64(confWrong)/float64(max(conf, 1)))
	fmt.Println("held-out calibration: confidence band, answers, mean confidence, right")
	for b := 0; b+1 < len(bands); b++ {
		if n[b] > 0 {
			fmt.Printf("  [%.3f, %.3f) %6d %.3f %5.1f%%\n", bands[b], bands[b+1], n[b], sum[b]/float64(n[b]), 100*float64(ok[b])/float64(n[b]))
		}
	}
}
