package main

import (
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/utf8x/utf8x/detect/internal/model"
)

// sampleLengths are the byte lengths samples are cut to.
var sampleLengths = []int{16, 32, 64, 128, 256, 1024}

const samplesPerCase = 30

type sample struct {
	bytes  []byte
	text   string
	length int
	enc    string
	mixed  bool
}

// mixedText interleaves the lines of a language with English ones: text in
// other scripts quotes English names, commands and addresses, and the
// detector must not take their ASCII letters for evidence against the
// script.
func mixedText(lines, english []string) string {
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
		if len(english) > 0 {
			b.WriteString(english[i%len(english)])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// heldOutSamples encodes held-out lines of each language into each encoding
// that carries it and cuts them at character boundaries; half of them from
// the language's text alone, half from it mixed with English lines.
func heldOutSamples(heldOut map[string][]string, english []string) []sample {
	var out []sample
	for _, mixed := range []bool{false, true} {
		out = append(out, heldOutSet(heldOut, english, mixed)...)
	}
	return out
}

func heldOutSet(heldOut map[string][]string, english []string, mixed bool) []sample {
	var out []sample
	for _, e := range model.Encodings {
		enc := e.Enc.NewEncoder()
		for _, tag := range e.Langs {
			text := strings.Join(heldOut[tag], "\n")
			if mixed {
				text = mixedText(heldOut[tag], english)
			}
			runes := []rune(text)
			for _, n := range sampleLengths {
				got := 0
				for start := 0; start < len(runes) && got < samplesPerCase; start += len(runes)/(samplesPerCase*3) + 1 {
					var b []byte
					i := start
					ok := true
					for ; i < len(runes); i++ {
						eb, err := enc.Bytes([]byte(string(runes[i])))
						if err != nil {
							ok = false
							break
						}
						if len(b)+len(eb) > n {
							break
						}
						b = append(b, eb...)
					}
					if !ok || len(b) < n-3 || !nonASCII(b) {
						continue
					}
					out = append(out, sample{b, string(runes[start:i]), n, e.Name + "/" + tag, mixed})
					got++
				}
			}
		}
	}
	return out
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
}

// calibrate fits the temperature that makes the candidates' probabilities
// best predict which reading is right (least log loss), and prints the
// held-out accuracy it reaches.
func calibrate(m *model.Model, heldOut map[string][]string, english []string) (temperature, growth float64) {
	var ss []scoredSample
	correct := map[int][2]int{}
	correctMixed := map[int][2]int{}
	confusion := map[string]int{}
	for _, smp := range heldOutSamples(heldOut, english) {
		ranked := m.Rank(smp.bytes, nil, true)
		var s scoredSample
		s.n = smp.length
		for _, r := range ranked {
			if r.Cost >= 1e17 {
				continue
			}
			s.costs = append(s.costs, r.Cost)
			s.ok = append(s.ok, right(r, smp))
		}
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
	var t float64
	for g := 0.0; g <= 1.0001; g += 0.05 {
		m.Growth = g
		if tt := fit(); loss(tt) < best {
			best, t, growth = loss(tt), tt, math.Round(g*100)/100
		}
	}
	m.Growth = growth
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
	fmt.Printf("temperature %.4f, growth %.2f, log loss %.4f per sample\n", t, growth, loss(t)/float64(len(ss)))
	return t, growth
}
