package main

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU returns the CPU time this thread has used.
func threadCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_THREAD, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
