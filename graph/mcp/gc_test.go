package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestGCPercent(t *testing.T) {
	for _, c := range []struct {
		headroom, scanned uint64
		want              int
	}{
		{8 << 20, 2 << 20, 400},  // a reader: 8 MB above 2 MB live
		{8 << 20, 8 << 20, 100},  // from 8 MB live up, the default
		{8 << 20, 64 << 20, 100}, // a large sync: never below the default
		{8 << 20, 0, 800},        // before anything is live: as for 1 MB
	} {
		if got := gcPercent(c.headroom, c.scanned); got != c.want {
			t.Errorf("gcPercent(%d, %d) = %d, want %d", c.headroom, c.scanned, got, c.want)
		}
	}
}

// TestKeepGCHeadroom: after a collection, GOGC is what gcPercent says for
// the test binary's small heap (well above 100 with 64 MB of headroom).
func TestKeepGCHeadroom(t *testing.T) {
	keepGCHeadroom(64<<20, func(string) string { return "" })
	defer debug.SetGCPercent(100)
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // the cleanup runs after the collection
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		if p > 100 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("GOGC still %d after collections", p)
		}
	}
}
