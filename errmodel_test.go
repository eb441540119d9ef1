package utf8x_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
)

// errModelInputs hold one ill-formed maximal subpart of each UTF-8 kind, at
// byte 2, as the Unicode Standard's table 3-7 makes them.
var errModelInputs = []struct {
	in   string
	n    int
	kind utf8x.ErrorKind
}{
	{"ab\xc0\xafcd", 1, utf8x.Overlong},
	{"ab\xe0\x80\xafcd", 1, utf8x.Overlong},
	{"ab\xed\xa0\x80cd", 1, utf8x.Surrogate},
	{"ab\xf4\x90\x80\x80cd", 1, utf8x.TooLarge},
	{"ab\xe2\x82cd", 2, utf8x.Truncated},
	{"ab\xf0\x9f\x98", 3, utf8x.Truncated},
	{"ab\x80cd", 1, utf8x.UnexpectedContinuation},
	{"ab\xffcd", 1, utf8x.InvalidByte},
}

// strictErrors returns the errors the strict entry points give for in.
func strictErrors(t *testing.T, in string) map[string]error {
	t.Helper()
	errs := map[string]error{}
	errs["Validate"] = utf8x.Validate([]byte(in))
	errs["ValidateString"] = utf8x.ValidateString(in)
	_, _, errs["ToValidString"] = utf8x.ToValidString(in, utf8x.Strict)
	_, _, errs["AppendValid"] = utf8x.AppendValid(nil, []byte(in), utf8x.Strict)
	_, _, errs["AppendValidRange"] = utf8x.AppendValidRange(nil, []byte(in), 0, 0, len(in), utf8x.Strict)
	_, _, errs["Transformer"] = transform.String(utf8x.NewTransformer(utf8x.Strict, utf8x.BOMKeep), in)
	_, errs["Reader"] = io.ReadAll(utf8x.NewReader(strings.NewReader(in), utf8x.Strict, utf8x.BOMKeep))
	rep, err := utf8x.CheckRange([]byte(in), 0, 0, len(in), 1)
	if err != nil || len(rep.Errors) != 1 {
		t.Fatalf("CheckRange(%q): %+v, %v", in, rep, err)
	}
	errs["CheckRange"] = rep.Errors[0]
	re, err := utf8x.NewChecker(strings.NewReader(in)).Next()
	if err != nil {
		t.Fatalf("Checker(%q): %v", in, err)
	}
	errs["Checker"] = re
	return errs
}

// TestErrorModelInvalidUTF8: every strict entry point's error for ill-formed
// UTF-8, and a RangeError, is utf8x.ErrInvalid and x/text's ErrInvalidUTF8
// under errors.Is, not ErrUnrepresentable, also wrapped, and errors.As finds
// the *utf8x.Error in it with the subpart's place, kind and bytes.
func TestErrorModelInvalidUTF8(t *testing.T) {
	for _, c := range errModelInputs {
		for name, err := range strictErrors(t, c.in) {
			for _, e := range []error{err, fmt.Errorf("wrapped: %w", err)} {
				if !errors.Is(e, utf8x.ErrInvalid) || !errors.Is(e, encoding.ErrInvalidUTF8) || errors.Is(e, utf8x.ErrUnrepresentable) {
					t.Errorf("%s(%q): %v: Is ErrInvalid %v, ErrInvalidUTF8 %v, ErrUnrepresentable %v; want true, true, false", name, c.in, e,
						errors.Is(e, utf8x.ErrInvalid), errors.Is(e, encoding.ErrInvalidUTF8), errors.Is(e, utf8x.ErrUnrepresentable))
				}
				var ue *utf8x.Error
				if !errors.As(e, &ue) {
					t.Fatalf("%s(%q): %v (%T) holds no *utf8x.Error", name, c.in, e, e)
				}
				if ue.Offset != 2 || ue.Len != c.n || ue.Kind != c.kind || ue.Encoding != "UTF-8" || ue.Rune != 0 ||
					!bytes.Equal(ue.Bytes(), []byte(c.in[2:2+c.n])) {
					t.Errorf("%s(%q): %+v (bytes % X), want offset 2, len %d, kind %v, UTF-8", name, c.in, ue, ue.Bytes(), c.n, c.kind)
				}
				want := fmt.Sprintf("invalid UTF-8 at byte 2: %v (% X)", c.kind, c.in[2:2+c.n])
				if ue.Error() != want {
					t.Errorf("%s(%q): message %q, want %q", name, c.in, ue.Error(), want)
				}
			}
		}
	}
}

// TestErrorModelRangeError: a RangeError is an error with its *Error's
// message, errors.As finds it by value in a wrapped error, and the *Error it
// unwraps to is AsError's.
func TestErrorModelRangeError(t *testing.T) {
	for _, c := range errModelInputs {
		p := []byte("x\n" + c.in)
		rep, err := utf8x.CheckRange(p, 0, 0, len(p), 1)
		if err != nil || len(rep.Errors) != 1 {
			t.Fatalf("CheckRange(%q): %+v, %v", p, rep, err)
		}
		var e error = rep.Errors[0]
		if e.Error() != utf8x.Validate(p).Error() {
			t.Errorf("RangeError(%q).Error() = %q, Validate says %q", p, e.Error(), utf8x.Validate(p).Error())
		}
		var re utf8x.RangeError
		if !errors.As(fmt.Errorf("wrapped: %w", e), &re) || re.Offset != 4 || re.Line != 1 || re.Column != 2 || re.Kind != c.kind {
			t.Errorf("errors.As(RangeError of %q) = %+v", p, re)
		}
		var ue *utf8x.Error
		if !errors.As(e, &ue) || *ue != *rep.Errors[0].AsError() {
			t.Errorf("errors.As(RangeError of %q, *Error) = %+v, AsError %+v", p, ue, rep.Errors[0].AsError())
		}
	}
}

// TestErrorModelKinds: the sentinels split the kinds as documented:
// Unrepresentable is ErrUnrepresentable only; every other kind is ErrInvalid,
// and x/text's ErrInvalidUTF8 only for UTF-8 input ("UTF-8" or "").
func TestErrorModelKinds(t *testing.T) {
	for k := utf8x.Overlong; k <= utf8x.Unmapped; k++ {
		if strings.HasPrefix(k.String(), "ErrorKind(") {
			t.Fatalf("kind %d has no name: the loop's bound is stale", k)
		}
		for _, enc := range []string{"", "UTF-8", "UTF-16LE", "CESU-8", "Shift_JIS"} {
			e := &utf8x.Error{Offset: 3, Len: 1, Kind: k, Encoding: enc}
			unrep := k == utf8x.Unrepresentable
			utf8In := (enc == "" || enc == "UTF-8") && !unrep
			if got := errors.Is(e, utf8x.ErrInvalid); got != !unrep {
				t.Errorf("%v in %q: Is ErrInvalid = %v", k, enc, got)
			}
			if got := errors.Is(e, utf8x.ErrUnrepresentable); got != unrep {
				t.Errorf("%v in %q: Is ErrUnrepresentable = %v", k, enc, got)
			}
			if got := errors.Is(e, encoding.ErrInvalidUTF8); got != utf8In {
				t.Errorf("%v in %q: Is encoding.ErrInvalidUTF8 = %v, want %v", k, enc, got, utf8In)
			}
			if errors.Is(e, io.EOF) || errors.Is(e, utf8x.ErrRangeWindow) {
				t.Errorf("%v in %q matches an unrelated error", k, enc)
			}
		}
	}
	// An Error made by hand, without Encoding, reads as UTF-8.
	e := &utf8x.Error{Offset: 7, Len: 1, Kind: utf8x.InvalidByte}
	if got, want := e.Error(), "invalid UTF-8 at byte 7: invalid-byte (00)"; got != want {
		t.Errorf("hand-made Error: %q, want %q", got, want)
	}
}

// TestErrorModelOthers: the errors about a malformed call are neither
// sentinel.
func TestErrorModelOthers(t *testing.T) {
	_, err1 := utf8x.ParsePolicy("nonsense")
	_, err2 := utf8x.ParseBOMPolicy("nonsense")
	_, err3 := utf8x.CheckRange([]byte("abc"), 0, 2, 1, 1)
	for i, err := range []error{err1, err2, err3, utf8x.ErrRangeWindow} {
		if err == nil || errors.Is(err, utf8x.ErrInvalid) || errors.Is(err, utf8x.ErrUnrepresentable) {
			t.Errorf("error %d: %v matches a sentinel (or is nil)", i, err)
		}
	}
}
