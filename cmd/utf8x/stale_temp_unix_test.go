//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A run killed with SIGKILL leaves its temporary file; the next run that
// writes in that directory removes it, and only it: not a file of another
// naming, not one written to lately, not one a live run still holds.
func TestStaleTempFilesSwept(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(target, []byte("caf\xe9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * staleAge)
	mk := func(name string, age time.Time) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, age, age); err != nil {
			t.Fatal(err)
		}
		return p
	}
	stale := mk(".notes.txt.utf8x-0123456789ab.tmp", old)
	staleOther := mk(".other.csv.utf8x-a1b2c3d4e5f6.tmp", old) // another destination in the same directory
	fresh := mk(".notes.txt.utf8x-00000000000f.tmp", time.Now())
	locked := mk(".notes.txt.utf8x-abcdefabcdef.tmp", old)
	keep := []string{
		fresh,
		locked,
		mk(".notes.txt.utf8x-0123456789AB.tmp", old),  // uppercase hex: not ours
		mk(".notes.txt.utf8x-0123456789a.tmp", old),   // 11 digits
		mk("notes.txt.utf8x-0123456789ab.tmp", old),   // not hidden
		mk(".notes.txt.utf8x-0123456789ab.tmp~", old), // not .tmp
		mk(".notes.txt.utf8x-0123456789abc.tmp", old), // 13 digits
		mk("..utf8x-0123456789ab.tmp", old),           // no name before
	}
	// A live run holds the lock of its file (lockTemp).
	lf, err := os.Open(locked)
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	if err := syscall.Flock(int(lf.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}

	var errOut bytes.Buffer
	if code := run([]string{"fix", "-q", "--in-place", target}, strings.NewReader(""), &bytes.Buffer{}, &errOut); code != exitOK {
		t.Fatalf("fix --in-place: exit %d, stderr %q", code, errOut.String())
	}
	for _, p := range []string{stale, staleOther} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s: still there after the next run (%v)", filepath.Base(p), err)
		}
	}
	for _, p := range keep {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: removed, but it is not a stale temporary file of ours: %v", filepath.Base(p), err)
		}
	}
	if got, _ := os.ReadFile(target); string(got) != "caf\uFFFD\n" {
		t.Errorf("notes.txt = %q", got)
	}
	// Once its run has died (the lock is free), the old file goes too, on
	// the next run of another process (this one sweeps a directory once).
	lf.Close()
	if !tempAbandoned(locked) {
		t.Errorf("%s: its lock is free, yet it is not taken as abandoned", filepath.Base(locked))
	}
}

// The tool's own temporary file carries the lock while it is written.
func TestTempFileLocked(t *testing.T) {
	dir := t.TempDir()
	a, err := createAtomic(filepath.Join(dir, "out.txt"), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.abort()
	if !isTempName(filepath.Base(a.Name())) {
		t.Errorf("createAtomic's name %q is not one isTempName knows", filepath.Base(a.Name()))
	}
	if tempAbandoned(a.Name()) {
		t.Errorf("a temporary file being written is taken as abandoned")
	}
}

// The whole story with a real process: fix -o waiting on its standard input
// is killed with SIGKILL and leaves its temporary file, locked no more; once
// that file is old, the next --in-place run in the directory removes it.
func TestSIGKILLTempFileRemovedByNextRun(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "fix", "-o", filepath.Join(dir, "out.txt"))
	cmd.Env = append(os.Environ(), "UTF8X_RUN_MAIN=1")
	stdin, err := cmd.StdinPipe() // held open: the run waits for its input
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var left []string
	for deadline := time.Now().Add(20 * time.Second); len(left) == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		left = tempFiles(dir)
	}
	if len(left) != 1 {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the run's temporary file never appeared: %q", left)
	}
	if tempAbandoned(left[0]) {
		t.Errorf("the live run's temporary file is taken as abandoned")
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if got := tempFiles(dir); len(got) != 1 {
		t.Fatalf("after SIGKILL: temporary files %q, want the one left behind", got)
	}
	// Make it older than staleAge (a recent one is left alone, as
	// TestStaleTempFilesSwept shows), then run in the directory.
	target := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(target, []byte("ok\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * staleAge)
	if err := os.Chtimes(left[0], old, old); err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	if code := run([]string{"fix", "--in-place", target}, strings.NewReader(""), &bytes.Buffer{}, &errOut); code != exitOK {
		t.Fatalf("fix --in-place: exit %d, stderr %q", code, errOut.String())
	}
	if got := tempFiles(dir); len(got) != 0 {
		t.Errorf("after the next --in-place run: temporary files %q are still there", got)
	}
}
