package java_test

import (
	"os"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/java"
)

// TestCorpus extracts every file of the real corpus when ORBIT_CORPUS=1,
// checks that each result is well formed and logs what it found.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the whole corpus")
	}
	e := java.New()
	var s extracttest.Stats
	for _, in := range loadCorpus(t, 0) {
		f := s.Extract(e, in)
		if msg := extracttest.WellFormedLoose(f, uint32(len(in.Content))); msg != "" {
			t.Errorf("%s: %s", in.Path, msg)
		}
	}
	t.Log(&s)
}
