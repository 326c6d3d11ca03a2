package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// gcHeadroom is the least a server allocates between two collections.
//
// Go collects when the heap has grown by GOGC (100) percent of what the
// last collection scanned: with the 3 to 7 MB a server keeps live between
// queries, that is every few megabytes, every few refs answers on a
// 200k-line corpus (an answer allocates about 0.7 MB, most of it the query
// and the SDK's decoders). Those collections cost the server more CPU than
// everything MCP adds to a query (issue 16): with 8 MB of headroom a refs
// call took 0.57x the server CPU and 0.64x the latency, for 10 MB more
// resident memory (28 -> 38 MB); 16 MB bought little more for 15 MB more.
// From a live heap of 8 MB up (a sync of a large worktree) GOGC stays 100,
// so peak memory is the same; below it the heap grows to at most
// gcHeadroom above the live heap.
const gcHeadroom = 8 << 20

var gcOnce sync.Once

// keepGCHeadroom sets GOGC after every collection so that the next one
// comes after at least headroom bytes of allocation, and never sooner than
// GOGC=100 would. A GOGC set in the environment is left alone.
func keepGCHeadroom(headroom uint64, env func(string) string) {
	if env("GOGC") != "" {
		return
	}
	gcOnce.Do(func() {
		// GOGC scales what a collection scans: the live heap, stacks and globals.
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/globals:bytes"}}
		percent := 100
		var tick, next func()
		next = func() { runtime.AddCleanup(&gcTick{}, func(struct{}) { tick() }, struct{}{}) }
		tick = func() {
			metrics.Read(sample)
			var scanned uint64
			for _, s := range sample {
				if s.Value.Kind() == metrics.KindUint64 {
					scanned += s.Value.Uint64()
				}
			}
			// SetGCPercent stops the world: only for a change worth it.
			if p := gcPercent(headroom, scanned); p*10 < percent*9 || p*10 > percent*11 {
				debug.SetGCPercent(p)
				percent = p
			}
			next()
		}
		next() // from the first collection on: before it nothing was scanned
	})
}

// gcPercent is the GOGC that lets the heap grow by at least headroom
// after a collection that scanned scanned bytes.
func gcPercent(headroom, scanned uint64) int {
	return max(100, int(headroom*100/max(scanned, 1<<20)))
}

// gcTick is an object unreachable at once, whose cleanup runs after the
// next collection. It holds a pointer so that the allocator does not
// batch it with other small objects (which could keep it alive).
type gcTick struct{ _ *int }
