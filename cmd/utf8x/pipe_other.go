//go:build !linux

package main

import "io"

// growPipe leaves pipes as they are outside Linux.
func growPipe(io.Writer) {}
