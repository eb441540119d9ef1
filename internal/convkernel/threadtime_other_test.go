//go:build !linux

package convkernel_test

// threadTime is 0 where the thread's CPU time is not read: benchmarks then
// report no cpu-MB/s.
func threadTime() int64 { return 0 }
