package c_test

import (
	"os"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/lang/c"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp/cpptest"
)

// TestCorpus extracts the C corpus on this machine (system headers, the
// SQLite amalgamation, tree-sitter's runtime, Go's runtime/cgo) with no
// panic and well-formed records, logs what it yields and compares the
// symbol counts with universal-ctags. It runs only with ORBIT_CORPUS=1.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the real corpus")
	}
	s := cpptest.RunCorpus(t, c.New(), cpptest.CFiles(t))
	cpptest.CompareCtags(t, s)
}
