package utf8x

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// JSON: a RangeReport travels between processes or machines (the report of
// one range, checked on one, merged on another) as JSON that decodes into
// exactly the report that was encoded. An ErrorKind is written as its name
// (String), a RangeError's bytes as hex ("E2 82").

// MarshalText returns the kind's name, String's word. A kind without a name
// (no constant of this package) is an error.
func (k ErrorKind) MarshalText() ([]byte, error) {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return []byte(kindNames[k]), nil
	}
	return nil, fmt.Errorf("utf8x: ErrorKind(%d) has no name", uint8(k))
}

// UnmarshalText sets k to the kind named text, a word String returns ("none"
// included); any other text is an error.
func (k *ErrorKind) UnmarshalText(text []byte) error {
	for i, name := range kindNames {
		if name != "" && name == string(text) {
			*k = ErrorKind(i)
			return nil
		}
	}
	return fmt.Errorf("utf8x: unknown ErrorKind name %q", text)
}

// rangeErrorJSON is the JSON form of a RangeError. Line and Column count from
// 0, as in RangeError (the tool prints them from 1).
type rangeErrorJSON struct {
	Offset int       `json:"offset"`
	Len    int       `json:"length"`
	Kind   ErrorKind `json:"kind"`
	Hex    string    `json:"hex"` // the bytes kept, "E2 82"
	Line   int       `json:"line"`
	Column int       `json:"column"`
}

// MarshalJSON writes e as an object with the keys offset, length, kind (its
// name), hex (the ill-formed bytes, "E2 82"), line and column (counting from
// 0, as the fields do).
func (e RangeError) MarshalJSON() ([]byte, error) {
	if e.Len < 0 {
		return nil, fmt.Errorf("utf8x: RangeError with length %d", e.Len)
	}
	kept := min(e.Len, len(e.bytes))
	for _, b := range e.bytes[kept:] {
		if b != 0 {
			return nil, errors.New("utf8x: RangeError keeps bytes past its length")
		}
	}
	return json.Marshal(rangeErrorJSON{Offset: e.Offset, Len: e.Len, Kind: e.Kind,
		Hex: fmt.Sprintf("% X", e.bytes[:kept]), Line: e.Line, Column: e.Column})
}

// UnmarshalJSON reads what MarshalJSON writes. An unknown kind name, hex that
// is not pairs of hex digits separated by single spaces, or a number of bytes
// other than the length (at most 4 bytes kept) is an error.
func (e *RangeError) UnmarshalJSON(data []byte) error {
	var j rangeErrorJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	if j.Len < 0 {
		return fmt.Errorf("utf8x: RangeError with length %d", j.Len)
	}
	b, err := parseHex(j.Hex)
	if err != nil {
		return err
	}
	if len(b) != min(j.Len, 4) {
		return fmt.Errorf("utf8x: RangeError of length %d with %d bytes %q", j.Len, len(b), j.Hex)
	}
	*e = RangeError{Offset: j.Offset, Len: j.Len, Kind: j.Kind, Line: j.Line, Column: j.Column}
	copy(e.bytes[:], b)
	return nil
}

// parseHex reads bytes written as "% X" writes them: two hex digits each,
// separated by single spaces; lower case is accepted.
func parseHex(s string) ([]byte, error) {
	if s == "" {
		return nil, nil
	}
	var out []byte
	for _, pair := range strings.Split(s, " ") {
		if len(pair) != 2 {
			return nil, fmt.Errorf("utf8x: bad hex bytes %q", s)
		}
		b, err := hex.DecodeString(pair)
		if err != nil {
			return nil, fmt.Errorf("utf8x: bad hex bytes %q", s)
		}
		out = append(out, b[0])
	}
	return out, nil
}
