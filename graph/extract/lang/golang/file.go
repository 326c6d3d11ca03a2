package golang

import (
	"cmp"
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// fileExtractor holds the state of one Extract call.
type fileExtractor struct {
	t     tree
	in    extract.Input
	ns    string
	out   *extract.ExtractedFile
	lines extract.LineIndex

	testFile     bool                // the path ends in _test.go
	imports      map[string]string   // local name → import path; "_" and "." bind nothing
	dotImports   []string            // paths imported with "."
	topNames     map[string]int      // top-level func and type names → symbol index
	types        map[string]int      // top-level type names → symbol index
	structFields map[string]bool     // "T.f" for each field f of a struct type T of this file
	methods      []pendingMethod     // methods whose Parent is linked after the pass
	scope        scope               // function-local names
	switchAlias  string              // v of the innermost switch v := x.(type), "" if none
	varChains    map[string][]string // this file's package-level vars of container or func types
	fn           string              // enclosing top-level function, "" outside one or in a method
	fnDecl       int32               // node of the enclosing top-level function or method, -1 outside
	inFunc       int                 // function bodies (declared or literal) around the walk
	lits         int                 // func literals around the walk
	cmds         commands
}

type pendingMethod struct {
	symbol int
	recv   string
}

// newFileExtractor reads the tree over src, in.Content's text (a copy of
// it when src is "").
func newFileExtractor(in extract.Input, src string, nodes []node, lines extract.LineIndex, out *extract.ExtractedFile) *fileExtractor {
	if src == "" {
		src = string(in.Content)
	}
	return &fileExtractor{
		t:            tree{tsutil.Tree[string]{Nodes: nodes, Src: src}},
		in:           in,
		out:          out,
		lines:        lines,
		testFile:     strings.HasSuffix(in.Path, "_test.go"),
		imports:      make(map[string]string),
		topNames:     make(map[string]int),
		types:        make(map[string]int),
		structFields: make(map[string]bool),
		varChains:    make(map[string][]string),
		scope:        newScope(),
		fnDecl:       -1,
	}
}

// run fills out: declarations first (package, imports, symbols, relations),
// so that the walk knows the file's imports and top-level names, then the
// walk over everything for refs, strings and configs, then commands.
func (x *fileExtractor) run() {
	x.ns = namespace(x.in, x.packageName())
	x.out.Namespace = x.ns
	x.declarations()
	if x.in.DeclarationsOnly {
		x.dotAlternatives() // facts may come from a dot import too
		dropUnreachable(x.out)
		return
	}
	x.walk(0)
	x.finishCommands()
	x.dotAlternatives()
	x.sortRefs()
}

// sortRefs puts refs in source order (outer spans first at one offset):
// the walk emits them nearly so, commands' refs come last. Command
// handler indexes follow their refs.
func (x *fileExtractor) sortRefs() {
	refs := x.out.Refs
	if slices.IsSortedFunc(refs, compareRefs) {
		return
	}
	perm := make([]int, len(refs))
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(a, b int) int { return compareRefs(refs[a], refs[b]) })
	sorted := make([]extract.RawRef, len(refs))
	moved := make([]int, len(refs))
	for to, from := range perm {
		sorted[to], moved[from] = refs[from], to
	}
	x.out.Refs = sorted
	for i, c := range x.out.Commands {
		if c.Handler != extract.NoHandler {
			x.out.Commands[i].Handler = moved[c.Handler]
		}
	}
}

func compareRefs(a, b extract.RawRef) int {
	if a.Span.Start != b.Span.Start {
		return cmp.Compare(a.Span.Start, b.Span.Start)
	}
	return cmp.Compare(b.Span.End, a.Span.End)
}

// packageName is the name in the package clause, or a lexical guess when
// the parser did not find one.
func (x *fileExtractor) packageName() string {
	for c := x.t.FirstKid(0); c >= 0; c = x.t.Next(c) {
		if x.t.Kind(c) == kinds.packageClause {
			return x.t.Text(x.t.ChildOfKind(c, kinds.packageIdent))
		}
	}
	return scanPackageName(x.in.Content)
}

// span is a node's byte range.
func (x *fileExtractor) span(i int32) extract.Span {
	n := &x.t.Nodes[i]
	return extract.Span{Start: n.Start, End: n.End}
}

// line is the 1-based line a node starts on.
func (x *fileExtractor) line(i int32) int { return x.lines.Line(x.t.Nodes[i].Start) }

func (x *fileExtractor) addSymbol(s extract.RawSymbol) int {
	x.out.Symbols = append(x.out.Symbols, s)
	return len(x.out.Symbols) - 1
}

func (x *fileExtractor) addRef(i int32, kind extract.RefKind, name, qualified string) {
	x.out.Refs = append(x.out.Refs, extract.RawRef{Span: x.span(i), Name: name, Qualified: qualified, Kind: kind})
}

// qualify is the candidate for a name of this package.
func (x *fileExtractor) qualify(name string) string { return x.ns + "." + name }

// importPath returns the import a package name in this file stands for,
// unless a local variable shadows it.
func (x *fileExtractor) importPath(name string) (string, bool) {
	p, ok := x.imports[name]
	if !ok || x.scope.has(name) {
		return "", false
	}
	return p, true
}
