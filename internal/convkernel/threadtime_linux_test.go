package convkernel_test

import "golang.org/x/sys/unix"

// threadTime is the CPU time the calling thread has used, in nanoseconds.
func threadTime() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return ts.Nano()
}
