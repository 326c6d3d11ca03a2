package cpp_test

import (
	"os"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/lang/cpp"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp/cpptest"
)

// TestCorpus extracts the C++ corpus on this machine (libstdc++, the
// .hpp headers under /usr/include, a few C++ sources) with no
// panic and well-formed records, logs what it yields and compares the
// symbol counts with universal-ctags. It runs only with ORBIT_CORPUS=1.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the real corpus")
	}
	s := cpptest.RunCorpus(t, cpp.New(), cpptest.CPPFiles(t))
	cpptest.CompareCtags(t, s)
}
