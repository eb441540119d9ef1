package transcode

import "testing"

// TestOwnLabelsAsRegistry checks Lookup's shortcut: every label it answers
// without the registry (the generated single-byte tables' keys, the codecs' keys
// and labels) is one the registry gives to the same form.
func TestOwnLabelsAsRegistry(t *testing.T) {
	var labels []string
	for i := range sbFullSpecs {
		labels = append(labels, sbFullSpecs[i].key)
	}
	for k := range sbFormMap() {
		labels = append(labels, k)
	}
	for _, c := range allCodecs() {
		if c.key != "" {
			labels = append(labels, c.key)
		}
		labels = append(labels, c.labels...)
	}
	if len(labels) < 20 {
		t.Fatalf("only %d labels", len(labels))
	}
	for _, l := range labels {
		f := ownLabelForm(l)
		if f == nil {
			t.Errorf("%q: no form", l)
			continue
		}
		if e, ok := registry().byLabel[l]; !ok || e.f != f {
			t.Errorf("%q: shortcut gives %s, the registry %v (%v)", l, f.name, e.f, ok)
		}
	}
	if f := ownLabelForm(""); f != nil {
		t.Errorf("the empty label finds %s", f.name)
	}
	for _, l := range []string{"mac-centraleurope", "viscii", "euc-tw", "johab"} {
		if ownLabelForm(l) == nil {
			t.Errorf("%q: the detector's rare reading is not found without the registry", l)
		}
	}
}
