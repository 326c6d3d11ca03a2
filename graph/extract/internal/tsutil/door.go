package tsutil

import (
	"fmt"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Door is the front door of a tree-sitter extractor: Extract parses a file
// into a flat tree (bounded by the Lang's timeout), reports syntax errors
// as diagnostics, runs the language's walk, and turns a parse failure or a
// panic into a diagnostic. It holds the one recover of the extract tree:
// a bug in one file's walk must not take a whole sync down.
type Door struct {
	Name  string    // names the extractor in internal-error diagnostics ("go")
	Lang  *Lang     // nil for a format read without a grammar (.env): the walk gets no nodes
	Flags KindFlags // the nodes ParseFlat copies
	// Prepare, when set, is what the parser reads instead of the content,
	// to step round a grammar's scanner bug. It keeps every offset; nodes
	// that reach past the content (an added byte) are clamped back to it.
	Prepare func(content []byte) []byte
	// Fallback, when set, is the Namespace of a file the walk could not
	// read, from a lexical scan; otherwise out's namespace is kept.
	Fallback func(in extract.Input) string
	// KeepPartial keeps the records a walk found before it panicked; without
	// it a panic leaves the diagnostic alone, as a parse failure does.
	KeepPartial bool
	// Skip, when set, names byte ranges of the content the parser does
	// not read (sorted, disjoint, each whole lines of blanks a language
	// put in place of what it leaves out: a dependency's bodies), so
	// that the lexer does not walk them byte by byte. Offsets are kept.
	Skip func(content []byte) [][2]uint32
}

// Walk reads one parsed file into the result; nodes are valid only during
// the call.
type Walk func(nodes []Node, lines extract.LineIndex)

// WithTimeout is d with a parser pool of its own whose parses give up
// after t.
func (d Door) WithTimeout(t time.Duration) *Door {
	if d.Lang != nil {
		d.Lang = d.Lang.WithTimeout(t)
	}
	return &d
}

// Extract parses in.Content and runs walk over it, filling out, which the
// caller has given its Lang (and Namespace, when known before the walk).
// It never panics: a file that does not parse gives out's Lang, the
// fallback namespace and one diagnostic.
func (d *Door) Extract(in extract.Input, out *extract.ExtractedFile, walk Walk) (res *extract.ExtractedFile) {
	head := extract.ExtractedFile{Lang: out.Lang, Namespace: out.Namespace}
	defer func() {
		if r := recover(); r != nil {
			res = d.internalError(in, head, out, r)
		}
	}()
	lines := extract.NewLineIndex(in.Content)
	if d.Lang == nil {
		walk(nil, lines)
		return out
	}
	buf := GetNodes()
	defer PutNodes(buf)
	nodes, comments, diags, err := d.parse(in.Content, in.Keep, in.DeclarationsOnly, *buf, lines)
	*buf = nodes
	if err != nil {
		return d.failed(in, head, "parse: "+err.Error())
	}
	out.Diagnostics = diags
	walk(nodes, lines)
	// A dependency's bodies and closures are dropped (extract.DeclarationsOnly):
	// its decorators alone are worth the digest's walk.
	d.Lang.bodies.digest(in.Content, nodes, comments, out.Symbols, !in.DeclarationsOnly)
	if !in.DeclarationsOnly {
		out.Closures = d.Lang.bodies.closures(in.Content, nodes, comments, lines)
	}
	return out
}

// parse runs ParseFlat over what Prepare makes of content (the parts keep
// names, when not nil: Input.Keep). No room is made before the parse of a
// large file read for its declarations only (a dependency's;
// allocator.go): Go, Java and Rust blank its bodies, which leaves a small
// tree, and dependencies are many.
func (d *Door) parse(content []byte, keep []extract.Span, declOnly bool, buf []Node, lines extract.LineIndex) ([]Node, []extract.Span, []extract.Diagnostic, error) {
	src := content
	if d.Prepare != nil {
		src = d.Prepare(content)
	}
	if keep == nil && d.Skip != nil {
		// Skipping only spares the lexer blank lines: a file read in part
		// (keep) reads its parts whole.
		keep = unskipped(d.Skip(src), len(src))
	}
	room := len(src) >= largeSource && !declOnly
	nodes, comments, diags, err := d.Lang.parseFlat(src, keep, room, d.Flags, d.Lang.bodies.comment, buf, lines)
	if len(src) > len(content) {
		clampSpans(nodes, uint32(len(content)))
		for i := range comments {
			comments[i].Start = min(comments[i].Start, uint32(len(content)))
			comments[i].End = min(comments[i].End, uint32(len(content)))
		}
	}
	if err == nil && len(nodes) == 0 {
		err = errFlatten
	}
	return nodes, comments, diags, err
}

// clampSpans keeps every node inside the file's n bytes.
func clampSpans(nodes []Node, n uint32) {
	for i := range nodes {
		nodes[i].Start = min(nodes[i].Start, n)
		nodes[i].End = min(nodes[i].End, n)
	}
}

// internalError is the result of a walk that panicked with r.
func (d *Door) internalError(in extract.Input, head extract.ExtractedFile, out *extract.ExtractedFile, r any) *extract.ExtractedFile {
	msg := fmt.Sprintf("%s extractor: internal error: %v", d.Name, r)
	if d.KeepPartial {
		out.Diagnostics = append(out.Diagnostics, extract.Diagnostic{Message: msg})
		return out
	}
	return d.failed(in, head, msg)
}

// failed is the result for a file the walk could not read: one diagnostic.
func (d *Door) failed(in extract.Input, head extract.ExtractedFile, msg string) *extract.ExtractedFile {
	if d.Fallback != nil {
		head.Namespace = d.Fallback(in)
	}
	head.Diagnostics = []extract.Diagnostic{{Message: msg}}
	return &head
}

// unskipped is the complement of the skipped ranges in [0, n), as the
// parts a parse reads (parseIn); nil, all of it, when nothing is skipped
// or everything is.
func unskipped(skip [][2]uint32, n int) []extract.Span {
	var out []extract.Span
	from := uint32(0)
	for _, s := range skip {
		if s[0] > from {
			out = append(out, extract.Span{Start: from, End: s[0]})
		}
		from = max(from, s[1])
	}
	if int(from) < n {
		out = append(out, extract.Span{Start: from, End: uint32(n)})
	}
	return out
}
