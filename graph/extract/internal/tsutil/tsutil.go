package tsutil

import (
	"errors"
	"fmt"
	"runtime"
	"time"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
)

// DefaultTimeout bounds one file's parse; pathological inputs (a 300 KB
// random file) must not stall a sync.
const DefaultTimeout = 5 * time.Second

// ErrTimeout is returned when a parse was cancelled by its timeout.
var ErrTimeout = errors.New("tsutil: parse timed out")

// Lang is a grammar plus a small pool of parsers for it. Parsers are not
// safe for concurrent use, so each Parse takes one from the pool.
type Lang struct {
	Language *sitter.Language
	pool     chan *sitter.Parser
	Timeout  time.Duration
	bodies   *bodyKinds // the kinds body digests read (body.go)
	// expired, when set (tests), replaces the clock as what cancels a
	// parse: it is asked at each of tree-sitter's progress checks.
	expired func() bool
}

// NewLang wraps a grammar's Language() pointer (from its bindings/go package).
func NewLang(ptr unsafe.Pointer) *Lang {
	l := &Lang{
		Language: sitter.NewLanguage(ptr),
		pool:     make(chan *sitter.Parser, 2*runtime.GOMAXPROCS(0)),
		Timeout:  DefaultTimeout,
	}
	l.bodies = newBodyKinds(l.Language)
	return l
}

// WithTimeout returns a Lang for the same grammar with a parser pool of
// its own whose parses give up after d.
func (l *Lang) WithTimeout(d time.Duration) *Lang {
	return &Lang{Language: l.Language, pool: make(chan *sitter.Parser, cap(l.pool)), Timeout: d, bodies: l.bodies}
}

func (l *Lang) getParser() (*sitter.Parser, error) {
	select {
	case p := <-l.pool:
		return p, nil
	default:
	}
	p := sitter.NewParser()
	if err := p.SetLanguage(l.Language); err != nil {
		p.Close()
		return nil, fmt.Errorf("set language: %w", err)
	}
	return p, nil
}

func (l *Lang) putParser(p *sitter.Parser) {
	p.Reset()
	select {
	case l.pool <- p:
	default:
		p.Close()
	}
}

// Parse parses content and calls fn with the root node. The tree is closed
// when fn returns, so no node may be kept after it.
func (l *Lang) Parse(content []byte, fn func(root *sitter.Node)) error {
	return l.parseIn(content, nil, len(content) >= largeSource, fn)
}

// parseIn is Parse reading only the parts of content keep names (all of
// it when nil; ranges.go); room makes room for a large tree before the
// parse, and a large tree's pages are handed back after it
// (allocator.go).
func (l *Lang) parseIn(content []byte, keep []extract.Span, room bool, fn func(root *sitter.Node)) error {
	p, err := l.getParser()
	if err != nil {
		return err
	}
	ends, err := setRanges(p, content, keep)
	if err != nil {
		l.putParser(p)
		return err
	}
	expired := l.expired
	if expired == nil {
		deadline := time.Now().Add(l.Timeout)
		expired = func() bool { return time.Now().After(deadline) }
	}
	timedOut := false
	opts := &sitter.ParseOptions{ProgressCallback: func(sitter.ParseState) bool {
		timedOut = timedOut || expired()
		return timedOut
	}}
	n := len(content)
	if room {
		beforeLargeParse()
	}
	tree := p.ParseWithOptions(func(i int, _ sitter.Point) []byte {
		if i < n {
			return content[i:chunkEnd(ends, i, n)]
		}
		return nil
	}, nil, opts)
	if keep != nil {
		p.SetIncludedRanges(nil) // the tree keeps its own; the pool's parsers read everything
	}
	if tree == nil {
		// A parse cancelled while balancing its tree leaves the parser
		// set to resume the balancing, and the C library of
		// go-tree-sitter v0.25.0 does not clear that on reset
		// (tree-sitter PR #4176): the parser's next parse would abort the
		// process. A parser whose parse gave no tree is never reused.
		p.Close()
		if timedOut {
			return ErrTimeout
		}
		return errors.New("tsutil: parse failed")
	}
	defer l.putParser(p)
	func() {
		defer tree.Close()
		fn(tree.RootNode())
	}()
	if n >= largeSource {
		afterLargeParse()
	}
	return nil
}

// KindID returns the id of a named node kind; it panics on a typo so that a
// wrong kind name fails every test rather than silently matching nothing.
func (l *Lang) KindID(name string) uint16 {
	id := l.Language.IdForNodeKind(name, true)
	if id == 0 {
		panic("tsutil: unknown node kind " + name)
	}
	return id
}

// FieldID returns the id of a field name; it panics on a typo.
func (l *Lang) FieldID(name string) uint16 {
	id := l.Language.FieldIdForName(name)
	if id == 0 {
		panic("tsutil: unknown field " + name)
	}
	return id
}

// Span converts a node's byte range.
func Span(n *sitter.Node) extract.Span {
	return extract.Span{Start: uint32(n.StartByte()), End: uint32(n.EndByte())}
}

// Text returns a node's source text.
func Text(n *sitter.Node, content []byte) string {
	return string(content[n.StartByte():n.EndByte()])
}

// maxDiagnostics caps the parse errors reported per file.
const maxDiagnostics = 5

// Errors reports up to a few ERROR or MISSING nodes as diagnostics. Files
// with errors are normal (macros, newer syntax); extraction goes on.
func Errors(root *sitter.Node, lines extract.LineIndex) []extract.Diagnostic {
	if !root.HasError() {
		return nil
	}
	var out []extract.Diagnostic
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if len(out) >= maxDiagnostics || !n.HasError() {
			return
		}
		if n.IsError() || n.IsMissing() {
			msg := "syntax error"
			if n.IsMissing() {
				msg = "missing " + n.Kind()
			}
			out = append(out, extract.Diagnostic{Line: lines.Line(uint32(n.StartByte())), Message: msg})
			return
		}
		for i := uint(0); i < n.ChildCount(); i++ {
			walk(n.Child(i))
		}
	}
	walk(root)
	return out
}
