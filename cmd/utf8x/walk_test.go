package main

import "testing"

// TestExcludeMatcher checks the .gitignore subset --exclude documents,
// against what git itself does with the same pattern (worked out by hand
// from gitignore(5)).
func TestExcludeMatcher(t *testing.T) {
	cases := []struct {
		pattern string
		path    string
		dir     bool
		want    bool
	}{
		{"*.min.js", "a/b/x.min.js", false, true},
		{"*.min.js", "x.js", false, false},
		{"build/", "build", true, true},
		{"build/", "build", false, false},
		{"/vendor", "vendor", true, true},
		{"/vendor", "a/vendor", true, false},
		{"docs/**/*.md", "docs/a/b/c.md", false, true},
		{"docs/**/*.md", "docs/c.md", false, true},
		{"*.[ch]", "x.c", false, true},
		{"*.[ch]", "x.o", false, false},
		{"[!~]*", "~backup", false, false},
		{"[!~]*", "notes", false, true},
		{"[^~]*", "~backup", false, false},
		{"x[!a-c]", "xb", false, false},
		{"x[!a-c]", "xd", false, true},
		{"x[!a-c]", "x!", false, true},
		{"a[x!]", "a!", false, true}, // ! inside a class, not at its start, is literal
		{`\[!x]`, "[!x]", false, true},
		{`\[!x]`, "y", false, false},
	}
	for _, c := range cases {
		m, err := newExcludeMatcher([]string{c.pattern})
		if err != nil {
			t.Fatalf("%q: %v", c.pattern, err)
		}
		if got := m.excluded(c.path, c.dir); got != c.want {
			t.Errorf("--exclude %q on %q (dir %v) = %v, want %v", c.pattern, c.path, c.dir, got, c.want)
		}
	}
	m, err := newExcludeMatcher([]string{"*.log", "!keep.log"})
	if err != nil {
		t.Fatal(err)
	}
	if m.excluded("keep.log", false) || !m.excluded("drop.log", false) {
		t.Error("! does not re-include what an earlier pattern excluded")
	}
	if _, err := newExcludeMatcher([]string{"[a-"}); err == nil {
		t.Error("a malformed class is accepted")
	}
}
