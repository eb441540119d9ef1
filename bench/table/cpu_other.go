//go:build !linux

package table

import "time"

// threadCPU reports that no thread CPU clock is read here: wall time is used.
func threadCPU() (time.Duration, bool) { return 0, false }
