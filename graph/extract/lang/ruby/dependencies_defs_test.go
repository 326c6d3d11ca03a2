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
		"initialize | def initialize(x) | end", // always read, without its body
		"build | def self.build(a, | end",
		"value= | def value=(v) # a writer | end",
		// cached assigns a Foo.new, == has no name it reads, text's heredoc is
		// at the margin, one is on one line, after's =begin too
		"last |   # Returns 3, | end", // its documentation with it
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scanDefs =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDefBodies: a method's body is where its `def` line ends, when that
// line surely holds the whole header.
func TestDefBodies(t *testing.T) {
	src := "class A\n  def multi(a,\n        b)\n    a\n  end\n  def commented # note\n    1\n  end\n" +
		"  def empty?(x = [1, 2])\n    x\n  end\n  def pattern(re = /x/)\n    re\n  end\n  def short\n  end\n" +
		"  private def quoted(s = 'a(', t = \"#{s}\")\n    s\n  end\n  def plain(s = \"b)\") # note\n    s\n  end\n" +
		"  def safe\n    x\n  rescue => e\n    y\n  ensure\n    z\n  end\n" +
		"  begin\n  def one; 1; end\n  rescue\n  end\n  def later\n    @l =\n      Later.new\n  end\nend\n"
	got := map[string]string{}
	for _, d := range scanDefs([]byte(src)) {
		got[d.name] = ""
		if d.body != 0 {
			got[d.name] = src[d.body:d.end]
		}
	}
	want := map[string]string{"multi": "", "commented": "    1\n  end", "empty?": "    x\n  end", "pattern": "", "short": "  end",
		"quoted": "", "plain": "    s\n  end", // quoted: an interpolation
		"safe": "    x\n  rescue => e\n    y\n  ensure\n    z\n  end"} // one: its line is all of it; later: a type fact
	if !reflect.DeepEqual(got, want) {
		t.Errorf("bodies = %q, want %q", got, want)
	}
}

// TestSelectDefs: a file read keeps its class and the methods named,
// without their bodies.
func TestSelectDefs(t *testing.T) {
	src := `module Lib
  class Runner
    attr_reader :name
    def initialize(n)
      @name = n
    end

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
	want := []string{"module Lib", "class Runner", "attr_reader :name", "def initialize(n)", "end", "def run", "end", // bodies left out
		"def name=(n)", "end", "end", "end"}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("kept:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
