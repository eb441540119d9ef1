//go:build !purego

package main

// fullPositionLimit is TestPositionEnginesAgree's largest input outside
// short mode: past 2^31 and 3e9 bytes.
const fullPositionLimit = 3_300_000_000
