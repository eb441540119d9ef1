package utf8x_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/utf8x/utf8x"
)

// TestToValidMatchesReference: ToValid gives the reference repair for every
// policy, a new slice that does not share src's memory, valid input copied
// whole; under Strict the valid prefix and the first subpart's *Error, as
// ToValidString gives them; and one allocation.
func TestToValidMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 5))
	for i := range 2000 {
		in := randomInput(r, i%40)
		for _, p := range nonStrict {
			want, wantN := refRepair(in, p)
			src := bytes.Clone(in)
			got, n, err := utf8x.ToValid(src, p)
			if err != nil || !bytes.Equal(got, want) || n != wantN || !bytes.Equal(src, in) {
				t.Fatalf("ToValid(%+q, %s) = %+q, %d, %v\nreference gives %+q, %d", in, policyName(p), got, n, err, want, wantN)
			}
			if got == nil {
				t.Fatalf("ToValid(%+q, %s) is nil", in, policyName(p))
			}
			for i := range got {
				got[i] ^= 0xFF
			}
			if !bytes.Equal(src, in) {
				t.Fatalf("ToValid(%+q, %s) shares its input's memory", in, policyName(p))
			}
		}
		got, n, err := utf8x.ToValid(in, utf8x.Strict)
		wantS, wantN, wantErr := utf8x.ToValidString(string(in), utf8x.Strict)
		if string(got) != wantS || n != wantN || fmt.Sprint(err) != fmt.Sprint(wantErr) || (err == nil) != utf8x.Valid(in) {
			t.Fatalf("ToValid(%+q, Strict) = %+q, %d, %v; ToValidString gives %+q, %d, %v", in, got, n, err, wantS, wantN, wantErr)
		}
		var e *utf8x.Error
		if err != nil && (!errors.As(err, &e) || e.Offset != len(got) || !utf8x.Valid(got)) {
			t.Fatalf("ToValid(%+q, Strict): %v after %d valid bytes", in, err, len(got))
		}
	}
	valid := []byte("日本語 text, valid")
	if allocs := testing.AllocsPerRun(10, func() { utf8x.ToValid(valid, utf8x.Replace) }); allocs != 1 {
		t.Errorf("ToValid of valid input made %v allocations, want 1 (the copy)", allocs)
	}
	invalid := bytes.Repeat([]byte("x\xFF"), 100)
	if allocs := testing.AllocsPerRun(10, func() { utf8x.ToValid(invalid, utf8x.ReplaceWith("<?>")) }); allocs != 1 {
		t.Errorf("ToValid of invalid input made %v allocations, want 1", allocs)
	}
}

func ExampleToValid() {
	out, n, _ := utf8x.ToValid([]byte("caf\xE9 \x93ok\x94"), utf8x.FallbackCP1252)
	fmt.Println(string(out), n)
	out, n, err := utf8x.ToValid([]byte("ab\xE2\x82"), utf8x.Strict)
	fmt.Printf("%q %d %v\n", out, n, err)
	// Output:
	// café “ok” 3
	// "ab" 0 invalid UTF-8 at byte 2: truncated (E2 82)
}
