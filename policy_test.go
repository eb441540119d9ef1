package utf8x_test

import (
	"testing"

	"github.com/utf8x/utf8x"
)

// Policy.String writes what ParsePolicy reads back, ReplaceWith's replacement
// included, and the policy read back repairs as the original does.
func TestPolicyStringRoundTrips(t *testing.T) {
	policies := append([]utf8x.Policy{}, allPolicies...)
	for _, s := range []string{"<?>", "a=b", "replace", "replace=x", " ", "\U0001F4A9", "\\x", "\n"} {
		policies = append(policies, utf8x.ReplaceWith(s))
	}
	const in = "a\xFFb\xE2\x82c\xC0\xAF"
	for _, p := range policies {
		name := p.String()
		q, err := utf8x.ParsePolicy(name)
		if err != nil || q != p {
			t.Errorf("ParsePolicy(%+q) = %v, %v; want the policy it came from", name, q, err)
			continue
		}
		want, wn, werr := utf8x.ToValidString(in, p)
		got, gn, gerr := utf8x.ToValidString(in, q)
		if got != want || gn != wn || (gerr == nil) != (werr == nil) {
			t.Errorf("policy %+q read back repairs %+q as %+q, not %+q", name, in, got, want)
		}
	}
}

func TestPolicyNames(t *testing.T) {
	for _, c := range []struct {
		p    utf8x.Policy
		name string
	}{
		{utf8x.Strict, "strict"},
		{utf8x.Replace, "replace"},
		{utf8x.ReplaceWith("?"), "replace=?"},
		{utf8x.ReplaceWith("\uFFFD"), "replace"}, // the default replacement is Replace
		{utf8x.ReplaceWith("\xFF"), "replace"},   // repaired to U+FFFD first
		{utf8x.ReplaceWith(""), "skip"},
		{utf8x.Skip, "skip"},
		{utf8x.Escape, "escape"},
		{utf8x.FallbackCP1252, "cp1252"},
		{utf8x.FallbackLatin1, "latin1"},
		{utf8x.HTML, "html"},
	} {
		if got := c.p.String(); got != c.name {
			t.Errorf("String() = %+q, want %+q", got, c.name)
		}
	}
	for name, want := range map[string]utf8x.Policy{
		"Replace=?": utf8x.ReplaceWith("?"), "REPLACE=Ab": utf8x.ReplaceWith("Ab"),
		"replace=": utf8x.Skip, "replace=\uFFFD": utf8x.Replace, "ESCAPE": utf8x.Escape,
	} {
		if got, err := utf8x.ParsePolicy(name); err != nil || got != want {
			t.Errorf("ParsePolicy(%+q) = %v, %v; want %v", name, got, err, want)
		}
	}
	// HTML is a conversion's policy (package transcode); ParsePolicy does not
	// take its name, nor any other.
	for _, name := range []string{"html", "replace?", "replac=x", "", "ignore"} {
		if p, err := utf8x.ParsePolicy(name); err == nil {
			t.Errorf("ParsePolicy(%+q) = %v, want an error", name, p)
		}
	}
}

// TestPolicyDeprecatedNames: the policies' former names are the new ones.
func TestPolicyDeprecatedNames(t *testing.T) {
	if utf8x.CP1252 != utf8x.FallbackCP1252 || utf8x.CP1252.Action() != utf8x.ActionCP1252 { //nolint:staticcheck // the alias under test
		t.Errorf("CP1252 = %v, FallbackCP1252 = %v", utf8x.CP1252, utf8x.FallbackCP1252) //nolint:staticcheck
	}
	if utf8x.Latin1 != utf8x.FallbackLatin1 || utf8x.Latin1.Action() != utf8x.ActionLatin1 { //nolint:staticcheck
		t.Errorf("Latin1 = %v, FallbackLatin1 = %v", utf8x.Latin1, utf8x.FallbackLatin1) //nolint:staticcheck
	}
}
