//go:build unix

// Fault injection against the real binary: signals in the middle of a large
// rewrite, a full file system, permission denied as an ordinary user. Each
// test asserts what the tool promises: the input untouched, no temporary file
// left, one clear line on stderr, exit status 2.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bigInput writes size bytes of text with an ill-formed byte every so often,
// so that fix and convert both have work to do on every block.
func bigInput(t *testing.T, path string, size int) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"plain ascii text ", "café ", "€uro ", "日本語 ", "😀 ", "\n", "caf\xE9 "}
	var b bytes.Buffer
	b.Grow(size + 32)
	for b.Len() < size {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func digest(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// tempFiles lists the temporary files createAtomic leaves in dir, if any.
func tempFiles(dir string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, ".*.utf8x-*.tmp"))
	return m
}

// oneLine checks that stderr is exactly one line containing want.
func oneLine(t *testing.T, what, stderr, want string) {
	t.Helper()
	if strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") || !strings.Contains(stderr, want) {
		if len(stderr) > 300 {
			stderr = stderr[:300] + "..."
		}
		t.Errorf("%s: stderr %q, want one line containing %q", what, stderr, want)
	}
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	return -1
}

// Each terminating signal, sent while fix --in-place or convert -o is writing
// its temporary file, removes it and leaves the input (and the old output) as
// they were, with exit status 2 and one line saying what happened.
func TestFaultSignals(t *testing.T) {
	bin := utf8xBinary(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "big.txt")
	bigInput(t, in, 48<<20)
	inSum := digest(t, in)
	out := filepath.Join(dir, "out.txt")
	signals := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}
	for _, sig := range signals {
		for _, args := range [][]string{
			{"fix", "--invalid", "escape", "--in-place", in},
			{"convert", "-f", "utf-8", "-t", "utf-16", "--invalid", "escape", "-o", out, in},
		} {
			name := fmt.Sprintf("%v %s", sig, args[0])
			if err := os.WriteFile(out, []byte("old output\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			cmd := exec.CommandContext(ctx, bin, args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if !signalMidWrite(cmd, dir, sig) {
				cmd.Wait()
				cancel()
				t.Fatalf("%s: never saw the temporary file being written (stderr %q)", name, stderr.String())
			}
			err := cmd.Wait()
			cancel()
			if code := exitCode(err); code != 2 {
				t.Errorf("%s: exit status %d, want 2 (stderr %q)", name, code, stderr.String())
			}
			oneLine(t, name, stderr.String(), "utf8x: stopped by "+sigName(sig))
			if digest(t, in) != inSum {
				t.Fatalf("%s: the input changed", name)
			}
			if got, _ := os.ReadFile(out); string(got) != "old output\n" {
				t.Errorf("%s: the old output changed (%d bytes)", name, len(got))
			}
			if left := tempFiles(dir); len(left) > 0 {
				t.Errorf("%s: temporary files left: %v", name, left)
				for _, f := range left {
					os.Remove(f)
				}
			}
		}
	}
}

// signalMidWrite waits until cmd has written something to a temporary file in
// dir, stops it there, and sends sig while it is certainly mid-write. It
// reports false if no temporary file was seen being written.
func signalMidWrite(cmd *exec.Cmd, dir string, sig syscall.Signal) bool {
	started := false
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if tmp := tempFiles(dir); len(tmp) == 1 {
			if fi, err := os.Stat(tmp[0]); err == nil && fi.Size() > 0 {
				started = true
				break
			}
		}
	}
	cmd.Process.Signal(syscall.SIGSTOP)
	if !started || len(tempFiles(dir)) == 0 {
		cmd.Process.Signal(syscall.SIGCONT)
		return false
	}
	cmd.Process.Signal(sig)
	cmd.Process.Signal(syscall.SIGCONT)
	return true
}

func sigName(s syscall.Signal) string {
	return map[syscall.Signal]string{syscall.SIGINT: "SIGINT (interrupt)", syscall.SIGTERM: "SIGTERM",
		syscall.SIGHUP: "SIGHUP (hangup)", syscall.SIGQUIT: "SIGQUIT"}[s]
}

// asNobody returns a command running the tool as the unprivileged user
// nobody, or skips loudly: root passes every permission check, so the
// permission tests mean nothing without another user.
func asNobody(t *testing.T, bin string) func(args ...string) (code int, stderr string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("PERMISSION TESTS SKIPPED: they run the tool as user nobody, which needs root to set up; run the tests as root to cover them")
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		t.Skip("PERMISSION TESTS SKIPPED: no user nobody here:", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return func(args ...string) (int, string) {
		var stderr bytes.Buffer
		code := runAs(uid, gid, &stderr, bin, args...)
		return code, stderr.String()
	}
}

// runAs runs bin as uid:gid with stderr and returns its exit status.
func runAs(uid, gid int, stderr io.Writer, bin string, args ...string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	cmd.Stderr = stderr
	return exitCode(cmd.Run())
}

// Permission denied on an input, on an output's directory and on a directory
// on the way to an input, as an ordinary user: one line, exit status 2,
// nothing changed, nothing left behind. And where the user may rewrite a
// file another user owns, the owner cannot be kept: the tool says so.
func TestFaultPermissions(t *testing.T) {
	bin := utf8xBinary(t)
	run := asNobody(t, bin)
	base, err := os.MkdirTemp("", "utf8x-perm-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(base)
	mk := func(path string, mode os.FileMode, content string) string {
		p := filepath.Join(base, path)
		if content == "" {
			os.Mkdir(p, mode)
		} else {
			os.WriteFile(p, []byte(content), mode)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const bad = "caf\xE9\n"
	mk(".", 0o755, "")
	secret := mk("secret.txt", 0o600, bad)
	open := mk("open.txt", 0o644, bad)
	ro := mk("ro", 0o755, "")
	roFile := mk("ro/f.txt", 0o666, bad)
	closed := mk("closed", 0o700, "")
	closedFile := mk("closed/f.txt", 0o644, bad)
	shared := mk("shared", 0o777, "")
	theirs := mk("shared/theirs.txt", 0o666, bad)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fix", secret}, secret + ": permission denied"},
		{[]string{"convert", "-f", "latin1", secret}, secret + ": permission denied"},
		{[]string{"check", secret}, secret + ": permission denied"},
		{[]string{"fix", closedFile}, closedFile + ": permission denied"},
		{[]string{"fix", "--in-place", roFile}, roFile + ": cannot write to directory " + ro + ": permission denied (the file was left as it was)"},
		{[]string{"convert", "-f", "latin1", "--in-place", roFile}, roFile + ": cannot write to directory " + ro + ": permission denied (the file was left as it was)"},
		{[]string{"fix", "-o", filepath.Join(ro, "new.txt"), open}, filepath.Join(ro, "new.txt") + ": cannot write to directory " + ro + ": permission denied (nothing was written)"},
		{[]string{"convert", "-f", "latin1", "-o", filepath.Join(ro, "new.txt"), open}, filepath.Join(ro, "new.txt") + ": cannot write to directory " + ro + ": permission denied (nothing was written)"},
		{[]string{"fix", "--in-place", closedFile}, closedFile + ": permission denied"},
	} {
		name := strings.Join(tc.args, " ")
		code, stderr := run(tc.args...)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2 (stderr %q)", name, code, stderr)
		}
		oneLine(t, name, stderr, "utf8x: "+tc.want)
		for _, p := range []string{secret, open, roFile, closedFile} {
			if got, _ := os.ReadFile(p); string(got) != bad {
				t.Errorf("%s: %s changed", name, p)
			}
		}
		if _, err := os.Stat(filepath.Join(ro, "new.txt")); err == nil {
			t.Errorf("%s: created ro/new.txt", name)
		}
		for _, d := range []string{base, ro, closed, shared} {
			if left := tempFiles(d); len(left) > 0 {
				t.Errorf("%s: temporary files left: %v", name, left)
			}
		}
	}

	// nobody may replace root's file in a directory open to all, but cannot
	// give the result back to root: a warning, and the file is fixed.
	code, stderr := run("fix", "-q", "--in-place", theirs)
	if code != 0 {
		t.Errorf("fix --in-place on another user's file: exit %d (stderr %q)", code, stderr)
	}
	oneLine(t, "fix --in-place on another user's file", stderr,
		"utf8x: warning: "+theirs+": could not keep its owner root and group root (operation not permitted); it now belongs to nobody:")
	if got, _ := os.ReadFile(theirs); string(got) != "caf\uFFFD\n" {
		t.Errorf("fix --in-place on another user's file: content %q", got)
	}

	// The same warning into a pipe nobody reads (2>&1 | head -0): it comes
	// while the temporary file exists, and SIGPIPE must not kill the run
	// there and leave it behind.
	mk("shared/theirs.txt", 0o666, bad)
	if err := os.Chown(theirs, 0, 0); err != nil {
		t.Fatal(err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	pr.Close()
	u, _ := user.Lookup("nobody")
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	code = runAs(uid, gid, pw, bin, "fix", "-q", "--in-place", theirs)
	pw.Close()
	if code != 0 {
		t.Errorf("fix --in-place with stderr a closed pipe: exit %d, want 0", code)
	}
	if got, _ := os.ReadFile(theirs); string(got) != "caf\uFFFD\n" {
		t.Errorf("fix --in-place with stderr a closed pipe: content %q", got)
	}
	if left := tempFiles(shared); len(left) > 0 {
		t.Errorf("fix --in-place with stderr a closed pipe: temporary files left: %v", left)
	}
}

// A file size limit (ulimit -f) reached while writing: the Go runtime ignores
// SIGXFSZ, so the write fails instead of the signal killing the tool with its
// temporary file on disk; one line says so, exit status 2, the input is
// untouched and nothing is left behind.
func TestFaultFileSizeLimit(t *testing.T) {
	bin := utf8xBinary(t)
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set ulimit -f with:", err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	content := bytes.Repeat([]byte("caf\xE9 "), 100000) // 500 KB, beyond the 256 KB limit
	if err := os.WriteFile(in, content, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{"fix --in-place", "convert -f latin1 -t utf-16 -o out.txt"} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.CommandContext(ctx, sh, "-c", "ulimit -f 512 && exec "+bin+" "+args+" in.txt")
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		code := exitCode(cmd.Run())
		cancel()
		if code != 2 {
			t.Errorf("%s: exit status %d, want 2 (stderr %q)", args, code, stderr.String())
		}
		oneLine(t, args, stderr.String(), "file too large")
		if got, _ := os.ReadFile(in); !bytes.Equal(got, content) {
			t.Errorf("%s: the input changed", args)
		}
		if _, err := os.Stat(filepath.Join(dir, "out.txt")); err == nil {
			t.Errorf("%s: out.txt written", args)
		}
		if left := tempFiles(dir); len(left) > 0 {
			t.Errorf("%s: temporary files left: %v", args, left)
		}
	}
}
