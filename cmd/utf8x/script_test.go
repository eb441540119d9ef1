// The golden CLI tests: every file in testdata/script is a testscript (txtar)
// that runs the real command and shows its expected output verbatim.
//
// Run one script with: go test ./cmd/utf8x -run 'TestScript/check_basic'
// After changing output on purpose, regenerate with: go test ./cmd/utf8x -run TestScript -update
package main

import (
	"flag"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script/*.txtar")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"utf8x": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
	})
}
