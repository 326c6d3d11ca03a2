//go:build !unix

package bench

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }

// processUserCPU is not measured here.
func processUserCPU() time.Duration { return 0 }
