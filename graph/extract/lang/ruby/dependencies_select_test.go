package ruby

import (
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

func TestScanDecls(t *testing.T) {
	src := `module Test
  # a wrapper
  module Unit
    class TestCase < Base
      include Assertions, Util::Priority
      VERSION = "1"
      attr_reader :name, :data
      alias_method :run_test, :run
      def run(result)
        x = <<-EOS
text
EOS
      end
      class << self
        def suite; end
      end
      def value=(v); end
    end
    class Error < StandardError; end
  end
end
def helper; end
__END__
def ignored; end
`
	got := scanDecls([]byte(src))
	want := rbDecls{
		classes: []string{"TestCase", "Error"},
		wraps:   []string{"Test", "Unit"},
		consts:  []string{"VERSION"},
		methods: [][2]string{{"TestCase", "name"}, {"TestCase", "name="}, {"TestCase", "data"}, {"TestCase", "data="},
			{"TestCase", "run_test"}, {"TestCase", "run"},
			// the heredoc at the margin closed the class: what follows is the top level's
			{"Object", "suite"}, {"Object", "value="}, {"Object", "value"}, {"Object", "helper"}},
		needs: [][2]string{{"TestCase", "Base"}, {"TestCase", "Assertions"}, {"TestCase", "Priority"}, {"Error", "StandardError"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scanDecls =\n%+v\nwant\n%+v", got, want)
	}
	want.defs = scanDefs([]byte(src))
	if back := decodeDecls((&rbDeps{}).Summarize([]byte(src))); !reflect.DeepEqual(back, want) {
		t.Errorf("decodeDecls(Summarize) = %+v", back)
	}
}

type names map[string]bool

func (n names) Named(s string) bool                  { return n[s] }
func (n names) NamedThrough(_ string, s string) bool { return n[s] }

func TestSelect(t *testing.T) {
	d := &rbDeps{}
	files := map[string]string{
		"a.rb": "module G\n  class A < B\n    def go; end\n  end\nend\n",
		"b.rb": "module G\n  class B\n    include M\n  end\nend\n",
		"m.rb": "module G\n  module M\n    def help; end\n  end\nend\n",
		"o.rb": "module G\n  class Other\n    def go; end\n  end\nend\n",
		"w.rb": "module Only\n  class Inner\n  end\nend\n",
	}
	dir := extract.SelectDir{Files: []string{"a.rb", "b.rb", "m.rb", "o.rb", "w.rb"}}
	for _, f := range dir.Files {
		dir.Summaries = append(dir.Summaries, d.Summarize([]byte(files[f])))
	}
	for _, c := range []struct {
		names names
		want  []bool
	}{
		{names{"go": true}, []bool{false, false, false, false, false}},
		{names{"A": true}, []bool{true, true, false, false, false}},
		{names{"A": true, "help": true}, []bool{true, true, true, false, false}},
		{names{"Other": true, "go": true}, []bool{false, false, false, true, false}},
		{names{"Only": true}, []bool{false, false, false, false, true}},
	} {
		if got := d.selectFiles(decodeDirs([]extract.SelectDir{dir}), c.names); !reflect.DeepEqual(got[0], c.want) {
			t.Errorf("Select(%v) = %v, want %v", c.names, got[0], c.want)
		}
	}
}
