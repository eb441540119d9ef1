package main

// Peak memory is read from Linux's rusage, whose Maxrss is in KiB there.

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// TestCheckMemoryIsBounded runs check as a process of its own on random bytes
// with no NUL (which would make check say "binary" and stop: this is about
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
		p[i] = byte(1 + rng.IntN(255))
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
		cmd.Env = append(os.Environ(), "UTF8X_RUN_MAIN=1")
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
		peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
		t.Logf("%v: %d MiB of output, peak RSS %d MiB", args[1:len(args)-1], n>>20, peak>>20)
		if n < int64(size) {
			t.Fatalf("%v: only %d bytes of output: the errors were not all listed", args, n)
		}
		if peak > bound {
			t.Errorf("%v: peak RSS %d MiB, over the bound of %d MiB", args, peak>>20, bound>>20)
		}
	}
}
