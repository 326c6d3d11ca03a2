package ruby

import (
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

func TestScanDefs(t *testing.T) {
	src := `class Foo
  def initialize(x)
    @x = x
  end

  def self.build(a,
      b)
    new(a)
  end

  def value=(v) # a writer
    @v = v
  end

  def cached
    @c = Cache.new
  end

  def ==(other)
    true
  end

  def text
    s = <<~EOS
  margin
    EOS
  end

  def one; 1; end
  def after
    # a comment
=begin
=end
    2
  end
  # Returns 3,
  # a documented method.
  def last
    3
  end # done
end
__END__
  def ignored
  end
`
	var got []string
	for _, d := range scanDefs([]byte(src)) {
		text := src[d.start:d.end]
		first, _, _ := strings.Cut(text, "\n")
		got = append(got, d.name+" | "+first+" | "+text[len(text)-3:])
	}
	want := []string{
		"build | def self.build(a, | end",
		"value= | def value=(v) # a writer | end",
		// cached assigns a Foo.new, == is an operator, text's heredoc is
		// at the margin, one is on one line, after's =begin too
		"last |   # Returns 3, | end", // its documentation with it
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scanDefs =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSelectDefs: a file read keeps its class and the methods named.
func TestSelectDefs(t *testing.T) {
	src := `module Lib
  class Runner
    attr_reader :name
    def run
      step
    end

    def helper
      :unused
    end

    def name=(n)
      @name = n
    end
  end
end
`
	d := &rbDeps{}
	dir := extract.SelectDir{Files: []string{"lib.rb"}, Summaries: [][]byte{d.Summarize([]byte(src))}}
	sel := d.Select([]extract.SelectDir{dir}, names{"Runner": true, "run": true, "name": true})
	if !sel[0][0].Read {
		t.Fatal("lib.rb not read")
	}
	kept := string(extract.BlankOutside([]byte(src), sel[0][0].Keep))
	var lines []string
	for _, l := range strings.Split(kept, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	want := []string{"module Lib", "class Runner", "attr_reader :name", "def run", "step", "end",
		"def name=(n)", "@name = n", "end", "end", "end"}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("kept:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
