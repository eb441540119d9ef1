package main

import (
	"errors"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// spliceFile moves n bytes of the regular file in, from offset off, to the
// pipe out with splice(2): the pipe is handed references to the page-cache
// pages, so no byte is copied on this side. It returns how many bytes moved;
// errNoSplice, with none moved, when the kernel cannot splice these two
// files, so that the caller writes them instead.
func spliceFile(out, in *os.File, off int64, n int) (int, error) {
	rc, err := out.SyscallConn()
	if err != nil {
		return 0, errNoSplice
	}
	inFd := int(in.Fd())
	done := 0
	for done < n {
		var m int64
		var serr error
		err := rc.Write(func(fd uintptr) bool {
			m, serr = unix.Splice(inFd, &off, int(fd), nil, n-done, unix.SPLICE_F_MOVE|unix.SPLICE_F_MORE)
			return serr != unix.EAGAIN
		})
		switch {
		case serr == nil && err != nil:
			serr = err
		case done == 0 && (serr == unix.EINVAL || serr == unix.ENOSYS):
			return 0, errNoSplice
		case serr == nil && m == 0:
			serr = io.ErrUnexpectedEOF // the file was cut short
		}
		if serr != nil {
			return done, serr
		}
		done += int(m)
	}
	return done, nil
}

var errNoSplice = errors.New("cannot splice")

// splices says whether spliceFile can work here.
const splices = true
