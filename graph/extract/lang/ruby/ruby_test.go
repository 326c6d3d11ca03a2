package ruby_test

import (
	"reflect"
	"strings"
	"sync"
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
	e := ruby.New()
	if e.Lang() != "ruby" {
		t.Errorf("Lang() = %q", e.Lang())
	}
	for path, want := range map[string]bool{
		"a.rb": true, "lib/tasks/db.rake": true, "Rakefile": true, "sub/Gemfile": true, "A.RB": true,
		"Gemfile.lock": false, "a.erb": false, "rakefile.txt": false, "a.gemspec": false,
	} {
		if got := e.Supports(path); got != want {
			t.Errorf("Supports(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestParseTimeout checks that a parse cut short by its timeout gives a
// diagnostic and an otherwise empty result.
func TestParseTimeout(t *testing.T) {
	e := ruby.New().WithTimeout(time.Nanosecond)
	src := "class Slow\n" + strings.Repeat("  def f(a)\n    b = a + c * d\n    g(b)\n  end\n", 20000) + "end\n"
	got := e.Extract(extract.Input{Path: "slow.rb", Content: []byte(src)})
	if len(got.Diagnostics) != 1 || !strings.Contains(got.Diagnostics[0].Message, "timed out") {
		t.Fatalf("diagnostics = %+v, want one timeout", got.Diagnostics)
	}
	if got.Lang != "ruby" || got.Namespace != "" {
		t.Errorf("Lang, Namespace = %q, %q", got.Lang, got.Namespace)
	}
	if len(got.Symbols)+len(got.Refs)+len(got.Strings) != 0 {
		t.Errorf("want an otherwise empty result, got %d symbols, %d refs", len(got.Symbols), len(got.Refs))
	}
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	inputs := extracttest.GoldenInputs(t)
	e := ruby.New()
	want := make([]*extract.ExtractedFile, len(inputs))
	for i, in := range inputs {
		want[i] = e.Extract(in)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range inputs {
				j := (i + g*len(inputs)/4) % len(inputs)
				if got := e.Extract(inputs[j]); !reflect.DeepEqual(got, want[j]) {
					t.Errorf("%s: concurrent extraction differs", inputs[j].Path)
				}
			}
		})
	}
	wg.Wait()
}
