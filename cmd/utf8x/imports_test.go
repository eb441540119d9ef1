package main

import (
	"go/build"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The tool is built on the public API only: no package of it, its tests
// included, imports one of the module's internal packages, so that what it
// does a library user can do too.
func TestNoInternalImports(t *testing.T) {
	pkg, err := build.Default.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkg.Imports) == 0 {
		t.Fatal("no imports found: the package was not read")
	}
	for what, imports := range map[string][]string{"the tool": pkg.Imports, "its tests": pkg.TestImports, "its external tests": pkg.XTestImports} {
		for _, path := range imports {
			if path == "github.com/utf8x/utf8x/internal" || strings.HasPrefix(path, "github.com/utf8x/utf8x/internal/") {
				t.Errorf("%s imports %s", what, path)
			}
		}
	}
}

// golang.org/x/text/encoding/unicode is not linked into the tool: its
// package init (a map of byte order marks, the list of its encodings) cost
// every process about 4 page faults, some 0.2 ms on a machine where a page
// costs ~40 us (bench/results/startcost-2026-11-30-h31a), for one value the
// tool never reached. transcode reads every UTF form the tool needs.
func TestNoXTextUnicode(t *testing.T) {
	const heavy = "golang.org/x/text/encoding/unicode"
	// go list -deps names every package linked into the tool, so an import
	// through one of the module's own packages is caught as well as a
	// direct one.
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "golang.org/x/text/transform") {
		t.Fatalf("go list -deps named %d packages, without x/text/transform: the list was not read", len(deps))
	}
	if slices.Contains(deps, heavy) {
		t.Errorf("the tool links %s", heavy)
	}
}
