// The golden CLI tests: every file in testdata/script is a testscript (txtar)
// that runs the real command and shows its expected output verbatim.
//
// Inputs that are not valid UTF-8 are written readably in the archive with \xHH
// escapes and turned into bytes by the unescape command:
//
//	unescape bad.esc bad.txt
//
// Run one script with: go test ./cmd/utf8x -run 'TestScript/check_basic'
// After changing output on purpose, regenerate with: go test ./cmd/utf8x -run TestScript -update
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script/*.txtar")

func TestMain(m *testing.M) {
	// Tests that must watch the tool as a process of its own (its peak
	// memory) run this binary with UTF8X_RUN_MAIN set.
	if os.Getenv("UTF8X_RUN_MAIN") == "1" {
		limitMemory()
		code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		// The process's own peak (VmHWM in /proc/self/status) for the
		// memory test: wait4's Maxrss also counts the test process that
		// started this one, whose memory the child shared until exec.
		if path := os.Getenv("UTF8X_STATUS_FILE"); path != "" {
			if status, err := os.ReadFile("/proc/self/status"); err == nil {
				_ = os.WriteFile(path, status, 0o600)
			}
		}
		os.Exit(code)
	}
	testscript.Main(m, map[string]func(){
		"utf8x": func() {
			limitMemory()
			os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"unescape": unescapeCmd},
	})
}

var hexEscape = regexp.MustCompile(`\\x[0-9A-Fa-f]{2}`)

// unescapeCmd implements "unescape SRC DST": DST is SRC with every \xHH
// replaced by the byte it names; everything else is copied as it is.
func unescapeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: unescape SRC DST")
	}
	src := ts.ReadFile(args[0])
	out := hexEscape.ReplaceAllFunc([]byte(src), func(m []byte) []byte {
		b, _ := strconv.ParseUint(string(m[2:]), 16, 8)
		return []byte{byte(b)}
	})
	dst := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(filepath.Dir(dst), 0o777))
	ts.Check(os.WriteFile(dst, out, 0o666))
}
