//go:build unix

package main

import (
	"io/fs"
	"os"
	"syscall"
)

// openRead opens path for reading as os.Open does, except that a regular
// file is not registered with the runtime's network poller. os.Open offers
// every file to the poller (epoll), which refuses regular files; on the way
// it makes the poller (an epoll instance and an eventfd), the first time,
// and sets and clears O_NONBLOCK: eight system calls, in every run that
// reads a file, for a descriptor whose reads block however it is opened.
// Anything but a regular file (a FIFO, a terminal, a device) is opened
// again with os.Open, so that it keeps the poller's deadlines and
// interruptible reads. The error is os.Open's: an *fs.PathError with Op
// "open".
func openRead(path string) (*os.File, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return os.Open(path)
	}
	return os.NewFile(uintptr(fd), path), nil
}
