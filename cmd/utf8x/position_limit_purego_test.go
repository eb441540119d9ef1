//go:build purego

package main

// fullPositionLimit is TestPositionEnginesAgree's largest input outside
// short mode in the purego build: the portable kernels would take minutes
// over the deep cases, whose position code is the one the default build
// runs to 3.3 GB.
const fullPositionLimit = 256 << 20
