package utf8x_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
)

// roundTrip marshals rep, unmarshals the JSON and requires the very report
// back, the bytes each error keeps included.
func roundTrip(t *testing.T, rep utf8x.RangeReport) []byte {
	t.Helper()
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatalf("Marshal(%+v): %v", rep, err)
	}
	var back utf8x.RangeReport
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("Unmarshal(%s): %v", data, err)
	}
	if !reflect.DeepEqual(back, rep) {
		t.Fatalf("round trip through %s: got %+v, want %+v", data, back, rep)
	}
	for i, e := range back.Errors {
		if got, want := e.AsError().Error(), rep.Errors[i].AsError().Error(); got != want {
			t.Fatalf("error %d after the round trip reads %q, before %q", i, got, want)
		}
	}
	return data
}

func TestRangeReportJSONRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	withErrors := 0
	for i := range 1500 {
		p := randomInput(r, 1+i%30)
		// The whole input, and ranges of it in windows that start past 0.
		rep, err := utf8x.CheckRange(p, 0, 0, len(p), -1)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Errors) > 0 {
			withErrors++
		}
		data := roundTrip(t, rep)
		// What the JSON says about each error, against the input itself.
		var raw struct {
			Errors []struct {
				Offset int    `json:"offset"`
				Length int    `json:"length"`
				Kind   string `json:"kind"`
				Hex    string `json:"hex"`
			} `json:"errors"`
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		ref := refDecompose(p)
		k := 0
		for _, e := range ref {
			if e.kind == "" {
				continue
			}
			j := raw.Errors[k]
			k++
			if j.Offset != e.off || j.Length != e.n || j.Kind != e.kind || j.Hex != fmt.Sprintf("% X", p[e.off:e.off+e.n]) {
				t.Fatalf("% X: JSON error %+v, the reference has %q at %d, %d bytes", p, j, e.kind, e.off, e.n)
			}
		}
		if k != len(raw.Errors) {
			t.Fatalf("% X: JSON lists %d errors, the reference %d", p, len(raw.Errors), k)
		}
		if len(p) < 2 {
			continue
		}
		start := r.IntN(len(p))
		end := start + r.IntN(len(p)-start+1)
		lo, hi := max(start-utf8x.RangeContext, 0), min(end+utf8x.RangeContext, len(p))
		part, err := utf8x.CheckRange(p[lo:hi], lo, start-lo, end-lo, r.IntN(4)-1)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, part)
		// Merged reports too, whose errors have been moved.
		rest, err := utf8x.CheckRange(p, 0, end, len(p), -1)
		if err != nil {
			t.Fatal(err)
		}
		head, _ := utf8x.CheckRange(p, 0, 0, end, -1)
		m, err := head.Merge(rest)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, m)
	}
	if withErrors < 1000 {
		t.Fatalf("only %d of the random inputs had errors", withErrors)
	}
}

func TestErrorKindText(t *testing.T) {
	named := 0
	for k := utf8x.ErrorKind(0); ; k++ {
		text, err := k.MarshalText()
		if strings.HasPrefix(k.String(), "ErrorKind(") {
			if err == nil {
				t.Errorf("%v marshals to %q", k, text)
			}
		} else {
			named++
			if err != nil || string(text) != k.String() {
				t.Errorf("%v marshals to %q, %v", k, text, err)
			}
			var back utf8x.ErrorKind
			if err := back.UnmarshalText(text); err != nil || back != k {
				t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, back, err, k)
			}
		}
		if k == 255 {
			break
		}
	}
	if named < 13 {
		t.Errorf("only %d kinds have names", named)
	}
	var k utf8x.ErrorKind
	for _, bad := range []string{"", "Overlong", "overlong ", "ErrorKind(3)", "3"} {
		if err := k.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) gave %v, no error", bad, k)
		}
	}
}

func TestRangeReportJSONBad(t *testing.T) {
	good := `{"from":0,"to":4,"runes":3,"utf16":3,"lines":0,"tail":3,"invalid":1,"errors":[{"offset":1,"length":2,"kind":"truncated","hex":"E2 82","line":0,"column":1}]}`
	var rep utf8x.RangeReport
	if err := json.Unmarshal([]byte(good), &rep); err != nil {
		t.Fatalf("Unmarshal(%s): %v", good, err)
	}
	if got := rep.Errors[0].AsError().Error(); got != "invalid UTF-8 at byte 1: truncated (E2 82)" {
		t.Errorf("the error read back says %q", got)
	}
	for _, bad := range []struct{ from, to string }{
		{`"truncated"`, `"truncate"`},
		{`"truncated"`, `"Truncated"`},
		{`"truncated"`, `4`},
		{`"E2 82"`, `"E2 8"`},
		{`"E2 82"`, `"E2 8G"`},
		{`"E2 82"`, `"E282"`},
		{`"E2 82"`, `"E2  82"`},
		{`"E2 82"`, `"E2"`},
		{`"E2 82"`, `"E2 82 80"`},
		{`"length":2`, `"length":-1`},
		{`"offset":1`, `"offset":"1"`},
	} {
		data := strings.Replace(good, bad.from, bad.to, 1)
		if err := json.Unmarshal([]byte(data), &rep); err == nil {
			t.Errorf("Unmarshal(%s) gave no error", data)
		}
	}
	// A kind without a name does not marshal.
	if _, err := json.Marshal(utf8x.RangeError{Kind: 200}); err == nil {
		t.Error("a RangeError of kind 200 marshals")
	}
}

func FuzzRangeReportJSON(f *testing.F) {
	r := rand.New(rand.NewPCG(13, 14))
	for range 20 {
		p := randomInput(r, 8)
		rep, _ := utf8x.CheckRange(p, 0, 0, len(p), -1)
		data, _ := json.Marshal(rep)
		f.Add(data)
	}
	f.Add([]byte(`{"errors":[{"offset":1,"length":5,"kind":"none","hex":"00 01 02 03","line":-1,"column":2}]}`))
	f.Add([]byte(`{"errors":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var rep utf8x.RangeReport
		if err := json.Unmarshal(data, &rep); err != nil {
			return
		}
		// Whatever unmarshals marshals, to JSON that reads back the same
		// report and marshals to itself.
		once, err := json.Marshal(rep)
		if err != nil {
			t.Fatalf("%s unmarshals to %+v, which does not marshal: %v", data, rep, err)
		}
		var back utf8x.RangeReport
		if err := json.Unmarshal(once, &back); err != nil {
			t.Fatalf("%s does not read back: %v", once, err)
		}
		if !reflect.DeepEqual(back, rep) {
			t.Fatalf("%s reads back as %+v, not %+v", once, back, rep)
		}
		if twice, _ := json.Marshal(back); !bytes.Equal(twice, once) {
			t.Fatalf("%s marshals again to %s", once, twice)
		}
	})
}
