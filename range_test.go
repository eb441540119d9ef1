package utf8x_test

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
)

// refReport is the report of the whole input, from the independent
// decomposition of reference_test.go.
// kindNamed returns the ErrorKind whose String is name, the reference's
// spelling of a kind; the names themselves are checked by TestErrorMessage.
func kindNamed(name string) utf8x.ErrorKind {
	for k := utf8x.ErrorKind(1); k != 0; k++ {
		if k.String() == name {
			return k
		}
	}
	panic("no ErrorKind is named " + name)
}

func refReport(p []byte) utf8x.RangeReport {
	rep := utf8x.RangeReport{To: len(p)}
	line, col := 0, 0
	for _, e := range refDecompose(p) {
		rep.Runes++
		rep.UTF16++
		if e.kind == "" && e.n == 4 {
			rep.UTF16++
		}
		if e.kind != "" {
			rep.Invalid++
			k := kindNamed(e.kind)
			rep.Errors = append(rep.Errors, utf8x.RangeError{Offset: e.off, Len: e.n, Kind: k, Line: line, Column: col})
		}
		col++
		if e.kind == "" && p[e.off] == '\n' {
			line++
			col = 0
		}
	}
	rep.Lines, rep.Tail = line, col
	return rep
}

// checkCuts checks the ranges between consecutive cuts (0 and len(p) added),
// each both in the whole buffer and in the smallest window CheckRange
// accepts, merges the reports and compares them with want.
func checkCuts(t *testing.T, p []byte, cuts []int, want utf8x.RangeReport, maxErrors int) {
	t.Helper()
	cuts = append([]int{0}, cuts...)
	cuts = append(cuts, len(p))
	slices.Sort(cuts)
	var whole, windowed utf8x.RangeReport
	for i := 0; i+1 < len(cuts); i++ {
		start, end := cuts[i], cuts[i+1]
		a, err := utf8x.CheckRange(p, 0, start, end, maxErrors)
		if err != nil {
			t.Fatalf("CheckRange(%d, %d): %v", start, end, err)
		}
		lo, hi := max(start-utf8x.RangeContext, 0), min(end+utf8x.RangeContext, len(p))
		b, err := utf8x.CheckRange(p[lo:hi], lo, start-lo, end-lo, maxErrors)
		if err != nil {
			t.Fatalf("CheckRange(window %d:%d, %d, %d): %v", lo, hi, start, end, err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("range %d:%d of %s: whole buffer and window differ: %s", start, end, rangeShort(p), diffReports(a, b))
		}
		if i == 0 {
			whole, windowed = a, b
			continue
		}
		if whole, err = whole.Merge(a); err != nil {
			t.Fatal(err)
		}
		windowed, _ = windowed.Merge(b)
		if maxErrors >= 0 {
			whole.Errors = whole.Errors[:min(maxErrors, len(whole.Errors))]
		}
	}
	if maxErrors >= 0 && len(whole.Errors) > maxErrors {
		whole.Errors = whole.Errors[:maxErrors]
	}
	for i, e := range whole.Errors {
		if got := e.AsError().Bytes(); !bytes.Equal(got, p[e.Offset:e.Offset+e.Len]) {
			t.Fatalf("%s cut at %s: error %d keeps bytes % X, the input has % X", rangeShort(p), rangeShort(cuts), i, got, p[e.Offset:e.Offset+e.Len])
		}
		// What the reference can say: the exported fields.
		whole.Errors[i] = utf8x.RangeError{Offset: e.Offset, Len: e.Len, Kind: e.Kind, Line: e.Line, Column: e.Column}
	}
	if len(whole.Errors) == 0 {
		whole.Errors = nil
	}
	if !reflect.DeepEqual(whole, want) {
		t.Fatalf("%s cut at %s: merged report differs: %s", rangeShort(p), rangeShort(cuts[1:len(cuts)-1]), diffReports(whole, want))
	}
}

// rangeInputs puts every error kind next to multi-byte characters and LFs, so
// that cuts fall inside, before and after errors and characters.
var rangeInputs = []string{
	"",
	"a",
	"é\n€\n😀",
	"a\xC0\xAFb\n\xE0\x80c",
	"\xE0\x9F\xBFx\xED\xA0\x80y\xF4\x90\x80\x80z",
	"\xF5\xF7\xBF\xF8\xFF\n\x80\xBF\xE2\x82\n\xF0\x9F\x98",
	"€\xE2\x82\xF0\x9F\x98😀\xE2",
	"\xE0\x85\xED\xBF\xF0\x8F\xF4\x90\xC3\n\xC3",
	"\xEF\xBB\xBF日本\n語\xF0\x9F\x98\x80\x80\x80\x80",
	"\xE0",
	"\xF0\x9F\x98",
	"\n\n\x80\n",
}

func TestCheckRangeEveryCut(t *testing.T) {
	for _, s := range append(rangeInputs, fragments...) {
		p := []byte(s)
		want := refReport(p)
		// The whole as one range is the reference report itself.
		checkCuts(t, p, nil, want, -1)
		for c := 0; c <= len(p); c++ {
			checkCuts(t, p, []int{c}, want, -1)
			for c2 := c; c2 <= len(p) && c2 <= c+5; c2++ {
				checkCuts(t, p, []int{c, c2}, want, -1)
			}
		}
	}
}

func TestCheckRangeRandomCuts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 1500
	if testing.Short() {
		n = 300
	}
	for i := range n {
		p := randomInput(r, 1+i%30)
		want := refReport(p)
		cuts := make([]int, r.IntN(8))
		for j := range cuts {
			cuts[j] = r.IntN(len(p) + 1)
		}
		checkCuts(t, p, cuts, want, -1)
		// A limit on the errors each range keeps still merges into the
		// first ones of the whole.
		limit := r.IntN(4)
		lim := want
		lim.Errors = want.Errors[:min(limit, len(want.Errors))]
		if len(lim.Errors) == 0 {
			lim.Errors = nil
		}
		checkCuts(t, p, cuts, lim, limit)
	}
}

// TestCheckRangeCorpus cuts every corpus file at every offset at once (ranges
// of one byte) and at random sets of offsets.
func TestCheckRangeCorpus(t *testing.T) {
	files := testsample.Corpus(t, "*/*")
	r := rand.New(rand.NewPCG(5, 6))
	for _, f := range files {
		p, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// Every cut costs a call per byte: a prefix of each file keeps the
		// test to seconds. The UTF-16 and UTF-32 files are errors nearly
		// everywhere, read as UTF-8.
		limit := 32 << 10
		if !strings.Contains(f, ".utf8.") && !strings.HasSuffix(f, ".html") {
			limit = 8 << 10
		}
		if testing.Short() {
			limit = 4 << 10
		}
		p = p[:min(len(p), limit)]
		want := refReport(p)
		every := make([]int, 0, len(p))
		for c := 1; c < len(p); c++ {
			every = append(every, c)
		}
		checkCuts(t, p, every, rangeTrim(want, 100), 100)
		for range 5 {
			cuts := make([]int, 1+r.IntN(6))
			for j := range cuts {
				cuts[j] = r.IntN(len(p) + 1)
			}
			checkCuts(t, p, cuts, rangeTrim(want, 100), 100)
		}
	}
}

func rangeTrim(r utf8x.RangeReport, n int) utf8x.RangeReport {
	r.Errors = r.Errors[:min(n, len(r.Errors))]
	if len(r.Errors) == 0 {
		r.Errors = nil
	}
	return r
}

func TestRangeBounds(t *testing.T) {
	p := []byte("a€\xE2\x82b😀\x80")
	// Offsets: a 0, € 1-3, E2 82 4-5, b 6, 😀 7-10, 80 11.
	tests := []struct{ start, end, from, to int }{
		{0, 12, 0, 12},
		{0, 1, 0, 1},
		{0, 2, 0, 4},     // € starts in the range: all of it is owned
		{2, 4, 4, 4},     // € began before: its tail is skipped
		{3, 5, 4, 6},     // E2 82 is one truncated subpart, owned whole
		{5, 8, 6, 11},    // from the middle of E2 82 into 😀
		{10, 12, 11, 12}, // the stray continuation is its own element
		{-5, 100, 0, 12},
	}
	for _, tt := range tests {
		from, to := utf8x.RangeBounds(p, tt.start, tt.end)
		if from != tt.from || to != tt.to {
			t.Errorf("RangeBounds(%d, %d) = %d, %d; want %d, %d", tt.start, tt.end, from, to, tt.from, tt.to)
		}
	}
}

func TestCheckRangeBadArguments(t *testing.T) {
	p := []byte("abcdef")
	for _, a := range [][3]int{{-1, 0, 1}, {0, 3, 2}, {0, 0, 7}, {0, -1, 2}} {
		if _, err := utf8x.CheckRange(p, a[0], a[1], a[2], -1); err == nil {
			t.Errorf("CheckRange(base %d, %d, %d) gave no error", a[0], a[1], a[2])
		}
	}
	if _, err := utf8x.CheckRange(p, 10, 2, 4, -1); !errors.Is(err, utf8x.ErrRangeWindow) {
		t.Errorf("window without the 3 bytes before the range: err = %v", err)
	}
	if _, _, err := utf8x.AppendValidRange(nil, p, 10, 2, 4, utf8x.Replace); !errors.Is(err, utf8x.ErrRangeWindow) {
		t.Errorf("AppendValidRange, window without the 3 bytes before: err = %v", err)
	}
}

// checkRepairCuts repairs the ranges between cuts and compares the
// concatenation with AppendValid on the whole.
func checkRepairCuts(t *testing.T, p []byte, cuts []int, pol utf8x.Policy) {
	t.Helper()
	want, wantN, wantErr := utf8x.AppendValid(nil, p, pol)
	cuts = append([]int{0}, cuts...)
	cuts = append(cuts, len(p))
	slices.Sort(cuts)
	var got []byte
	n := 0
	var err error
	for i := 0; i+1 < len(cuts) && err == nil; i++ {
		start, end := cuts[i], cuts[i+1]
		lo, hi := max(start-utf8x.RangeContext, 0), min(end+utf8x.RangeContext, len(p))
		var k int
		got, k, err = utf8x.AppendValidRange(got, p[lo:hi], lo, start-lo, end-lo, pol)
		n += k
	}
	if !bytes.Equal(got, want) || n != wantN || fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Fatalf("%s % X cut at %v: got %q %d %v, want %q %d %v", pol, p, cuts, got, n, err, want, wantN, wantErr)
	}
	if wantErr != nil {
		var a, b *utf8x.Error
		errors.As(err, &a)
		errors.As(wantErr, &b)
		if *a != *b {
			t.Fatalf("%s % X cut at %v: error %+v, want %+v", pol, p, cuts, *a, *b)
		}
	}
}

func TestAppendValidRangeEveryCut(t *testing.T) {
	pols := []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.FallbackCP1252}
	for _, s := range append(rangeInputs, fragments...) {
		p := []byte(s)
		for _, pol := range pols {
			for c := 0; c <= len(p); c++ {
				checkRepairCuts(t, p, []int{c}, pol)
				checkRepairCuts(t, p, []int{c, min(c+1, len(p)), min(c+2, len(p))}, pol)
			}
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 500 {
		p := randomInput(r, 1+i%30)
		cuts := make([]int, r.IntN(8))
		for j := range cuts {
			cuts[j] = r.IntN(len(p) + 1)
		}
		checkRepairCuts(t, p, cuts, pols[i%len(pols)])
	}
}

func FuzzCheckRange(f *testing.F) {
	for _, s := range rangeInputs {
		f.Add([]byte(s), []byte{1, 2, 5})
	}
	f.Fuzz(func(t *testing.T, p, cutBytes []byte) {
		if len(p) > 1<<12 || len(cutBytes) > 16 {
			return
		}
		cuts := make([]int, len(cutBytes))
		for i, c := range cutBytes {
			cuts[i] = int(c) % (len(p) + 1)
		}
		checkCuts(t, p, cuts, refReport(p), -1)
		checkRepairCuts(t, p, cuts, utf8x.Replace)
		checkRepairCuts(t, p, cuts, utf8x.Strict)
	})
}

// A file split into byte ranges, as GNU parallel --pipepart, Hadoop or Spark
// split it, each range checked on its own (here in turn; in practice in other
// processes or machines) from the range plus utf8x.RangeContext bytes on each
// side, and the reports merged: the result is that of checking the whole.
func ExampleCheckRange() {
	input := []byte("naïve\ncafé \xE2\x82 ok\n\xC0\xAF€")
	cuts := []int{0, 3, 14, 20, len(input)} // 3 and 14 fall inside characters
	var merged utf8x.RangeReport
	for i := 0; i+1 < len(cuts); i++ {
		start, end := cuts[i], cuts[i+1]
		lo, hi := max(start-utf8x.RangeContext, 0), min(end+utf8x.RangeContext, len(input))
		window := input[lo:hi] // what a worker reads, e.g. with ReadAt
		rep, err := utf8x.CheckRange(window, lo, start-lo, end-lo, -1)
		if err != nil {
			panic(err)
		}
		fmt.Printf("range [%d,%d) owns [%d,%d): %d errors, %d LF\n", start, end, rep.From, rep.To, rep.Invalid, rep.Lines)
		if i == 0 {
			merged = rep
		} else if merged, err = merged.Merge(rep); err != nil {
			panic(err)
		}
	}
	for _, e := range merged.Errors {
		fmt.Printf("line %d, column %d, byte %d: %s\n", e.Line+1, e.Column+1, e.Offset, e.Kind)
	}
	fmt.Println(merged.Runes, "characters,", merged.Lines, "lines")
	// Output:
	// range [0,3) owns [0,4): 0 errors, 0 LF
	// range [3,14) owns [4,15): 1 errors, 1 LF
	// range [14,20) owns [15,20): 1 errors, 1 LF
	// range [20,24) owns [20,24): 1 errors, 0 LF
	// line 2, column 6, byte 13: truncated
	// line 3, column 1, byte 19: overlong
	// line 3, column 2, byte 20: unexpected-continuation
	// 19 characters, 2 lines
}

// rangeShort formats v for a failure message, cut to a readable length.
func rangeShort(v any) string {
	s := fmt.Sprintf("% X", v)
	if _, ok := v.([]int); ok {
		s = fmt.Sprint(v)
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// diffReports describes the first difference between two reports.
func diffReports(got, want utf8x.RangeReport) string {
	g, w := got, want
	g.Errors, w.Errors = nil, nil
	if !reflect.DeepEqual(g, w) {
		return fmt.Sprintf("got %+v, want %+v (errors aside)", g, w)
	}
	for i := range min(len(got.Errors), len(want.Errors)) {
		if got.Errors[i] != want.Errors[i] {
			return fmt.Sprintf("error %d: got %+v, want %+v", i, got.Errors[i], want.Errors[i])
		}
	}
	return fmt.Sprintf("got %d errors, want %d", len(got.Errors), len(want.Errors))
}

func TestRangeErrorAsError(t *testing.T) {
	p := []byte("ab\n\xE2\x82x")
	rep, err := utf8x.CheckRange(p, 0, 0, len(p), -1)
	if err != nil || len(rep.Errors) != 1 {
		t.Fatalf("CheckRange: %+v, %v", rep, err)
	}
	var want *utf8x.Error
	errors.As(utf8x.Validate(p), &want)
	if got := rep.Errors[0].AsError(); got.Error() != want.Error() || got.Offset != want.Offset || got.Len != want.Len || got.Kind != want.Kind {
		t.Errorf("AsError() = %v, Validate gives %v", got, want)
	}
}

// TestRangeWindowMessage checks ErrRangeWindow's message, which range.go
// spells with RangeContext as one digit.
func TestRangeWindowMessage(t *testing.T) {
	want := fmt.Sprintf("utf8x: range window must hold the %d bytes before the range or start at the input's start", utf8x.RangeContext)
	if got := utf8x.ErrRangeWindow.Error(); got != want {
		t.Errorf("ErrRangeWindow = %q, want %q", got, want)
	}
}
