package tsutil

import (
	"slices"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestSetRangesPoints: each included range's start and end points are
// the row and column of its offsets, counted from the content's
// newlines (tree-sitter's positions must agree with its bytes).
func TestSetRangesPoints(t *testing.T) {
	content := []byte("ab\ncd\n\nefgh\nij")
	keep := []extract.Span{{Start: 1, End: 2}, {Start: 4, End: 8}, {Start: 8, End: 8}, {Start: 9, End: 14}, {Start: 20, End: 30}}
	p := sitter.NewParser()
	defer p.Close()
	ends, err := setRanges(p, content, keep)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{2, 8, 14}; !slices.Equal(ends, want) {
		t.Errorf("ends %v, want %v", ends, want)
	}
	pt := func(off int) sitter.Point { // by a walk over every byte
		var row, col uint
		for _, c := range content[:off] {
			if c == '\n' {
				row, col = row+1, 0
			} else {
				col++
			}
		}
		return sitter.Point{Row: row, Column: col}
	}
	var want []sitter.Range
	for _, k := range [][2]int{{1, 2}, {4, 8}, {9, 14}} { // the empty and the past-the-end parts dropped
		want = append(want, sitter.Range{StartByte: uint(k[0]), EndByte: uint(k[1]), StartPoint: pt(k[0]), EndPoint: pt(k[1])})
	}
	got := p.IncludedRanges()
	if len(got) != len(want) {
		t.Fatalf("ranges %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("range %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestChunkEnd: a chunk runs from where the parser asks to the end of the
// range it is in (or the next one), never past the file, and to the
// file's end when no ranges are set.
func TestChunkEnd(t *testing.T) {
	ends := []int{2, 8, 14}
	for _, c := range []struct{ i, n, want int }{
		{0, 20, 2}, {1, 20, 2}, {2, 20, 8}, {4, 20, 8}, {7, 20, 8}, {8, 20, 14}, {13, 20, 14},
		{14, 20, 20}, {19, 20, 20}, {4, 6, 6},
	} {
		if got := chunkEnd(ends, c.i, c.n); got != c.want {
			t.Errorf("chunkEnd(%v, %d, %d) = %d, want %d", ends, c.i, c.n, got, c.want)
		}
	}
	if got := chunkEnd(nil, 5, 20); got != 20 {
		t.Errorf("no ranges: chunkEnd = %d, want 20", got)
	}
}
