package rust

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// item handles one statement of a file, declaration list or block; attrs
// is its first outer attribute, or noNode.
func (w *walker) item(i, attrs int32, sc *scope) {
	x := w.x
	switch w.t.Nodes[i].Kind {
	case x.fnItem, x.fnSig:
		w.function(i, attrs, sc)
	case x.structItem, x.unionItem, x.enumItem:
		w.adt(i, attrs, sc)
	case x.traitItem:
		w.trait(i, attrs, sc)
	case x.implItem:
		w.impl(i, attrs, sc)
	case x.modItem:
		w.module(i, attrs, sc)
	case x.constItem, x.staticItem:
		w.constItem(i, attrs, sc)
	case x.typeItem, x.assocType:
		w.typeAlias(i, attrs, sc)
	case x.macroDef:
		w.macroDef(i, attrs, sc)
	case x.useDecl:
		w.walkAttrs(attrs, i, sc)
		w.useDecl(i, sc)
	case x.externCrate:
		w.walkAttrs(attrs, i, sc)
		w.externCrate(i)
	case x.foreignMod: // extern "C" { … }: its items are the module's
		w.walkAttrs(attrs, i, sc)
		if body := w.t.Child(i, x.fBody); body != noNode {
			w.walkList(body, sc)
		}
	default:
		w.walkAttrs(attrs, i, sc)
		w.walk(i, sc)
	}
}

// collect binds the names a file, module body or block defines before its
// statements are walked (Rust items are visible throughout their scope):
// first the items, then the use declarations, which may start from them.
func (w *walker) collect(list int32, sc *scope) {
	x, t := w.x, w.t
	attrs := int32(noNode)
	for c := range t.Kids(list) {
		k := t.Nodes[c].Kind
		switch k {
		case x.attrItem:
			if attrs == noNode {
				attrs = c
			}
			continue
		case x.fnItem, x.structItem, x.enumItem, x.unionItem, x.traitItem,
			x.constItem, x.staticItem, x.typeItem, x.fnSig:
			if name := w.itemName(c); name != "" {
				sc.bind(name, join(sc.prefix, name))
			}
		case x.modItem:
			if name := w.itemName(c); name != "" {
				sc.bind(name, w.modQualified(c, name, sc))
			}
		case x.macroDef:
			if name := w.itemName(c); name != "" {
				sc.bind(name, w.macroQualified(name, attrs, c, sc))
			}
		case x.externCrate:
			w.bindExternCrate(c, sc)
		case x.foreignMod:
			if body := t.Child(c, x.fBody); body != noNode {
				w.collect(body, sc)
			}
		}
		attrs = noNode
	}
	for c := range t.Kids(list) {
		if t.Nodes[c].Kind == x.useDecl {
			w.useLeaves(c, sc, func(l useLeaf) {
				switch {
				case l.glob:
					sc.globs = append(sc.globs, l.path)
				case l.local != "" && l.local != "_":
					sc.bind(l.local, l.path)
				}
			})
		}
	}
}

// itemName is the text of an item's name field, or "".
func (w *walker) itemName(i int32) string {
	n := w.t.Child(i, w.x.fName)
	if n == noNode || w.t.empty(n) {
		return ""
	}
	return w.t.Text(n)
}

// outerSpan is an item's span including its outer attributes.
func (w *walker) outerSpan(i, attrs int32) extract.Span {
	sp := w.t.Span(i)
	if attrs != noNode {
		sp.Start = w.t.Nodes[attrs].Start
	}
	return sp
}

func (w *walker) addSymbol(name, q string, kind extract.SymbolKind, sp extract.Span, sig string, parent int) int {
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: name, Qualified: q, Kind: kind, Span: sp, Signature: sig, Parent: parent,
	})
	return len(w.out.Symbols) - 1
}

// function emits a function, method or test symbol and walks it: generics
// and signature types in a scope of the function, the body in a block
// scope holding the parameters.
func (w *walker) function(i, attrs int32, sc *scope) {
	x, t := w.x, w.t
	name := w.itemName(i)
	if name == "" {
		w.walkAttrs(attrs, i, sc)
		w.walkKids(i, sc)
		return
	}
	kind := extract.KindFunction
	switch {
	case w.hasAttr(attrs, i, "test"):
		kind = extract.KindTest
	case sc.methods:
		kind = extract.KindMethod
	}
	q := join(sc.prefix, name)
	body := t.Child(i, x.fBody)
	sym := w.addSymbol(name, q, kind, w.outerSpan(i, attrs), w.signature(i, body), sc.symbolParent())
	w.walkAttrs(attrs, i, sc)
	fs := sc.child(scopeItem)
	fs.prefix, fs.sym, fs.fn = q, sym, q
	w.bindGenerics(i, fs)
	bs := fs.child(scopeBlock)
	defer w.leaveFn(w.enterFn())
	for c := range t.Kids(i) {
		switch f := t.Nodes[c].Field; {
		case f == x.fName, f == x.fBody:
		case f == x.fParameters:
			for p := range t.Kids(c) {
				w.param(p, fs, bs)
			}
		case f == x.fReturnType:
			w.returnsFact(q, c, w.outerSpan(i, attrs), fs)
			w.walk(c, fs)
		default:
			w.walk(c, fs)
		}
	}
	if body != noNode {
		w.collect(body, bs)
		w.walkList(body, bs)
	}
}

// param walks a parameter's type in ts and binds its pattern in bs.
func (w *walker) param(p int32, ts, bs *scope) {
	x, t := w.x, w.t
	switch t.Nodes[p].Kind {
	case x.parameter:
		pat := int32(noNode)
		for c := range t.Kids(p) {
			if t.Nodes[c].Field == x.fPattern {
				pat = c
			} else {
				w.walk(c, ts)
			}
		}
		if pat != noNode {
			w.bindTyped(pat, t.Child(p, x.fType), noNode, ts, bs)
		}
	case x.selfParam, x.attrItem:
		w.walk(p, ts)
	case x.identifier, x.tuplePattern, x.referencePattern, x.mutPattern, x.tupleStructPat,
		x.structPattern, x.slicePattern, x.refPattern:
		w.bindPattern(p, bs) // closure parameters
	default:
		w.walk(p, ts) // a bare type in a fn pointer or trait method
	}
}

// bindGenerics binds an item's generic parameters as locals of sc (they
// get no refs) before anything of the item is walked.
func (w *walker) bindGenerics(i int32, sc *scope) {
	x, t := w.x, w.t
	tp := t.Child(i, x.fTypeParams)
	if tp == noNode {
		return
	}
	for c := range t.Kids(tp) {
		switch t.Nodes[c].Kind {
		case x.typeParam, x.constParam:
			if n := t.Child(c, x.fName); n != noNode {
				sc.bindLocal(t.Text(n))
			}
		case x.metavar:
		}
	}
}

// typeParams walks generic parameters: bounds, defaults and const types.
func (w *walker) typeParams(i int32, sc *scope) {
	x, t := w.x, w.t
	for c := range t.Kids(i) {
		switch t.Nodes[c].Kind {
		case x.typeParam, x.constParam:
			for d := range t.Kids(c) {
				if t.Nodes[d].Field != x.fName {
					w.walk(d, sc)
				}
			}
		case x.lifetimeParam:
		default:
			w.walk(c, sc)
		}
	}
}

// adt emits a struct, union or enum and walks its generics and fields;
// clap derives are noted for the command pass.
func (w *walker) adt(i, attrs int32, sc *scope) {
	x, t := w.x, w.t
	name := w.itemName(i)
	if name == "" {
		w.walkAttrs(attrs, i, sc)
		w.walkKids(i, sc)
		return
	}
	kind := extract.KindStruct
	switch t.Nodes[i].Kind {
	case x.enumItem:
		kind = extract.KindEnum
	case x.unionItem:
		kind = extract.KindUnion
	}
	q := join(sc.prefix, name)
	body := t.Child(i, x.fBody)
	sigEnd := body
	if t.Kind(body) == x.orderedFieldDeclList {
		sigEnd = noNode // a tuple struct's fields are its signature
	}
	w.addSymbol(name, q, kind, w.outerSpan(i, attrs), w.signature(i, sigEnd), sc.symbolParent())
	w.walkAttrs(attrs, i, sc)
	is := sc.child(scopeItem)
	is.self = q
	w.bindGenerics(i, is)
	w.clapType(i, attrs, q, is)
	for c := range t.Kids(i) {
		switch {
		case t.Nodes[c].Field == x.fName:
		case t.Nodes[c].Kind == x.enumVariantList:
			w.walkList(c, is)
		case t.Nodes[c].Kind == x.fieldDeclList:
			w.fieldFacts(q, c, is)
			w.walk(c, is)
		default:
			w.walk(c, is)
		}
	}
}

// trait emits a trait, its supertrait relations and bound refs, and walks
// its items as methods of <Trait>.
func (w *walker) trait(i, attrs int32, sc *scope) {
	x, t := w.x, w.t
	name := w.itemName(i)
	if name == "" {
		w.walkAttrs(attrs, i, sc)
		w.walkKids(i, sc)
		return
	}
	q := join(sc.prefix, name)
	body := t.Child(i, x.fBody)
	sym := w.addSymbol(name, q, extract.KindTrait, w.outerSpan(i, attrs), w.signature(i, body), sc.symbolParent())
	w.walkAttrs(attrs, i, sc)
	ts := sc.child(scopeItem)
	ts.self, ts.selfRecv, ts.prefix, ts.sym = q, q, q, sym
	w.bindGenerics(i, ts)
	for c := range t.Kids(i) {
		switch t.Nodes[c].Field {
		case x.fName:
		case x.fBounds:
			w.supertraits(c, q, ts)
		case x.fBody:
			ts.methods = true
			w.walkList(c, ts)
			ts.methods = false
		default:
			w.walk(c, ts)
		}
	}
}

// supertraits emits trait_bound refs and extends relations for `trait T:
// A + B`.
func (w *walker) supertraits(bounds int32, q string, sc *scope) {
	for c := range w.t.Kids(bounds) {
		if to := w.traitTarget(c, sc); to != "" {
			w.out.Relations = append(w.out.Relations, extract.RawRelation{
				From: q, To: to, Kind: extract.RelExtends, Span: w.t.Span(c)})
		}
		w.bound(c, sc)
	}
}

// module emits a module symbol for `mod x;` or `mod x { … }` and walks an
// inline body as a module scope of its own.
func (w *walker) module(i, attrs int32, sc *scope) {
	x, t := w.x, w.t
	name := w.itemName(i)
	if name == "" {
		w.walkAttrs(attrs, i, sc)
		return
	}
	q := w.modQualified(i, name, sc)
	body := t.Child(i, x.fBody)
	sym := w.addSymbol(name, q, extract.KindModule, w.outerSpan(i, attrs), w.signature(i, body), sc.symbolParent())
	w.walkAttrs(attrs, i, sc)
	if body == noNode && sc.prefix == w.loc.mod {
		w.pathModule(q, attrs, i)
	}
	if body != noNode {
		ms := w.moduleScope(q, sym, sc)
		w.collect(body, ms)
		w.walkList(body, ms)
	}
}

// modQualified names a module: an out-of-line `mod x;` at the top of a
// crate root named after its file is a sibling file, <dir module>::x.
func (w *walker) modQualified(i int32, name string, sc *scope) string {
	if sc.prefix == w.loc.mod && w.t.Child(i, w.x.fBody) == noNode {
		return join(w.loc.mods, name)
	}
	return join(sc.prefix, name)
}

// constItem emits a const or static; its signature stops before the value.
func (w *walker) constItem(i, attrs int32, sc *scope) {
	x, t := w.x, w.t
	name := w.itemName(i)
	kind := extract.KindConst
	if t.Nodes[i].Kind == x.staticItem {
		kind = extract.KindStatic
	}
	if name != "" {
		q := join(sc.prefix, name)
		w.addSymbol(name, q, kind, w.outerSpan(i, attrs), w.signature(i, t.Child(i, x.fValue)), sc.symbolParent())
		w.typeFact(q, "", t.Child(i, x.fType), w.outerSpan(i, attrs), sc)
	}
	w.walkAttrs(attrs, i, sc)
	for c := range t.Kids(i) {
		if t.Nodes[c].Field != x.fName {
			w.walk(c, sc)
		}
	}
}

// typeAlias emits `type X = …;` and a trait's or impl's associated type.
func (w *walker) typeAlias(i, attrs int32, sc *scope) {
	x, t := w.x, w.t
	name := w.itemName(i)
	if name != "" {
		w.addSymbol(name, join(sc.prefix, name), extract.KindTypeAlias, w.outerSpan(i, attrs), w.signature(i, noNode), sc.symbolParent())
	}
	w.walkAttrs(attrs, i, sc)
	ts := sc.child(scopeItem)
	w.bindGenerics(i, ts)
	for c := range t.Kids(i) {
		if t.Nodes[c].Field != x.fName {
			w.walk(c, ts)
		}
	}
}

// macroDef emits a macro_rules! macro: <crate>::name when it is
// #[macro_export]ed, <module>::name otherwise. Only the strings of its
// rules are read: their code is not Rust yet.
func (w *walker) macroDef(i, attrs int32, sc *scope) {
	name := w.itemName(i)
	if name != "" {
		q := w.macroQualified(name, attrs, i, sc)
		w.addSymbol(name, q, extract.KindMacro, w.outerSpan(i, attrs), "macro_rules! "+name, sc.symbolParent())
	}
	w.walkAttrs(attrs, i, sc)
	w.strings(i)
}

func (w *walker) macroQualified(name string, attrs, item int32, sc *scope) string {
	if w.hasAttr(attrs, item, "macro_export") {
		return join(w.loc.crate, name)
	}
	return join(sc.prefix, name)
}

// externCrate records `extern crate foo [as bar];` as an import.
func (w *walker) externCrate(i int32) {
	x, t := w.x, w.t
	n := t.Child(i, x.fName)
	if n == noNode || t.empty(n) {
		return
	}
	name := t.Text(n)
	alias := ""
	if a := t.Child(i, x.fAlias); a != noNode {
		alias = t.Text(a)
	}
	w.out.Imports = append(w.out.Imports, extract.RawImport{Path: name, Alias: alias, Span: t.Span(i)})
	w.addRef(t.Span(n), name, name, extract.RefUse)
}

func (w *walker) bindExternCrate(i int32, sc *scope) {
	x, t := w.x, w.t
	n := t.Child(i, x.fName)
	if n == noNode || t.empty(n) {
		return
	}
	local := t.Text(n)
	if a := t.Child(i, x.fAlias); a != noNode {
		local = t.Text(a)
		if stdCrates[local] {
			// `extern crate rustc_std_workspace_core as core;` (a
			// cfg-gated std-workspace shim, or no_std's `extern crate
			// core as std`): the shim re-exports the standard crate,
			// whose names the paths still mean.
			return
		}
	}
	if local != "self" && local != "_" {
		sc.bind(local, t.Text(n))
	}
}

// stdCrates are the standard library's crates, which paths name without a
// binding.
var stdCrates = map[string]bool{"std": true, "core": true, "alloc": true}
