package main

import (
	"errors"
	"io"
	"os"
	"unsafe"

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
			k, e := unix.Splice(inFd, &off, int(fd), nil, n-done, unix.SPLICE_F_MOVE|unix.SPLICE_F_MORE)
			m, serr = int64(k), e // int on 32-bit systems
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

// stageSize is the buffer asked for the staging pipe, and stageFlush how
// much it holds before it is moved on: all it can, which woke the reader
// least and measured fastest (moving 256 or 512 KiB on, so that the reader
// has one batch to read while the next is put together, was slower). A
// batch also ends when the pipe runs out of slots (one per splice or write
// at least), or is smaller than asked.
const (
	stageSize  = 1 << 20
	stageFlush = stageSize
)

// stage puts fix's output together in a private pipe and moves it on to
// out in large batches. Around each error fix splices a valid run and
// writes a repair; into out directly, each of those wakes the reader of
// out, which then reads a few bytes and sleeps again, and the wakes, not
// the bytes, came to set fix's pace. Nothing waits on the private pipe, so
// filling it wakes nobody, and moving its buffers on to out is one splice
// that hands over page references without copying.
type stage struct {
	out  *os.File
	r, w int // the private pipe; w < 0: none, write into out directly
	held int // bytes in the private pipe
	iov  []unix.Iovec
}

// newStage returns a stage in front of the pipe out; without a private
// pipe (the process is out of descriptors, say) it writes into out
// directly, which is slower but the same.
func newStage(out *os.File) *stage {
	s := &stage{out: out, r: -1, w: -1}
	var p [2]int
	if unix.Pipe2(p[:], unix.O_CLOEXEC) != nil {
		return s
	}
	// Only the write end is non-blocking: a full private pipe then says so
	// (EAGAIN) rather than blocking with no one to empty it.
	if unix.SetNonblock(p[1], true) != nil {
		unix.Close(p[0])
		unix.Close(p[1])
		return s
	}
	_, _ = unix.FcntlInt(uintptr(p[1]), unix.F_SETPIPE_SZ, stageSize)
	s.r, s.w = p[0], p[1]
	return s
}

// close releases the private pipe, whatever it still holds.
func (s *stage) close() {
	if s.w >= 0 {
		unix.Close(s.r)
		unix.Close(s.w)
		s.r, s.w = -1, -1
	}
}

// splice moves n bytes of the regular file in, from offset off, into the
// output, as spliceFile does.
func (s *stage) splice(in *os.File, off int64, n int) (int, error) {
	if s.w < 0 {
		return spliceFile(s.out, in, off, n)
	}
	inFd := int(in.Fd())
	done := 0
	for done < n {
		m, err := unix.Splice(inFd, &off, s.w, nil, n-done, unix.SPLICE_F_MOVE|unix.SPLICE_F_NONBLOCK)
		switch {
		case err == unix.EAGAIN && s.held == 0:
			// Not the private pipe full, then: splice directly, nothing
			// being ahead of these bytes, rather than retry forever.
			m, err := spliceFile(s.out, in, off, n-done)
			return done + m, err
		case err == unix.EAGAIN:
			if err := s.flush(); err != nil {
				return done, err
			}
			continue
		case done == 0 && (err == unix.EINVAL || err == unix.ENOSYS):
			return 0, errNoSplice
		case err == nil && m == 0:
			err = io.ErrUnexpectedEOF // the file was cut short
		}
		if err != nil {
			return done, err
		}
		done += int(m)
		s.held += int(m)
	}
	if s.held >= stageFlush {
		return done, s.flush()
	}
	return done, nil
}

// write writes p to the output.
func (s *stage) write(p []byte) error {
	if s.w < 0 {
		_, err := s.out.Write(p)
		return err
	}
	for len(p) > 0 {
		if s.held == 0 && len(p) >= stageFlush {
			// Nothing is ahead of p, and it is a batch by itself.
			_, err := s.out.Write(p)
			return err
		}
		m, err := unix.Write(s.w, p)
		if m > 0 {
			p = p[m:]
			s.held += m
		}
		switch {
		case err == unix.EAGAIN || (err == nil && len(p) > 0):
			if err := s.flush(); err != nil {
				return err
			}
		case err != nil:
			return err
		}
	}
	if s.held >= stageFlush {
		return s.flush()
	}
	return nil
}

// maxSegs is the most pieces writev hands the kernel at once (IOV_MAX).
const maxSegs = 1024

// writev writes the pieces of p one after the other to the output, with
// as few calls as the private pipe's room allows. It may change p.
func (s *stage) writev(p [][]byte) error {
	if s.w < 0 {
		for _, b := range p {
			if err := s.write(b); err != nil {
				return err
			}
		}
		return nil
	}
	for len(p) > 0 {
		if len(p[0]) == 0 {
			p = p[1:]
			continue
		}
		s.iov = s.iov[:0]
		want := 0
		for _, b := range p[:min(len(p), maxSegs)] {
			if len(b) > 0 {
				iov := unix.Iovec{Base: &b[0]}
				iov.SetLen(len(b))
				s.iov = append(s.iov, iov)
				want += len(b)
			}
		}
		// unix.Writev would make a new iovec array on every call.
		r, _, errno := unix.Syscall(unix.SYS_WRITEV, uintptr(s.w), uintptr(unsafe.Pointer(&s.iov[0])), uintptr(len(s.iov)))
		m := int(r)
		switch {
		case errno == unix.EAGAIN && s.held == 0:
			// Not the private pipe full: nothing is ahead of p, so
			// write it directly.
			for _, b := range p {
				if _, err := s.out.Write(b); err != nil {
					return err
				}
			}
			return nil
		case errno == unix.EAGAIN:
			if err := s.flush(); err != nil {
				return err
			}
			continue
		case errno != 0:
			return errno
		}
		s.held += m
		full := m < want
		for m > 0 {
			if k := len(p[0]); k <= m {
				m -= k
				p = p[1:]
				continue
			}
			p[0] = p[0][m:]
			m = 0
		}
		if full {
			// The private pipe is full.
			if err := s.flush(); err != nil {
				return err
			}
		}
	}
	if s.held >= stageFlush {
		return s.flush()
	}
	return nil
}

// flush moves all the private pipe holds on to out.
func (s *stage) flush() error {
	if s.held == 0 {
		return nil
	}
	rc, err := s.out.SyscallConn()
	if err != nil {
		return err
	}
	for s.held > 0 {
		var m int64
		var serr error
		err := rc.Write(func(fd uintptr) bool {
			k, e := unix.Splice(s.r, nil, int(fd), nil, s.held, unix.SPLICE_F_MOVE)
			m, serr = int64(k), e // int on 32-bit systems
			return serr != unix.EAGAIN
		})
		switch {
		case serr == nil && err != nil:
			serr = err
		case serr == nil && m == 0:
			serr = io.ErrUnexpectedEOF // cannot happen: the pipe held more
		}
		if serr != nil {
			return serr
		}
		s.held -= int(m)
	}
	return nil
}
