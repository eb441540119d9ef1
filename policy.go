package utf8x

import (
	"fmt"
	"strings"
)

// Action is what a Policy does with an ill-formed maximal subpart.
type Action uint8

// The actions, named as the utf8x tool's --invalid flag spells them.
const (
	ActionStrict  Action = iota // stop with the *Error
	ActionReplace               // put a replacement (U+FFFD by default) per maximal subpart
	ActionSkip                  // drop the ill-formed bytes
	ActionEscape                // write each ill-formed byte as \xNN, lowercase hex
	ActionCP1252                // read each ill-formed byte as Windows-1252 (WHATWG)
	ActionLatin1                // read each ill-formed byte as ISO-8859-1
)

var actionNames = [...]string{"strict", "replace", "skip", "escape", "cp1252", "latin1"}

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
	CP1252  = Policy{action: ActionCP1252}
	Latin1  = Policy{action: ActionLatin1}
)

// ReplaceWith returns a policy that puts s in place of each ill-formed maximal
// subpart. An empty s behaves like Skip.
func ReplaceWith(s string) Policy {
	if s == "" {
		return Skip
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

// String returns the policy's name as ParsePolicy accepts it.
func (p Policy) String() string { return p.action.String() }

// ParsePolicy returns the policy named name (strict, replace, skip, escape, cp1252,
// latin1), case-insensitively.
func ParsePolicy(name string) (Policy, error) {
	for a, n := range actionNames {
		if strings.EqualFold(name, n) {
			return Policy{action: Action(a)}, nil
		}
	}
	return Strict, fmt.Errorf("unknown policy %q (want one of %s)", name, strings.Join(actionNames[:], ", "))
}
