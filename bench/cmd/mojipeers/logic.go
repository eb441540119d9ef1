package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// exportCase is one line of the file mojibake's TestExportRecallSet writes.
type exportCase struct {
	Set   string `json:"set"`
	Chain string `json:"chain"`
	Lossy bool   `json:"lossy,omitempty"`
	In    string `json:"in"`
	Want  string `json:"want"`
}

// parseCases reads the JSON lines of the export.
func parseCases(data []byte) ([]exportCase, error) {
	var out []exportCase
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var c exportCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if c.Set == "" || c.Chain == "" {
			return nil, fmt.Errorf("line %d: no set or chain", n)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// encodeInputs writes each input as a JSON string on its own line, as
// ftfy.js reads them.
func encodeInputs(ss []string) []byte {
	var b bytes.Buffer
	for _, s := range ss {
		j, _ := json.Marshal(s) // a string always marshals
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// parsePairs reads ftfy.js's answers, one JSON array of two strings a
// line, and checks there is one for each of n inputs.
func parsePairs(data []byte, n int) (first, second []string, err error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var p []string
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			return nil, nil, fmt.Errorf("answer %d: %v", len(first)+1, err)
		}
		if len(p) != 2 {
			return nil, nil, fmt.Errorf("answer %d: %d strings, want 2", len(first)+1, len(p))
		}
		first, second = append(first, p[0]), append(second, p[1])
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	if len(first) != n {
		return nil, nil, fmt.Errorf("%d answers for %d inputs", len(first), n)
	}
	return first, second, nil
}

// matchLossy reports whether got is want with some non-ASCII characters
// replaced by U+FFFD: the most a repair can give back of a misreading that
// lost bytes.
func matchLossy(got, want string) bool {
	g, w := []rune(got), []rune(want)
	if len(g) != len(w) {
		return false
	}
	for i := range g {
		if g[i] != w[i] && !(g[i] == utf8.RuneError && w[i] >= 0x80) {
			return false
		}
	}
	return true
}

// score is how one fixer did on a group of recall cases.
type score struct {
	exact, lossyOK, untouched int
}

// add judges one answer: exact, or (for a lossy case) right but for U+FFFD
// where a character was lost, or the input given back as it came.
func (s *score) add(c exportCase, got string) {
	switch {
	case got == c.Want:
		s.exact++
	case c.Lossy && matchLossy(got, c.Want):
		s.lossyOK++
	}
	if got == c.In {
		s.untouched++
	}
}

// lineCompare splits two texts into lines and returns how many lines a
// holds and how many of them b does not give back as they are (lines past
// the end of the shorter count as differing).
func lineCompare(a, b string) (lines, differ int) {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i, l := range la {
		if i >= len(lb) || lb[i] != l {
			differ++
		}
	}
	if len(lb) > len(la) {
		differ += len(lb) - len(la)
	}
	return len(la), differ
}

// restored counts, of the lines mangling changed (clean against mangled,
// line for line), those the repair gave back exactly.
func restored(clean, mangled, got string) (changed, back int) {
	lc, lm, lg := strings.Split(clean, "\n"), strings.Split(mangled, "\n"), strings.Split(got, "\n")
	for i, l := range lc {
		if i >= len(lm) || lm[i] == l {
			continue
		}
		changed++
		if i < len(lg) && len(lg) == len(lc) && lg[i] == l {
			back++
		}
	}
	return changed, back
}

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

// agreement counts the lines of clean text the fixers changed: alike (the
// same output from both), by utf8x only, by ftfy only (a line both changed
// differently counts in neither).
type agreement struct{ alike, onlyU, onlyF, differently int }

func (a *agreement) add(line, u, f string) {
	switch {
	case u == line && f == line:
	case u == f:
		a.alike++
	case f == line:
		a.onlyU++
	case u == line:
		a.onlyF++
	default:
		a.differently++
	}
}

// addedFFFD counts the lines of got holding U+FFFD where the same line of
// clean holds none (when the line counts differ, every line of got is
// taken against the clean text as a whole).
func addedFFFD(clean, got string) int {
	lc, lg := strings.Split(clean, "\n"), strings.Split(got, "\n")
	n := 0
	for i, l := range lg {
		if !strings.ContainsRune(l, utf8.RuneError) {
			continue
		}
		if len(lg) == len(lc) && !strings.ContainsRune(lc[i], utf8.RuneError) || len(lg) != len(lc) && !strings.ContainsRune(clean, utf8.RuneError) {
			n++
		}
	}
	return n
}
