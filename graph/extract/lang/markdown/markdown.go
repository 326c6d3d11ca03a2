// Package markdown is the Markdown extractor of Orbit Graph: ATX and setext
// headings become section symbols qualified by their heading path
// ("docs/guide.md#Guide/Install"), and links to local files become imports.
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// its grammars' bindings (tree-sitter-markdown, block grammar only). It has
// no cgo of its own and never reads the disk: Extract is a pure function of
// its Input.
//
// Only the document's outline counts: a heading inside a block quote or a
// list item is quoted or list content, not a section of the file, and `#`
// lines in code, HTML blocks and front matter are not headings at all.
// Links are found by a small scanner over the block grammar's inline text
// (links.go), which costs far less than a second parse per paragraph with
// the inline grammar.
package markdown

import (
	"slices"
	"time"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the value of ExtractedFile.Lang and files.lang.
const langName = "markdown"

// Extractor extracts Markdown files. It is safe for concurrent use.
type Extractor struct {
	door tsutil.LazyDoor
}

// door is what every default Extractor shares; the parser reads the file
// with its non-ASCII bytes masked.
var door = tsutil.Lazy(func() *tsutil.Door {
	loadGrammar()
	return &tsutil.Door{Name: langName, Lang: mdLang, Flags: kindFlags, Prepare: asciiOnly}
})

var _ extract.Extractor = (*Extractor)(nil)

// New returns an extractor sharing the package's parser pool.
func New() *Extractor { return &Extractor{door: door} }

// WithTimeout returns an extractor with its own parser pool whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	return &Extractor{door: e.door.WithTimeout(d)}
}

// Lang returns "markdown".
func (e *Extractor) Lang() string { return langName }

// Supports accepts .md and .markdown files.
func (e *Extractor) Supports(path string) bool { return extract.HasExt(path, ".md", ".markdown") }

// Extract reads one file's headings and local links. A parse failure or
// timeout gives a diagnostic and an otherwise empty result; a bug in the
// walk becomes a diagnostic too, never a panic.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	out := &extract.ExtractedFile{Lang: langName, Namespace: in.Path}
	return e.door().Extract(in, out, func(nodes []tsutil.Node, _ extract.LineIndex) {
		d := &document{nodes: nodes, src: in.Content, path: in.Path, out: out}
		d.walk()
	})
}

// asciiOnly is content with every byte above 0x7f replaced by 'a', for the
// parser only. The grammar's scanner (tree-sitter-markdown v0.5.1) passes
// its lookahead code point to C's isdigit, which indexes a 384-entry table:
// a digit then a code point far above 255 ("0" then U+100000) read out of
// bounds and crashed the process (a fuzz finding; upstream's fix is not in
// a release we can pin). Markdown's syntax is ASCII and every byte keeps its
// offset, so the tree is the same, and headings and links are read from the
// original bytes by span.
func asciiOnly(content []byte) []byte {
	i := 0
	for i < len(content) && content[i] < utf8.RuneSelf {
		i++
	}
	if i == len(content) {
		return content
	}
	out := slices.Clone(content)
	for ; i < len(out); i++ {
		if out[i] >= utf8.RuneSelf {
			out[i] = 'a'
		}
	}
	return out
}
