package bench

import (
	"fmt"
	"os"
	"strconv"
)

// slowdownFactor is ORBIT_BENCH_SLOWDOWN (e.g. 1.25), a test-only knob that
// proves the benchmark gate (tools/benchgate/prove.sh): each iteration that
// uses it (BenchmarkCalibrate) adds (factor-1) times its own work. Unset,
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
