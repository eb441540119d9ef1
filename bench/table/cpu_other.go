//go:build !linux

package table

import "time"

// ThreadCPU reports that no thread CPU clock is read here: wall time is used.
func ThreadCPU() (time.Duration, bool) { return 0, false }

// ThreadTime is ThreadCPU's time alone: 0 here.
func ThreadTime() time.Duration { return 0 }

// ProcessTime is 0 here: wall time is used.
func ProcessTime() time.Duration { return 0 }
