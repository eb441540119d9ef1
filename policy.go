package utf8x

import (
	"fmt"
	"strings"

	"github.com/utf8x/utf8x/internal/cp1252"
)

// Action is what a Policy does with an ill-formed maximal subpart.
type Action uint8

// The actions, with the names String gives them.
const (
	ActionStrict  Action = iota // stop with the *Error
	ActionReplace               // put a replacement (U+FFFD by default) per maximal subpart
	ActionSkip                  // drop the ill-formed bytes
	ActionEscape                // write each ill-formed byte as \xNN, lowercase hex
	ActionCP1252                // read each ill-formed byte as Windows-1252 (WHATWG); UTF-8 input only
	ActionLatin1                // read each ill-formed byte as ISO-8859-1; UTF-8 input only
	// ActionHTML writes a character the target encoding of a conversion
	// cannot hold as an HTML numeric character reference, &#NNNN; in
	// decimal, as the WHATWG Encoding Standard's encoders do for HTML forms;
	// an ill-formed unit of the input, which is no character, becomes U+FFFD
	// as under ActionReplace.
	ActionHTML
)

var actionNames = [...]string{"strict", "replace", "skip", "escape", "cp1252", "latin1", "html"}

// String returns the action's name, such as "replace".
func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// Policy says what every decoding function does with each ill-formed maximal
// subpart. The zero value is Strict.
type Policy struct {
	action      Action
	replacement string // for ActionReplace; "" means U+FFFD
}

// The ready-made policies.
var (
	Strict  = Policy{action: ActionStrict}
	Replace = Policy{action: ActionReplace}
	Skip    = Policy{action: ActionSkip}
	Escape  = Policy{action: ActionEscape}
	// FallbackCP1252 reads each ill-formed byte of UTF-8 input as the
	// Windows-1252 character it is (WHATWG's mapping): text that mixes UTF-8
	// with stray bytes of that encoding comes out whole. Its name is
	// "cp1252".
	FallbackCP1252 = Policy{action: ActionCP1252}
	// FallbackLatin1 reads each ill-formed byte of UTF-8 input as the
	// ISO-8859-1 character it is. Its name is "latin1".
	FallbackLatin1 = Policy{action: ActionLatin1}
	HTML           = Policy{action: ActionHTML}
)

// The policies' former names.
var (
	// Deprecated: CP1252 is FallbackCP1252, renamed so as not to read as the
	// encoding transcode.CP1252.
	CP1252 = FallbackCP1252
	// Deprecated: Latin1 is FallbackLatin1, renamed so as not to read as the
	// encoding transcode.Latin1.
	Latin1 = FallbackLatin1
)

// ReplaceWith returns a policy that puts s in place of each ill-formed maximal
// subpart. An empty s gives Skip, and "\uFFFD" gives Replace. Ill-formed parts
// of s itself are replaced by U+FFFD first, so that the policy's output is
// always valid UTF-8.
func ReplaceWith(s string) Policy {
	if s == "" {
		return Skip
	}
	if !ValidString(s) {
		s, _, _ = ToValidString(s, Replace)
	}
	if s == string(RuneError) {
		return Replace
	}
	return Policy{action: ActionReplace, replacement: s}
}

// Action reports what the policy does.
func (p Policy) Action() Action { return p.action }

// Replacement returns the string the Replace action writes.
func (p Policy) Replacement() string {
	if p.replacement == "" {
		return string(RuneError)
	}
	return p.replacement
}

// replacePrefix begins the name of a ReplaceWith policy: "replace=" and the
// replacement.
const replacePrefix = "replace="

// String returns the policy's name as ParsePolicy accepts it: the action's
// name, such as "replace", or for ReplaceWith(s) "replace=" followed by s, so
// that ParsePolicy(p.String()) returns p for every policy but HTML, whose
// name ParsePolicy does not take.
func (p Policy) String() string {
	if p.action == ActionReplace && p.replacement != "" {
		return replacePrefix + p.replacement
	}
	return p.action.String()
}

// ParsePolicy returns the policy named name (strict, replace, skip, escape, cp1252,
// latin1), case-insensitively; "replace=" followed by a string s (the prefix in
// any case, s as written) gives ReplaceWith(s), as Policy.String writes it. HTML,
// which only a conversion to another encoding can apply, is not among them:
// the transcode package's callers name it themselves.
func ParsePolicy(name string) (Policy, error) {
	if len(name) >= len(replacePrefix) && strings.EqualFold(name[:len(replacePrefix)], replacePrefix) {
		return ReplaceWith(name[len(replacePrefix):]), nil
	}
	for a, n := range actionNames[:ActionHTML] {
		if strings.EqualFold(name, n) {
			return Policy{action: Action(a)}, nil
		}
	}
	return Strict, fmt.Errorf("unknown policy %q (want one of %s)", name, strings.Join(actionNames[:ActionHTML], ", "))
}

// UTF8Only reports whether the policy reads ill-formed bytes as text in a legacy
// single-byte encoding (FallbackCP1252, FallbackLatin1). That reading is only meaningful for
// input that is meant to be UTF-8 with stray bytes from such an encoding; a
// decoder of UTF-16 or UTF-32 must refuse these policies, whose "bytes" are
// halves of code units. Strict, Replace, Skip and Escape suit every form.
func (p Policy) UTF8Only() bool {
	return p.action == ActionCP1252 || p.action == ActionLatin1
}

// AppendInvalid appends to dst what p writes in place of bad, one ill-formed
// unit of the input (a maximal subpart of UTF-8, or the bytes of a lone
// surrogate or out-of-range code unit of UTF-16 or UTF-32), and returns the
// extended buffer. The output is always valid UTF-8. Strict appends nothing:
// the caller reports the error instead. Escape writes each byte of bad as \xNN
// in the order given, so a UTF-16 decoder passes bad in input byte order.
func (p Policy) AppendInvalid(dst, bad []byte) []byte {
	switch p.action {
	case ActionReplace, ActionHTML:
		return append(dst, p.Replacement()...)
	case ActionEscape:
		const digits = "0123456789abcdef"
		for _, b := range bad {
			dst = append(dst, '\\', 'x', digits[b>>4], digits[b&15])
		}
	case ActionCP1252:
		for _, b := range bad {
			dst = AppendRune(dst, cp1252.Decode(b))
		}
	case ActionLatin1:
		for _, b := range bad {
			dst = AppendRune(dst, rune(b))
		}
	}
	return dst
}

// invalidLen returns the number of bytes AppendInvalid(dst, bad) appends, so
// that a transformer can check for room in its destination before writing.
func (p Policy) invalidLen(bad []byte) int {
	switch p.action {
	case ActionReplace, ActionHTML:
		if p.replacement == "" {
			return len(string(RuneError))
		}
		return len(p.replacement)
	case ActionEscape:
		return 4 * len(bad)
	case ActionCP1252:
		n := 0
		for _, b := range bad {
			n += RuneLen(cp1252.Decode(b))
		}
		return n
	case ActionLatin1:
		n := 0
		for _, b := range bad {
			n += 1 + int(b>>7)
		}
		return n
	}
	return 0
}

// maxInvalidLen returns an upper bound of invalidLen for any ill-formed unit of
// n bytes, for sizing buffers ahead of time.
func (p Policy) maxInvalidLen(n int) int {
	switch p.action {
	case ActionReplace, ActionHTML:
		return p.invalidLen(nil)
	case ActionEscape:
		return 4 * n
	case ActionCP1252:
		return 3 * n // U+20AC and friends take 3 bytes
	case ActionLatin1:
		return 2 * n
	}
	return 0
}
