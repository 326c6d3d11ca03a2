package ruby

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// callMode is how a call names its target.
type callMode uint8

const (
	callBare  callMode = iota // m(x), or a bare name that is no local variable
	callSelf                  // self.m
	callConst                 // Const.m
	callRecv                  // recv.m on any other receiver: its evidence, if any
)

// call handles a method call: the refs of its receiver, a ref for the
// method, then its arguments and block. Receiverless calls that declare
// something (require, include, attr_reader, ...) are read as declarations.
func (w *walker) call(i int32) {
	t := w.t
	recv, m := t.Child(i, fields.receiver), t.Child(i, fields.method)
	args, name := t.Child(i, fields.arguments), t.Text(m)
	switch {
	case recv < 0 && w.directive(name, args):
		w.walk(t.Child(i, fields.block))
		return
	case t.Kind(m) == kinds.super || m < 0:
		w.walk(recv)
	case recv < 0:
		w.pendCall(m, name, callBare, "", false)
	case t.Kind(recv) == kinds.self:
		w.pendCall(m, name, callSelf, "", false)
	case w.isConstChain(recv):
		path, abs, _ := w.constPath(recv)
		w.constRef(recv)
		w.envCall(path, name, args)
		if name == "new" || globalObjects[path] { // Foo.new runs initialize: the ref to Foo says which class
			w.addRef(m, extract.RefCall, name, "")
		} else {
			w.pendCall(m, name, callConst, path, abs)
		}
	default:
		ev := w.evidenceOf(recv)
		w.walk(recv)
		w.pendCall(m, name, callRecv, "", false)
		w.calls[len(w.calls)-1].ev = ev
	}
	w.walk(args)
	w.walk(t.Child(i, fields.block))
}

// directive reads a receiverless call that declares rather than calls:
// requires and autoloads (imports), a Gemfile's gems, mixins, attribute
// accessors and alias_method. It reports whether it did.
func (w *walker) directive(name string, args int32) bool {
	if args < 0 {
		return false
	}
	switch name {
	case "require", "require_relative":
		return w.require(args, name == "require_relative")
	case "autoload":
		return w.autoload(args)
	case "gem":
		return w.gemfile && w.gem(args)
	case "include", "prepend", "extend":
		w.mixins(name, args)
		return true
	case "attr_reader", "attr_writer", "attr_accessor", "attr":
		if w.self != selfBody {
			return false
		}
		w.attrs(name, args)
		return true
	case "alias_method":
		if a := w.t.FirstKid(args); a >= 0 {
			if sym, ok := w.symbolName(a); ok && w.self == selfBody {
				w.aliasSymbol(sym, a, "alias_method "+normalize(w.t.Text(args)))
				return true
			}
		}
	}
	return false
}

// globalObjects are constants that hold objects, not classes: a call on
// one is an instance method call whose class the file does not name.
var globalObjects = map[string]bool{
	"ENV": true, "ARGV": true, "ARGF": true, "STDIN": true, "STDOUT": true, "STDERR": true,
	"DATA": true, "TOPLEVEL_BINDING": true,
}

// keywords read as identifiers inside syntax errors are not calls.
var keywords = map[string]bool{
	"alias": true, "and": true, "begin": true, "break": true, "case": true, "class": true, "def": true,
	"do": true, "else": true, "elsif": true, "end": true, "ensure": true, "for": true, "if": true,
	"in": true, "module": true, "next": true, "not": true, "or": true, "redo": true, "rescue": true,
	"retry": true, "return": true, "then": true, "undef": true, "unless": true, "until": true,
	"when": true, "while": true, "yield": true,
}

// ident handles a bare identifier: a local variable, or else a
// receiverless call without arguments.
func (w *walker) ident(i int32) {
	if name := w.t.Text(i); !w.isLocal(name) && !keywords[name] {
		w.pendCall(i, name, callBare, "", false)
	}
}

// pendCall emits a call ref whose candidate is found after the walk.
func (w *walker) pendCall(m int32, name string, mode callMode, path string, abs bool) {
	ref := w.addRef(m, extract.RefCall, name, "")
	w.calls = append(w.calls, pendingCall{ref: ref, cref: w.cref, self: w.self, mode: mode, path: path, abs: abs})
}

// assignment binds a local variable or defines a constant on the left,
// then walks the value (Ruby binds the name first: x = x is nil).
func (w *walker) assignment(i int32) {
	t := w.t
	left, right := t.Child(i, fields.left), t.Child(i, fields.right)
	switch t.Kind(left) {
	case kinds.constant, kinds.scopeRes:
		w.constDef(left, right, i)
		return
	case kinds.ident:
		w.bindTargets(left)
		at := len(w.names) - 1
		w.walk(right)
		if ev := w.evidenceOf(right); ev != nil && at < len(w.evs) && w.names[at] == t.Text(left) {
			w.evs[at] = ev
		}
		return
	case kinds.leftList:
		w.bindTargets(left)
	case kinds.ivar:
		w.ivarFact(left, right, i)
	default:
		w.walk(left)
	}
	w.walk(right)
}

// require records require "x" and require_relative "x" as an import of
// the path as written and a use ref to it named by its last part. A
// relative require resolves to the repo-relative file it names.
func (w *walker) require(args int32, relative bool) bool {
	a := w.t.FirstKid(args)
	p, ok := w.literal(a)
	if !ok || p == "" {
		return false
	}
	im := extract.RawImport{Path: p, Span: w.t.Span(a)}
	if relative {
		im.Resolved = relativeFile(w.file, p)
	}
	w.out.Imports = append(w.out.Imports, im)
	w.addRef(a, extract.RefUse, strings.TrimSuffix(p[strings.LastIndexByte(p, '/')+1:], ".rb"), p)
	return true
}

// autoload records autoload :Name, "path": an import of the path for the
// constant Name, and a use ref to the constant it will define here.
func (w *walker) autoload(args int32) bool {
	a := w.t.FirstKid(args)
	if a < 0 || w.t.Nodes[a].Next < 0 {
		return false
	}
	name, ok1 := w.symbolName(a)
	p, ok2 := w.literal(w.t.Nodes[a].Next)
	if !ok1 || !ok2 || name == "" || p == "" {
		return false
	}
	q := name
	if w.cref != nil {
		q = w.cref.qual + "::" + name
	}
	w.out.Imports = append(w.out.Imports, extract.RawImport{Path: p, Symbol: name, Span: w.t.Span(args)})
	w.addRef(a, extract.RefUse, name, q)
	return true
}

// gem records a Gemfile's gem "name", ... as an import of the gem; its
// other arguments (versions, options) are walked.
func (w *walker) gem(args int32) bool {
	a := w.t.FirstKid(args)
	name, ok := w.literal(a)
	if !ok || name == "" {
		return false
	}
	w.out.Imports = append(w.out.Imports, extract.RawImport{Path: name, Span: w.t.Span(a)})
	for c := range w.t.Kids(args) {
		if c != a {
			w.walk(c)
		}
	}
	return true
}

// relativeFile is the repo-relative file require_relative p names from
// file: .rb is added when missing; "" when p leaves the repository.
func relativeFile(file, p string) string {
	f := path.Join(path.Dir(file), p)
	if f == ".." || strings.HasPrefix(f, "../") || strings.HasPrefix(p, "/") {
		return ""
	}
	if !strings.HasSuffix(f, ".rb") {
		f += ".rb"
	}
	return f
}
