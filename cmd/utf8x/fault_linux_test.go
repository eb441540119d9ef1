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
	cmd := exec.CommandContext(ctx, bin, "fix", "--invalid", "escape", "--in-place", in)
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
