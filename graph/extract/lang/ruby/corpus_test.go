package ruby_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/ruby"
)

// corpusFiles lists the Ruby files of the real corpus: everything under
// Ruby's library prefix (/usr/lib/ruby after `apt-get install ruby`: the
// standard library, the bundled gems with their tests, Rakefiles and
// Gemfiles), or under ORBIT_RUBY_CORPUS when set.
func corpusFiles(tb testing.TB) (string, []string) {
	tb.Helper()
	dir := os.Getenv("ORBIT_RUBY_CORPUS")
	if dir == "" {
		out, err := exec.Command("ruby", "-e", `print RbConfig::CONFIG["rubylibprefix"]`).Output()
		if err != nil {
			tb.Skipf("no ruby to find the standard library: %v", err)
		}
		dir = string(out)
	}
	return dir, extracttest.CorpusFiles(tb, dir, ruby.New().Supports)
}

// TestCorpus extracts every file of the real corpus (only with
// ORBIT_CORPUS=1): no panic, well-formed records, and a summary to compare
// with universal-ctags on the same files.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the real corpus")
	}
	dir, files := corpusFiles(t)
	e := ruby.New()
	var s extracttest.Stats
	for _, in := range extracttest.Sample(t, dir, files, 0) {
		f := s.Extract(e, in)
		if msg := extracttest.WellFormed(f, uint32(len(in.Content))); msg != "" && !strings.HasPrefix(msg, "parse:") {
			t.Errorf("%s: %s", in.Path, msg)
		}
	}
	t.Logf("%v\nuniversal-ctags on the same files: %v", &s, extracttest.CtagsKinds(dir, "Ruby"))
}
