package main

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// pipeSize is the pipe buffer growPipe asks for: the largest an unprivileged
// process gets by default (/proc/sys/fs/pipe-max-size).
const pipeSize = 1 << 20

// growPipe enlarges the buffer of w when it is a pipe, from the 64 KiB
// Linux starts with: a writer of large blocks otherwise sleeps and wakes the
// reader every 64 KiB, and the switches cost more than the copying. Failure
// changes nothing, so it is ignored.
func growPipe(w io.Writer) {
	if !isPipe(w) {
		return
	}
	_, _ = unix.FcntlInt(w.(*os.File).Fd(), unix.F_SETPIPE_SZ, pipeSize)
}
