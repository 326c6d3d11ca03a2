package ruby

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// selfKind is what self is where the walk is, which decides whether a def
// is an instance or a singleton method and where a receiverless call looks.
type selfKind uint8

const (
	selfTop       selfKind = iota // the top level: self is main
	selfBody                      // a class or module body: self is the class
	selfInstance                  // an instance method
	selfSingleton                 // a singleton method or class << self
)

// cref is a class or module around the walk (Ruby's lexical scope for
// constants). Pending candidates keep a pointer to theirs.
type cref struct {
	qual   string // "Mod::Class"
	sym    int    // its symbol, or extract.NoParent when it has none here
	parent *cref
}

// walker holds the state of one Extract call. It visits the flat tree once,
// in source order, so every record list comes out in source order; the
// candidates that need the whole file's definitions are filled in after the
// walk (resolve.go).
type walker struct {
	t        *tree
	out      *extract.ExtractedFile
	lines    extract.LineIndex
	cref     *cref
	self     selfKind
	locals   // local variables in scope
	consts   []pendingConst
	calls    []pendingCall
	facts    []pendingFact
	file     string // the file's repo-relative path, for require_relative
	gemfile  bool   // a Gemfile (or gems.rb): gem "x" is an import
	testFile bool   // *_test.rb or test_*.rb: test_* methods are tests
}

func newWalker(t *tree, file string, lines extract.LineIndex, out *extract.ExtractedFile) *walker {
	base := path.Base(file)
	return &walker{
		t: t, out: out, lines: lines, gemfile: base == "Gemfile" || base == "gems.rb", file: file,
		testFile: strings.HasSuffix(base, "_test.rb") || strings.HasPrefix(base, "test_") && strings.HasSuffix(base, ".rb"),
	}
}

// run walks the file, then fills in the candidates.
func (w *walker) run() {
	w.walk(0)
	w.resolve()
}

// What the walk does at a node, by kind id.
const (
	actChildren uint8 = iota
	actNothing
	actClass
	actModule
	actMethod
	actSingletonMethod
	actSingletonClass
	actCall
	actIdent
	actConst
	actAssign
	actElemRef
	actString
	actChained
	actHeredoc
	actBlock
	actFor
	actInClause
	actBind
	actAlias
)

func buildActions() tsutil.Actions[uint8] {
	a := tsutil.NewActions[uint8](rbLang)
	a.SetNamed(rbLang, actNothing, leafKinds...)
	set := a.Set
	k := &kinds
	set(actNothing, k.bareString)
	set(actClass, k.class)
	set(actModule, k.module)
	set(actMethod, k.method)
	set(actSingletonMethod, k.singletonMethod)
	set(actSingletonClass, k.singletonClass)
	set(actCall, k.call)
	set(actIdent, k.ident)
	set(actConst, k.constant, k.scopeRes)
	set(actAssign, k.assignment, k.opAssignment)
	set(actElemRef, k.elemRef)
	set(actString, k.str)
	set(actChained, k.chainedStr)
	set(actHeredoc, k.heredocBody)
	set(actBlock, k.block, k.doBlock, k.lambda)
	set(actFor, k.forLoop)
	set(actInClause, k.inClause)
	set(actBind, k.exceptionVar)
	set(actAlias, k.alias)
	return a
}

// walk visits node i and what it contains, in source order.
func (w *walker) walk(i int32) {
	if i < 0 {
		return
	}
	switch act := actions.Of(w.t.Nodes[i].Kind); act {
	case actNothing:
	case actClass:
		w.class(i)
	case actModule:
		w.module(i)
	case actMethod:
		w.method(i)
	case actSingletonMethod:
		w.singletonMethod(i)
	case actSingletonClass:
		w.singletonClass(i)
	default:
		w.walkExpr(i, act)
	}
}

// walkExpr handles the actions of expressions.
func (w *walker) walkExpr(i int32, act uint8) {
	switch act {
	case actCall:
		w.call(i)
	case actIdent:
		w.ident(i)
	case actConst:
		w.constRef(i)
	case actAssign:
		w.assignment(i)
	case actElemRef:
		w.elemRef(i)
	case actString:
		w.stringLit(i)
		w.walkKids(i)
	case actChained:
		w.chainedString(i)
	case actHeredoc:
		w.heredoc(i)
		w.walkKids(i)
	case actBlock:
		w.block(i)
	case actFor:
		w.forLoop(i)
	case actInClause:
		w.inClause(i)
	case actBind:
		w.bindTargets(i)
	case actAlias:
		w.alias(i)
	default:
		w.walkKids(i)
	}
}

func (w *walker) walkKids(i int32) {
	for c := range w.t.Kids(i) {
		w.walk(c)
	}
}

// enter runs fn inside class or module q: constants are looked up from
// it, defs belong to it and its body has locals of its own.
func (w *walker) enter(q string, sym int, self selfKind, fn func()) {
	outerCref, outerSelf := w.cref, w.self
	if q != "" {
		w.cref = &cref{qual: q, sym: sym, parent: outerCref}
	}
	w.self = self
	mark := w.hardScope()
	fn()
	w.endScope(mark)
	w.cref, w.self = outerCref, outerSelf
}

// owner is the class or module defs go to: Object at the top level.
func (w *walker) owner() string {
	if w.cref == nil {
		return "Object"
	}
	return w.cref.qual
}

// parentSym is the symbol of the class or module around the walk.
func (w *walker) parentSym() int {
	if w.cref == nil {
		return extract.NoParent
	}
	return w.cref.sym
}

// addSymbol records a definition and returns its index; a name that
// tree-sitter made up for missing code (empty) records nothing.
func (w *walker) addSymbol(name, q string, kind extract.SymbolKind, sp extract.Span, sig string, parent int) int {
	if name == "" || q == "" {
		return extract.NoParent
	}
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: name, Qualified: q, Kind: kind, Span: sp, Signature: sig, Parent: parent,
	})
	return len(w.out.Symbols) - 1
}

func (w *walker) addRef(i int32, kind extract.RefKind, name, q string) int {
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: w.t.Span(i), Name: name, Qualified: q, Kind: kind})
	return len(w.out.Refs) - 1
}
