package main

// Peak memory is read from Linux's rusage, whose Maxrss is in KiB there.

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestCheckMemoryIsBounded runs check as a process of its own on random bytes
// with no NUL or control byte (which would make check say "binary" and stop: this is about
// the flood of errors, one every byte or so) with no limit on the errors
// listed, in both outputs, and fails if its peak memory passes a bound far
// below what keeping the errors would take.
func TestCheckMemoryIsBounded(t *testing.T) {
	// Keeping the errors, as check once did, takes over 100 bytes each: this
	// size passes the bound several times over.
	size := 2 << 20
	p := make([]byte, size)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range p {
		p[i] = byte(0x20 + rng.IntN(224))
	}
	p[0] = 'x'
	dir := t.TempDir()
	in := "r" // short, as the name starts every line of output
	if err := os.WriteFile(filepath.Join(dir, in), p, 0o600); err != nil {
		t.Fatal(err)
	}
	const bound = 64 << 20
	for _, args := range [][]string{
		{"check", "--max-errors", "0", in},
		{"check", "--max-errors", "0", "--json", in},
		{"check", "--max-errors", "1000000000", in},
	} {
		cmd := exec.Command(os.Args[0], args...)
		statusFile := filepath.Join(t.TempDir(), "status")
		cmd.Env = append(os.Environ(), "UTF8X_RUN_MAIN=1", "UTF8X_STATUS_FILE="+statusFile)
		cmd.Dir = dir
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, stdout)
		err = cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != exitInvalid {
			t.Fatalf("%v: exit %d (%v), stderr %q", args, code, err, stderr.String())
		}
		// wait4's Maxrss counts this test process's own peak too (the child
		// shared its memory until exec), which a long test run makes large:
		// the child's VmHWM is its peak alone.
		maxrss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
		peak := vmHWM(t, statusFile)
		t.Logf("%v: %d MiB of output, peak RSS %d MiB (wait4's Maxrss %d MiB)", args[1:len(args)-1], n>>20, peak>>20, maxrss>>20)
		if n < int64(size) {
			t.Fatalf("%v: only %d bytes of output: the errors were not all listed", args, n)
		}
		if peak > bound {
			t.Errorf("%v: peak RSS %d MiB, over the bound of %d MiB", args, peak>>20, bound>>20)
		}
	}
}

// vmHWM returns the peak resident set size in bytes recorded in a copy of
// /proc/PID/status.
func vmHWM(t *testing.T, path string) int64 {
	t.Helper()
	status, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the child wrote no status: %v", err)
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kib, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM line %q: %v", line, err)
			}
			return kib << 10
		}
	}
	t.Fatalf("no VmHWM line in the child's status")
	return 0
}
