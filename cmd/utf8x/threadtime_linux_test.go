package main

import "golang.org/x/sys/unix"

// threadTime is the CPU time the calling thread has used, in nanoseconds.
func threadTime() int64 { return cpuTime(unix.CLOCK_THREAD_CPUTIME_ID) }

// processTime is the CPU time the process has used, in nanoseconds.
func processTime() int64 { return cpuTime(unix.CLOCK_PROCESS_CPUTIME_ID) }

func cpuTime(clock int32) int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(clock, &ts); err != nil {
		panic(err)
	}
	return ts.Nano()
}
