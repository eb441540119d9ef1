package table

import (
	"time"

	"golang.org/x/sys/unix"
)

// ThreadCPU returns the CPU time the calling thread has used, or false
// where the clock cannot be read. Every command of this module reads its
// CPU times here.
func ThreadCPU() (time.Duration, bool) {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// ThreadTime is ThreadCPU's time alone: 0 where the clock cannot be read.
func ThreadTime() time.Duration {
	d, _ := ThreadCPU()
	return d
}

// ProcessTime returns the CPU time the whole process has used (every
// thread: the garbage collector's workers too), or 0 where the clock
// cannot be read.
func ProcessTime() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
