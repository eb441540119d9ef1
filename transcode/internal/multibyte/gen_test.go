package multibyte

import (
	"os/exec"
	"testing"
)

// TestGeneratedCurrent runs the generator's -check mode: the sources match
// SHA256SUMS and the committed tables match a fresh build from them.
func TestGeneratedCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs ./gen: skipped under -short")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go tool not in PATH: skipping the generator check")
	}
	out, err := exec.Command(goTool, "run", "./gen", "-check").CombinedOutput()
	if err != nil {
		t.Fatalf("go run ./gen -check: %v\n%s", err, out)
	}
}
