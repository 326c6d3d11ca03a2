package bench

import (
	"fmt"
	"os"
	"strconv"
)

// slowdownFactor is ORBIT_BENCH_SLOWDOWN (e.g. 1.25), a test-only knob that
// proves the benchmark gate (tools/benchgate/prove.sh): each iteration that
// uses it (BenchmarkCalibrate, and the queries of BenchmarkQuery) adds
// (factor-1) times its own work. Unset,
// empty or 1 means no slowdown. Nothing outside the bench test code reads it.
var slowdownFactor = func() float64 {
	s := os.Getenv("ORBIT_BENCH_SLOWDOWN")
	if s == "" {
		return 1
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 1 {
		panic(fmt.Sprintf("ORBIT_BENCH_SLOWDOWN=%q: want a factor >= 1", s))
	}
	return f
}()

// slowdownBytes is how many more bytes an iteration that hashes n bytes
// must hash to cost slowdownFactor times as much CPU: deterministic extra
// work rather than a wall-clock spin, which a busy machine would stretch
// along with the preemptions it measured.
func slowdownBytes(n int) int {
	return int(float64(n)*(slowdownFactor-1) + 0.5)
}

// repeatOwed spreads (factor-1) extra runs of a benchmark's real work over
// its iterations: with 1.25, every fourth iteration runs the query twice.
// The real work with its real noise, not a synthetic spin, is what a
// regression in the product would add, so proving the gate on it shows the
// gate can see through a macro benchmark's noise.
type repeatOwed struct{ owed float64 }

// again reports whether this iteration must run its work once more.
func (r *repeatOwed) again() bool {
	r.owed += slowdownFactor - 1
	if r.owed < 1 {
		return false
	}
	r.owed--
	return true
}
