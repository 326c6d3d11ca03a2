package ruby

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A dependency's file is parsed without its comment lines (DESIGN.md,
// Ruby and Rust packages: a file read in part): the standard library's
// rdoc was over half of what a file read in part still parsed, and a
// dependency's comments give nothing (flatten drops them; they only serve
// the body digests, which DeclarationsOnly drops). A run of lines holding
// only a comment (blank lines between them included) or an =begin block
// is left out of the parse, from its first line's start to the next line
// of code; the newline ending the line before stays, so statements end
// where they did. A line starting `#{` is code (a heredoc's
// interpolation). Dropping a `#` line inside a heredoc or a string changes
// only that string's text, which a dependency's extraction does not keep.

// withoutComments is keep (nil: the whole file) less the comment runs of
// src; nil when src has none and keep is nil.
func withoutComments(src []byte, keep []extract.Span) []extract.Span {
	runs := commentRuns(src)
	if len(runs) == 0 {
		return keep
	}
	if keep == nil {
		keep = []extract.Span{{Start: 0, End: uint32(len(src))}}
	}
	out := make([]extract.Span, 0, len(keep)+len(runs))
	for _, sp := range keep {
		at, end := sp.Start, min(sp.End, uint32(len(src)))
		for _, r := range runs {
			if r.End <= at || r.Start >= end {
				continue
			}
			if r.Start > at {
				out = append(out, extract.Span{Start: at, End: r.Start})
			}
			at = r.End
		}
		if at < end {
			out = append(out, extract.Span{Start: at, End: end})
		}
	}
	return out
}

// commentRuns are the runs of comment lines of src, each from its first
// line's start to the start of the next line of code (or the file's end),
// in order. What follows __END__ is data, left as it is.
func commentRuns(src []byte) []extract.Span {
	var runs []extract.Span
	start, inRun, inBegin := 0, false, false
	for at := 0; at < len(src); {
		line, next := lineAt(src, at)
		_, code := indentOf(line)
		if isDataEnd(line) {
			next = len(src)
		}
		comment := inBegin || bytes.HasPrefix(line, []byte("=begin")) || len(code) == 0 ||
			code[0] == '#' && !bytes.HasPrefix(code, []byte("#{"))
		if inBegin {
			inBegin = !bytes.HasPrefix(line, []byte("=end"))
		} else {
			inBegin = bytes.HasPrefix(line, []byte("=begin"))
		}
		switch {
		case comment && !inRun && len(code) > 0:
			start, inRun = at, true // a run starts at a comment, not at a blank line
		case !comment && inRun:
			runs = append(runs, extract.Span{Start: uint32(start), End: uint32(at)})
			inRun = false
		}
		at = next
	}
	if inRun {
		runs = append(runs, extract.Span{Start: uint32(start), End: uint32(len(src))})
	}
	return runs
}

// isDataEnd: the line is __END__, after which a file holds data.
func isDataEnd(line []byte) bool {
	return bytes.Equal(bytes.TrimRight(line, "\r"), []byte("__END__"))
}
