package tsutil

import (
	"bytes"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Included ranges: a file read in part (extract.Input.Keep, a
// dependency's declarations) is parsed with tree-sitter's included
// ranges, so that the parser passes over what lies outside them without
// lexing it, while every node keeps its offset in the whole file.

// setRanges makes p read only keep of content (in order; empty parts and
// parts past the end are dropped); nil keep leaves p reading everything.
func setRanges(p *sitter.Parser, content []byte, keep []extract.Span) error {
	if keep == nil {
		return nil
	}
	ranges := make([]sitter.Range, 0, len(keep))
	row, col := uint(0), uint(0) // at offset done
	done := 0
	point := func(off int) sitter.Point {
		// Rows by bytes.Count: the walk is over most of a file's bytes.
		if nl := bytes.LastIndexByte(content[done:off], '\n'); nl >= 0 {
			row += uint(bytes.Count(content[done:done+nl+1], []byte{'\n'}))
			col = uint(off - (done + nl + 1))
		} else {
			col += uint(off - done)
		}
		done = off
		return sitter.Point{Row: row, Column: col}
	}
	for _, sp := range keep {
		start, end := min(int(sp.Start), len(content)), min(int(sp.End), len(content))
		if start >= end || start < done {
			continue
		}
		r := sitter.Range{StartByte: uint(start), StartPoint: point(start)}
		r.EndByte, r.EndPoint = uint(end), point(end)
		ranges = append(ranges, r)
	}
	if len(ranges) == 0 { // nothing to read: an empty range, not the whole file
		ranges = append(ranges, sitter.Range{})
	}
	return p.SetIncludedRanges(ranges)
}
