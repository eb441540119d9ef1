//go:build !linux

package utf8x_test

// threadTime is 0 where the thread's CPU time is not read: benchmarks then
// report no cpu-ns/op.
func threadTime() int64 { return 0 }
