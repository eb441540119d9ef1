//go:build !linux

package main

import "time"

// threadCPU is unavailable here: windows are timed by the wall clock.
func threadCPU() (time.Duration, bool) { return 0, false }
