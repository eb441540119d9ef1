package transcode

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// The registry: every encoding Lookup finds, in the order Encodings lists
// them, and the labels of each.
//
// Labels are claimed in this order, and a label stays with the first
// encoding that claims it: the labels the hand-written forms list (the
// Unicode forms, ISO-8859-1, US-ASCII, Windows-1252, the UTF-8 variants),
// then the WHATWG Encoding Standard's labels, then glibc iconv's aliases (both
// generated into sbLabels). So "latin1", "iso-8859-1" and "ascii", which
// WHATWG reads as windows-1252, and "iso-8859-9" and "iso-8859-11", which it
// reads as windows-1254 and windows-874, are the exact ISO encodings here, as
// in iconv and Python: text written under those names then holds only bytes
// the ISO standard defines, and windows-1252, windows-1254 and windows-874
// remain one label away. "tis-620", which WHATWG reads as windows-874 too,
// is likewise glibc's exact TIS-620. Every other WHATWG label means what WHATWG says.

type registryData struct {
	list    []Encoding
	byLabel map[string]Encoding
}

var (
	registryOnce sync.Once
	registryVal  registryData
)

// registry builds the registry on first use: after every init function has
// added its encodings (the variants', the codecs').
func registry() *registryData {
	registryOnce.Do(buildRegistry)
	return &registryVal
}

// keyForms maps the keys of sbLabels that are not sbSpecs keys to the forms
// written by hand. WHATWG's utf-16le labels other than "utf-16le" itself
// ("unicode", "ucs-2", "csunicode", ...) name UTF-16 read with a byte order
// mark when there is one; they go to the UTF-16 scheme, whose byte order
// without a mark Converter's ByteOrder option sets.
func keyForm(key string) *form {
	switch key {
	case "utf-8":
		return utf8Form
	case "utf-16le":
		return utf16Form
	case "utf-16be":
		return utf16BEForm
	case "iso-8859-1":
		return latin1Form
	case "us-ascii":
		return asciiForm
	case "windows-1252":
		return cp1252Form
	}
	if f := sbFormMap()[key]; f != nil {
		return f
	}
	if f := sbFullForms[key]; f != nil {
		return f
	}
	for _, c := range allCodecs() {
		if c.key == key {
			return c.form
		}
	}
	return nil
}

func buildRegistry() {
	r := &registryVal
	// Sized for every label at once: growing the map as it fills cost
	// more than the rest of the build (the registry is built in the
	// processes that detect a small legacy file, for a few rare readings).
	n := 1 + len(sbLabels) + len(sbSpecs) + len(sbFullSpecs)
	for _, e := range encodings {
		n += len(e.f.labels)
	}
	for _, c := range allCodecs() {
		n += 1 + len(c.labels)
	}
	r.byLabel = make(map[string]Encoding, n)
	claim := func(f *form, l string) {
		if _, taken := r.byLabel[l]; !taken {
			r.byLabel[l] = Encoding{f: f}
			f.labels = append(f.labels, l)
		}
	}
	for _, e := range encodings {
		r.list = append(r.list, e)
		own := e.f.labels
		e.f.labels = nil
		for _, l := range own {
			claim(e.f, l)
		}
	}
	var generated []*form
	for i := range sbSpecs {
		if f := sbFormMap()[sbSpecs[i].key]; f != nil && f != latin9Form {
			generated = append(generated, f)
		}
	}
	for i := range sbFullSpecs {
		generated = append(generated, sbFullForms[sbFullSpecs[i].key])
	}
	for _, c := range allCodecs() {
		generated = append(generated, c.form)
	}
	for _, f := range generated {
		r.list = append(r.list, Encoding{f: f})
	}
	for _, l := range sbLabels {
		if f := keyForm(l[1]); f != nil {
			claim(f, l[0])
		}
	}
	for _, c := range allCodecs() {
		for _, l := range c.labels {
			claim(c.form, l)
		}
	}
	// A generated form's own name is a label too, unless WHATWG gave it to
	// another encoding, and comes first among its labels.
	for _, f := range append([]*form{latin9Form}, generated...) {
		name := strings.ToLower(f.name)
		claim(f, name)
		if i := slices.Index(f.labels, name); i > 0 {
			copy(f.labels[1:i+1], f.labels[:i])
			f.labels[0] = name
		}
	}
}

// Lookup returns the encoding with the given label, ignoring case and
// surrounding white space: every label of the WHATWG Encoding Standard, the
// names glibc's iconv accepts for the same encodings ("cp1251", "ibm852",
// "cp866", "latin2", ...), and utf8x's own for the UTF-8 variants. See the
// package documentation for the few labels where WHATWG and iconv disagree.
// For an unknown label the error is an *UnknownEncodingError naming the
// nearest known labels.
func Lookup(label string) (Encoding, error) {
	l := strings.ToLower(strings.TrimSpace(label))
	if f := ownLabelForm(l); f != nil {
		return Encoding{f: f}, nil
	}
	if e, ok := registry().byLabel[l]; ok {
		return e, nil
	}
	return Encoding{}, &UnknownEncodingError{Label: label, Suggestions: nearestLabels(l, 3)}
}

// ownLabelForm finds the generated single-byte table whose key is l, or the
// multi-byte codec that has l among its own labels, without building the
// registry: the detector looks up its rare readings (Mac Central European,
// VISCII, EUC-TW, Johab) in processes that detect one small file, where
// building every label's entry cost more than the detection. The registry
// gives each such label to the same form (TestOwnLabelsAsRegistry).
func ownLabelForm(l string) *form {
	if l == "" {
		return nil // the key of the codecs WHATWG lacks
	}
	if f := sbFullForms[l]; f != nil {
		return f
	}
	// The codecs before the generated single-byte tables' map: no label
	// is both (TestOwnLabelsAsRegistry), and the detector's EUC-TW and
	// Johab readings then do not build the map (about 11,000
	// instructions and two page faults in a process that detects one
	// small Greek or Cyrillic file).
	for _, c := range allCodecs() {
		if c.key == l || slices.Contains(c.labels, l) {
			return c.form
		}
	}
	if f := sbFormMap()[l]; f != nil {
		return f
	}
	return nil
}

// Encodings returns every encoding: the Unicode forms, ISO-8859-1,
// Windows-1252, US-ASCII, ISO-8859-15, the UTF-8 variants, the other
// single-byte encodings, then the multi-byte ones.
func Encodings() []Encoding { return append([]Encoding(nil), registry().list...) }

// CanDecode reports whether e can be read (converted to UTF-8). Every
// encoding can, today.
func (e Encoding) CanDecode() bool {
	f := e.form()
	return f.codec == nil || f.codec.newDecoder != nil
}

// CanEncode reports whether e can be written (converted from UTF-8).
func (e Encoding) CanEncode() bool {
	f := e.form()
	return f.codec == nil || f.codec.newEncoder != nil
}

// IsStateful reports whether e has shift states, escape sequences that
// change how the bytes after them read (ISO-2022-JP, ISO-2022-KR,
// ISO-2022-CN, HZ-GB-2312): its encoder writes them as the text needs and returns to
// the initial state at the end, so text written in pieces put end to end is
// not the text written whole, and Converter.AppendRange cannot write it.
func (e Encoding) IsStateful() bool {
	f := e.form()
	return f.codec != nil && f.codec.stateful
}

// IsSingleByte reports whether every byte of e is a unit of its own:
// ISO-8859-1, Windows-1252, US-ASCII and the other single-byte legacy
// encodings (VISCII among them, though its bytes below 80 are not all
// ASCII). Converter.AppendRange takes their input cut anywhere.
func (e Encoding) IsSingleByte() bool {
	f := e.form()
	return f.sb != nil || f.full != nil || f == latin1Form || f == cp1252Form || f == asciiForm
}

// UnknownEncodingError is Lookup's error for a label it does not know.
type UnknownEncodingError struct {
	Label string
	// Suggestions are the known labels nearest to Label (by edit
	// distance), nearest first; empty when none is near.
	Suggestions []string
}

// Error reads as `unknown encoding "cp1215" (did you mean cp1251, cp1250?)`.
func (e *UnknownEncodingError) Error() string {
	if len(e.Suggestions) == 0 {
		return fmt.Sprintf("unknown encoding %q", e.Label)
	}
	return fmt.Sprintf("unknown encoding %q (did you mean %s?)", e.Label, strings.Join(e.Suggestions, ", "))
}

// nearestLabels returns up to n known labels within a small edit distance of
// l, nearest first: at most a third of l's length, and at least 1 edit, as
// typing slips go (cp1215 for cp1251, utf16 for utf-16, latin-2 for
// latin2). Labels that merely contain l, or that l contains, count too
// ("1251" finds "windows-1251").
func nearestLabels(l string, n int) []string {
	type cand struct {
		label string
		d     int
	}
	limit := max(1, len(l)/3)
	var cs []cand
	for label := range registry().byLabel {
		d := editDistance(l, label, limit+1)
		if d > limit && len(l) >= 3 && (strings.Contains(label, l) || strings.Contains(l, label) && len(label) >= 3) {
			d = limit + 1 + abs(len(label)-len(l))
		} else if d > limit {
			continue
		}
		cs = append(cs, cand{label, d})
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].label < cs[j].label
	})
	var out []string
	for _, c := range cs {
		if len(out) == n {
			break
		}
		out = append(out, c.label)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// editDistance is the Damerau-Levenshtein distance (optimal string
// alignment: a swap of two neighbours is one edit) between a and b, or
// bound when it is at least that.
func editDistance(a, b string, bound int) int {
	if abs(len(a)-len(b)) >= bound {
		return bound
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= bound {
			return bound
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], bound)
}
