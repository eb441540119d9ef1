//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY returns the two ends of a new pseudo-terminal.
func openPTY() (master, slave *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		master.Close()
		return nil, nil, err
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	return master, slave, nil
}

// Ctrl-C in the middle of a big fix --in-place, with stderr on a terminal:
// the progress bar was drawn, and is erased before the one-line message.
func TestFaultSignalErasesProgressBar(t *testing.T) {
	bin := utf8xBinary(t)
	master, slave, err := openPTY()
	if err != nil {
		t.Skip("no pseudo-terminal here:", err)
	}
	defer master.Close()
	dir := t.TempDir()
	in := filepath.Join(dir, "big.txt")
	bigInput(t, in, int(progressMinBytes)+1<<20) // just big enough for a bar
	inSum := digest(t, in)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// -j 1: the stream counts each read before writing it, so the bar is on
	// the screen before the temporary file has data; ranges count a range
	// after writing it, and the signal could come before the first drawing.
	cmd := exec.CommandContext(ctx, bin, "fix", "-j", "1", "--invalid", "escape", "--in-place", in)
	cmd.Stderr = slave
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	var screen bytes.Buffer
	done := make(chan struct{})
	go func() {
		io.Copy(&screen, master) // ends with EIO once the child has exited
		close(done)
	}()
	if !signalMidWrite(cmd, dir, syscall.SIGINT) {
		cmd.Wait()
		t.Fatal("never saw the temporary file being written")
	}
	err = cmd.Wait()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the terminal never closed")
	}
	if code := exitCode(err); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
	out := screen.String()
	erase := strings.LastIndex(out, "\r\x1b[K")
	if !strings.Contains(out, "fixing ") || erase < 0 {
		t.Fatalf("no bar drawn and erased on the terminal: %q", out)
	}
	// After the erase: only the message (the terminal turns \n into \r\n).
	if rest := out[erase+len("\r\x1b[K"):]; rest != "utf8x: stopped by SIGINT (interrupt); "+in+" left as it was\r\n" {
		t.Errorf("after the erase the terminal shows %q", rest)
	}
	if digest(t, in) != inSum {
		t.Error("the input changed")
	}
	if left := tempFiles(dir); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// smallFS mounts a tmpfs of size bytes on a new directory, or skips with the
// reason (mounting needs root, and a kernel that lets this process do it).
func smallFS(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d,mode=0755", size)); err != nil {
		return ""
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// A full file system: fix --in-place, fix -o and convert -o stop with one
// line and exit status 2, leaving the input, the old output and no temporary
// file; writing to a full standard output (/dev/full) says so too.
func TestFaultFullFileSystem(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"fix"}, {"convert", "-f", "latin1", "-t", "utf-16"}} {
		var errOut bytes.Buffer
		code := run(args, strings.NewReader(strings.Repeat("caf\xE9\n", 50000)), full, &errOut)
		if code != 2 {
			t.Errorf("utf8x %s > /dev/full: exit %d, want 2", strings.Join(args, " "), code)
		}
		oneLine(t, strings.Join(args, " ")+" > /dev/full", errOut.String(), "utf8x: cannot write to standard output: no space left on device")
	}

	dir := smallFS(t, 256<<10)
	if dir == "" {
		t.Skip("cannot mount a small tmpfs here (not root, or not permitted): only /dev/full was tried")
	}
	// 200 KB that grow by half when fixed (each E9 becomes EF BF BD): the
	// rewrite needs 300 KB more on a 256 KB file system.
	in := filepath.Join(dir, "in.txt")
	content := bytes.Repeat([]byte("ab\xE9\n"), 50000)
	if err := os.WriteFile(in, content, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"fix", "--in-place", in},
		{"fix", "-o", out, in},
		{"convert", "-f", "latin1", "-t", "utf-32", "-o", out, in},
		{"convert", "-f", "latin1", "-t", "utf-32", "--in-place", in},
	} {
		name := strings.Join(args[:len(args)-1], " ")
		var errOut bytes.Buffer
		if code := run(args, nil, io.Discard, &errOut); code != 2 {
			t.Errorf("%s: exit %d, want 2", name, code)
		}
		oneLine(t, name, errOut.String(), "no space left on device")
		if !strings.Contains(errOut.String(), "left as it was") {
			t.Errorf("%s: stderr %q does not say the file was left as it was", name, errOut.String())
		}
		if got, _ := os.ReadFile(in); !bytes.Equal(got, content) {
			t.Errorf("%s: the input changed", name)
		}
		if got, _ := os.ReadFile(out); string(got) != "old\n" {
			t.Errorf("%s: the old output changed", name)
		}
		if left := tempFiles(dir); len(left) > 0 {
			t.Errorf("%s: temporary files left: %v", name, left)
		}
	}
}
