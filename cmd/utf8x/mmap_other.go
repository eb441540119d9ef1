//go:build !linux

package main

import (
	"errors"
	"os"
)

// mapRange is not used outside Linux: ranges are read with ReadAt.
func mapRange(f *os.File, off int64, n int) (data []byte, unmap func(), err error) {
	return nil, nil, errors.New("not mapped")
}
