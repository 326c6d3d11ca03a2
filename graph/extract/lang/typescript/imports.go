package typescript

import (
	"path"

	"github.com/orbitgraph/orbit/graph/extract"
)

// addImport records an import and its use ref. The import keeps the
// specifier as written; the ref's candidate is the module path joined
// with the imported name ("src/utils/fetch:get"), or the module path for
// a whole-module import, with the index-file form and other tsconfig
// paths targets as alternatives (see moduleRef); a relative or mapped
// specifier records the namespace it resolves to.
func (w *walker) addImport(spec, symbol, alias string, sp extract.Span) {
	m := w.moduleRef(spec)
	im := extract.RawImport{Path: spec, Symbol: symbol, Alias: alias, Span: sp, Resolved: m.resolved}
	w.out.Imports = append(w.out.Imports, im)
	if symbol == "*" {
		return
	}
	if symbol == "" {
		w.addRef(sp, moduleName(m.q), cand{q: m.q, alts: m.alts}, extract.RefUse)
		return
	}
	w.addRef(sp, symbol, cand{q: m.q + ":" + symbol, alts: members(m.alts, ':', symbol)}, extract.RefUse)
}

// module is the module path of an import specifier (see modulePath) and,
// for a relative one that may name a directory, the module of its index
// file ("./utils" → "src/utils", "src/utils/index"); index is "" when the
// specifier names a file (it has an extension or ends in index) or is
// not relative.
func (w *walker) module(spec string) (mp, index string) {
	mp = modulePath(w.dir, spec)
	if mp == spec || path.Base(mp) == "index" || stripExt(spec) != spec {
		return mp, ""
	}
	return mp, path.Join(mp, "index")
}

// specifier is the value of an import's source string, or "".
func (w *walker) specifier(i int32) string {
	if w.t.Kind(i) != w.x.str {
		return ""
	}
	v, _ := unquote(w.t.Raw(i))
	return v
}

// importStmt records `import ... from "m"`, `import "m"` and
// `import x = require("m")`; `import x = NS.Y` records nothing.
func (w *walker) importStmt(i int32) {
	x, t := w.x, w.t
	if req := t.ChildOfKind(i, x.importReq); req != noNode {
		spec, local := w.specifier(t.Child(req, x.fSource)), t.ChildOfKind(req, x.identifier)
		if spec != "" && local != noNode {
			w.addImport(spec, "", t.Text(local), t.Span(req))
		}
		return
	}
	src := t.Child(i, x.fSource)
	spec := w.specifier(src)
	if spec == "" {
		return
	}
	clause := t.ChildOfKind(i, x.importClause)
	if clause == noNode {
		w.addImport(spec, "", "", t.Span(src))
		return
	}
	for c := range t.Kids(clause) {
		switch k := t.Nodes[c].Kind; k {
		case x.identifier:
			w.addImport(spec, "default", t.Text(c), t.Span(c))
		case x.namespaceImport:
			if local := t.FirstKid(c); local != noNode {
				w.addImport(spec, "", t.Text(local), t.Span(c))
			}
		case x.namedImports:
			w.specifiers(c, spec)
		}
	}
}

// specifiers records each `name as alias` of named imports or re-exports.
func (w *walker) specifiers(list int32, spec string) {
	for s := range w.t.Kids(list) {
		if name, alias := w.specNames(s); name != "" {
			w.addImport(spec, name, alias, w.t.Span(s))
		}
	}
}

// specNames reads an import or export specifier: the name and its alias
// ("" when not renamed). A name may be a string: `import {"a-b" as ab}`.
func (w *walker) specNames(s int32) (name, alias string) {
	x, t := w.x, w.t
	if k := t.Nodes[s].Kind; k != x.importSpec && k != x.exportSpec {
		return "", ""
	}
	n, a := t.Child(s, x.fName), t.Child(s, x.fAlias)
	name = w.identOrString(n)
	if a != noNode {
		alias = w.identOrString(a)
	}
	return name, alias
}

func (w *walker) identOrString(i int32) string {
	switch {
	case i == noNode || w.t.empty(i):
		return ""
	case w.t.Nodes[i].Kind == w.x.str:
		return w.specifier(i)
	}
	return w.t.Text(i)
}

// reexport records `export {a, b as c} from "m"`, `export * from "m"` and
// `export * as ns from "m"`.
func (w *walker) reexport(i, src int32, sc *scope) {
	x, t := w.x, w.t
	spec := w.specifier(src)
	if spec == "" {
		return
	}
	w.reexportFacts(i, src, spec, moduleOf(sc, w.ns))
	if clause := t.ChildOfKind(i, x.exportClause); clause != noNode {
		w.specifiers(clause, spec)
		return
	}
	if ns := t.ChildOfKind(i, x.namespaceExport); ns != noNode {
		if local := t.FirstKid(ns); local != noNode {
			w.addImport(spec, "", w.identOrString(local), t.Span(ns))
		}
		return
	}
	w.addImport(spec, "*", "", t.Span(src))
}

// requireSpec reads `require("m")` or `require("m").name` with the global
// require: the specifier and the member ("" for the whole module).
func (w *walker) requireSpec(i int32, sc *scope) (spec, member string, ok bool) {
	x, t := w.x, w.t
	if t.Kind(i) == x.member {
		p := t.Child(i, x.fProperty)
		spec, _, ok = w.requireSpec(t.Child(i, x.fObject), sc)
		if !ok || t.Kind(p) != x.propertyID || t.Nodes[i].SubEnd != t.Nodes[p].SubEnd {
			return "", "", false
		}
		return spec, t.Text(p), true
	}
	if t.Kind(i) != x.call {
		return "", "", false
	}
	fn := t.Child(i, x.fFunction)
	if t.Kind(fn) != x.identifier || string(t.Raw(fn)) != "require" {
		return "", "", false
	}
	if _, bound := sc.lookup(t.Raw(fn)); bound {
		return "", "", false
	}
	spec = w.specifier(t.FirstKid(t.Child(i, x.fArguments)))
	return spec, "", spec != ""
}

// requireDecl records `const x = require("m")` (the whole module),
// `const x = require("m").a` and `const {a, b: c} = require("m")` (names)
// and reports whether the declarator was one.
func (w *walker) requireDecl(name, value int32, sc *scope) bool {
	x, t := w.x, w.t
	spec, member, ok := w.requireSpec(value, sc)
	if !ok || name == noNode {
		return false
	}
	switch t.Nodes[name].Kind {
	case x.identifier:
		alias := t.Text(name)
		if alias == member {
			alias = ""
		}
		w.addImport(spec, member, alias, t.Span(value))
	case x.objectPattern:
		if member != "" {
			return false
		}
		w.eachPatternKey(name, func(key, local, at int32) {
			alias := ""
			if local != noNode && local != key {
				alias = t.Text(local)
			}
			w.addImport(spec, t.Text(key), alias, t.Span(at))
		})
	default:
		return false
	}
	return true
}

// eachPatternKey calls fn for each property of an object pattern with a
// plain key: the key, the local name it binds (noNode when nested) and the
// property node.
func (w *walker) eachPatternKey(pat int32, fn func(key, local, at int32)) {
	x, t := w.x, w.t
	for p := range t.Kids(pat) {
		switch t.Nodes[p].Kind {
		case x.shorthandPattern:
			fn(p, p, p)
		case x.objectAssignPattern:
			if l := t.Child(p, x.fLeft); t.Kind(l) == x.shorthandPattern {
				fn(l, l, p)
			}
		case x.pairPattern:
			key, v := t.Child(p, x.fKey), t.Child(p, x.fValue)
			if t.Kind(key) != x.propertyID {
				continue
			}
			if t.Kind(v) == x.assignPattern {
				v = t.Child(v, x.fLeft)
			}
			if t.Kind(v) != x.identifier {
				v = noNode
			}
			fn(key, v, p)
		}
	}
}

// moduleCall records a bare `require("m")` or a dynamic `import("m")` as
// a whole-module import and reports whether call was one.
func (w *walker) moduleCall(call, fn int32, sc *scope) bool {
	t := w.t
	var spec string
	if t.Nodes[fn].Kind == w.x.importKw {
		spec = w.specifier(t.FirstKid(t.Child(call, w.x.fArguments)))
	} else if s, member, ok := w.requireSpec(call, sc); ok && member == "" {
		spec = s
	}
	if spec == "" {
		return false
	}
	w.addImport(spec, "", "", t.Span(call))
	return true
}
