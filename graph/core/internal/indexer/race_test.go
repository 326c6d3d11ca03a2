//go:build race

package indexer

// raceEnabled: the race detector slows the property test ~10x, so its
// race-mode run is a sample; scripts/test.sh runs all 200 steps without it.
const raceEnabled = true
