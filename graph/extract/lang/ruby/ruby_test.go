package ruby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/ruby"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, ruby.New())
}

func TestSupports(t *testing.T) {
	extracttest.Supports(t, ruby.New(), "ruby", map[string]bool{
		"a.rb": true, "lib/tasks/db.rake": true, "Rakefile": true, "sub/Gemfile": true, "A.RB": true,
		"Gemfile.lock": false, "a.erb": false, "rakefile.txt": false, "a.gemspec": true, ".gemspec": true,
	})
}

// TestParseTimeout checks that a parse cut short by its timeout gives a
// diagnostic and an otherwise empty result.
func TestParseTimeout(t *testing.T) {
	e := ruby.New().WithTimeout(time.Nanosecond)
	src := "class Slow\n" + strings.Repeat("  def f(a)\n    b = a + c * d\n    g(b)\n  end\n", 20000) + "end\n"
	got := e.Extract(extract.Input{Path: "slow.rb", Content: []byte(src)})
	extracttest.TimedOut(t, got, "ruby", "")
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, ruby.New(), extracttest.GoldenInputs(t))
}
