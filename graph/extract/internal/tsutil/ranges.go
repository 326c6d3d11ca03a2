package tsutil

import (
	"bytes"
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Included ranges: a file read in part (extract.Input.Keep, a
// dependency's declarations) is parsed with tree-sitter's included
// ranges, so that the parser passes over what lies outside them without
// lexing it, while every node keeps its offset in the whole file.

// setRanges makes p read only keep of content (in order; empty parts and
// parts past the end are dropped) and returns the ends of the ranges set,
// for chunkEnd; nil keep leaves p reading everything (and no ends).
func setRanges(p *sitter.Parser, content []byte, keep []extract.Span) ([]int, error) {
	if keep == nil {
		return nil, nil
	}
	ranges := make([]sitter.Range, 0, len(keep))
	row, col := uint(0), uint(0) // at offset done
	done := 0
	point := func(off int) sitter.Point {
		seg := content[done:off]
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			row, col = row+uint(n), uint(len(seg)-1-bytes.LastIndexByte(seg, '\n'))
		} else {
			col += uint(len(seg))
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
	ends := make([]int, len(ranges))
	for i, r := range ranges {
		ends[i] = int(r.EndByte)
	}
	return ends, p.SetIncludedRanges(ranges)
}

// chunkEnd is where the chunk the parser reads from offset i ends: the
// end of the first range ending after i, else the file's end n. The
// binding copies every chunk it hands over (twice: a Go string, then a C
// one), and the parser asks for a chunk wherever it enters a range; a
// chunk running to the file's end made that a copy of the rest of the
// file per range entered, where this copies each range once.
func chunkEnd(ends []int, i, n int) int {
	k, _ := slices.BinarySearch(ends, i+1)
	if k < len(ends) {
		return min(ends[k], n)
	}
	return n
}
