package ruby

import (
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

const commentedSrc = `# frozen_string_literal: true
# A library.
class Lib
  # Says hello,

  # twice.
  def hello(a,
            # the second
            b)
    <<~EOS
    # not a comment: the heredoc's text
    #{a}
    EOS
  end
=begin
def hidden; end
=end
  NAME = "lib" # kept: code before it
end
# trailing
__END__
# data
`

func TestCommentRuns(t *testing.T) {
	var got []string
	for _, r := range commentRuns([]byte(commentedSrc)) {
		got = append(got, strings.TrimSpace(commentedSrc[r.Start:r.End]))
	}
	want := []string{
		"# frozen_string_literal: true\n# A library.",
		"# Says hello,\n\n  # twice.",
		"# the second",
		"# not a comment: the heredoc's text", // only the string's text changes
		"=begin\ndef hidden; end\n=end",
		"# trailing",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("commentRuns =\n%q\nwant\n%q", got, want)
	}
}

// TestWithoutCommentsKeep: the runs are cut out of the parts Select kept
// (nil: the whole file), the last part's open end included.
func TestWithoutCommentsKeep(t *testing.T) {
	src := []byte("a\n# c\nb\n# d\nc\n")
	if got, want := withoutComments(src, nil), []extract.Span{{Start: 0, End: 2}, {Start: 6, End: 8}, {Start: 12, End: 14}}; !reflect.DeepEqual(got, want) {
		t.Errorf("whole file: %v, want %v", got, want)
	}
	keep := []extract.Span{{Start: 0, End: 4}, {Start: 8, End: 1<<32 - 1}}
	if got, want := withoutComments(src, keep), []extract.Span{{Start: 0, End: 2}, {Start: 12, End: 14}}; !reflect.DeepEqual(got, want) {
		t.Errorf("in part: %v, want %v", got, want)
	}
	if got := withoutComments([]byte("a\nb\n"), nil); got != nil {
		t.Errorf("no comment: %v, want nil (the whole file)", got)
	}
}

// TestDeclarationsWithoutComments: a dependency's file parsed without its
// comments declares what it declares parsed whole.
func TestDeclarationsWithoutComments(t *testing.T) {
	whole := New().Extract(extract.Input{Path: "lib.rb", Content: []byte(commentedSrc)})
	extract.DeclarationsOnly(whole)
	dep := New().Extract(extract.Input{Path: "lib.rb", Content: []byte(commentedSrc), DeclarationsOnly: true})
	extract.DeclarationsOnly(dep)
	if len(whole.Symbols) < 3 || len(whole.Diagnostics) > 0 {
		t.Fatalf("whole: %d symbols, diagnostics %v", len(whole.Symbols), whole.Diagnostics)
	}
	if !reflect.DeepEqual(dep, whole) {
		t.Errorf("without comments:\n%+v\nwhole:\n%+v", dep, whole)
	}
}
