//go:build !linux

package main

import (
	"errors"
	"os"
)

// spliceFile is Linux's splice(2): elsewhere the caller writes.
func spliceFile(out, in *os.File, off int64, n int) (int, error) { return 0, errNoSplice }

var errNoSplice = errors.New("cannot splice")

// splices says whether spliceFile can work here.
const splices = false

// stage is where fixSplice writes its output: elsewhere, out itself.
type stage struct{ out *os.File }

func newStage(out *os.File) *stage { return &stage{out: out} }

func (s *stage) close() {}

func (s *stage) splice(in *os.File, off int64, n int) (int, error) {
	return spliceFile(s.out, in, off, n)
}

func (s *stage) write(p []byte) error {
	_, err := s.out.Write(p)
	return err
}

func (s *stage) writev(p [][]byte) error {
	for _, b := range p {
		if err := s.write(b); err != nil {
			return err
		}
	}
	return nil
}

func (s *stage) flush() error { return nil }
