// Package testsample thins the exhaustive sweeps of the tests under
// go test -short. Only tests import it.
package testsample

import "testing"

// Sampled reports whether a case of an exhaustive sweep runs: always, except
// under go test -short, which keeps about one case in every, picked by a hash
// of the case's coordinates so that the kept cases spread over every offset,
// length and block position instead of following a stride. Every test still
// runs, every kernel included; only the sweep thins out.
func Sampled(every int, keys ...int) bool {
	return !testing.Short() || Thin(every, keys...)
}

// Thin keeps one case in every, picked by a hash of the coordinates keys, in
// every run, -short or not: for sweeps too large to run whole even then.
func Thin(every int, keys ...int) bool {
	h := uint64(0x9E3779B97F4A7C15)
	for _, k := range keys {
		h ^= uint64(k)
		h *= 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h%uint64(every) == 0
}
