//go:build !unix

package main

import "os"

// openRead is os.Open (open_unix.go keeps regular files off the poller).
func openRead(path string) (*os.File, error) { return os.Open(path) }
