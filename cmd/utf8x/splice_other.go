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
