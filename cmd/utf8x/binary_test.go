package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// utf8xBinary builds the tool once per test run into a directory every user
// may read, so that it can also run as an unprivileged user.
func utf8xBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the tool and runs it on tens of MB; skipped with -short")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "utf8x-fault-bin-")
		if err != nil {
			binErr = err
			return
		}
		os.Chmod(dir, 0o755)
		binPath = filepath.Join(dir, "utf8x")
		goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
		out, err := exec.Command(goTool, "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// cleanupBinary removes the binary's directory; TestMain calls it at the end
// of the run.
func cleanupBinary() {
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
}
