//go:build unix

package bench

import (
	"syscall"
	"time"
)

// processCPU is the CPU time this process used so far (user and system):
// a sync's CPU, unlike its wall time, does not depend on what else the
// machine runs.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processUserCPU is the user part of processCPU: the system part of a
// cold build is mostly creating cache and index files, whose cost
// varies with what the file system saw lately (other jobs' deletions on
// a busy ext4), so a ratio of user times is the steadier one.
func processUserCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano())
}
