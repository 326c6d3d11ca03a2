package bench

import (
	"syscall"
	"testing"
	"time"

	"github.com/zeebo/blake3"
)

// calibrationInput is hashed by BenchmarkCalibrate: fixed bytes, so every
// machine does exactly the same work.
var calibrationInput = func() []byte {
	buf := make([]byte, 64<<10)
	x := uint32(2463534242)
	for i := range buf {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		buf[i] = byte(x)
	}
	return buf
}()

var calibrationSink [32]byte

// BenchmarkCalibrate is a small CPU-bound yardstick (no I/O, no
// allocation): blake3 of a fixed 64 KiB buffer. tools/benchgate compare
// -normalize divides every time metric by the ratio of its medians between
// two result files, so a baseline recorded on one machine can be compared
// with results from another. Besides sec/op it reports cpu-ns/op, the
// process CPU time per iteration, which a busy machine disturbs far less than
// wall time. It is also the benchmark ORBIT_BENCH_SLOWDOWN stretches to prove
// the gate (tools/benchgate/prove.sh); never set that when recording a
// baseline.
func BenchmarkCalibrate(b *testing.B) {
	b.SetBytes(int64(len(calibrationInput)))
	b.ReportAllocs()
	extra := calibrationInput[:slowdownBytes(len(calibrationInput))]
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		calibrationSink = blake3.Sum256(calibrationInput)
		if len(extra) > 0 {
			calibrationSink = blake3.Sum256(extra)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// cpuTime is the user+system CPU time this process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
