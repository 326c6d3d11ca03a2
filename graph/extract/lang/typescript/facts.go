package typescript

import (
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Facts are the type evidence this file states about its own
// declarations, for pass 2 to evaluate other files' receivers against
// (graph/extract/RESOLUTION.md). Each comes from a type the file writes or
// a value it constructs.

// addFact appends a fact unless the file already stated it: pass 2 reads
// two objects for one subject as disagreement (overloads with one return
// type, a field assigned twice alike).
// factKey identifies a fact regardless of where it is stated.
type factKey struct {
	kind                    extract.FactKind
	subject, member, object string
}

func (w *walker) addFact(kind extract.FactKind, subject, member, object string, at int32) {
	if subject == "" || object == "" {
		return
	}
	key := factKey{kind, subject, member, object}
	if w.facts[key] {
		return
	}
	if w.facts == nil {
		w.facts = make(map[factKey]bool)
	}
	w.facts[key] = true
	w.out.Facts = append(w.out.Facts, extract.RawFact{Kind: kind, Subject: subject, Member: member, Object: object, Span: w.t.Span(at)})
}

// returnsFact states what the function or method q, declared by node fn,
// returns: the type its return annotation names, else what its body
// returns (see returns.go). `Promise<T>`, arrays and other builtin
// wrappers name no type of the index and give none.
func (w *walker) returnsFact(fn int32, q string, sc *scope) {
	rt := w.t.Child(fn, w.x.fReturnType)
	if rt == noNode {
		if w.ambient {
			return
		}
		w.addFact(extract.FactReturns, q, "", w.inferredResult(fn, sc), fn)
		return
	}
	if obj := w.typeValue(rt, sc); len(obj.recv) == 1 {
		w.addFact(extract.FactReturns, q, "", obj.recv[0], rt)
	}
}

// memberTypeFact states the type of field, property or getter member of
// the class or interface owner: the type its annotation ty names, else
// the type of its initial value.
func (w *walker) memberTypeFact(owner, member string, ty, value, at int32, sc *scope) {
	if owner == "" || member == "" {
		return
	}
	var obj cand
	if ty != noNode {
		obj = w.typeValue(ty, sc)
	} else if value != noNode {
		obj = w.valueOf(value, sc)
	}
	w.addFact(extract.FactType, owner, member, factObject(obj), at)
}

// ownerOf is the qualified name of the class, interface or object type
// whose member scope is ms ("src/a:C." → "src/a:C").
func ownerOf(ms *scope) string { return strings.TrimSuffix(ms.prefix, ".") }

// moduleOf is the module a re-export in scope sc adds names to: the file's
// (ns), or the `declare module "m"` it is written in (`declare module
// "node:fs" { export * from "fs" }` in @types/node).
func moduleOf(sc *scope, ns string) string {
	if m, ok := strings.CutSuffix(sc.prefix, ":"); ok && m != ns && !strings.HasSuffix(m, ":") {
		return m
	}
	return ns
}

// reexportFacts states that the names `export {a, b as c} from "m"` and
// `export * from "m"` re-export are names of their module's (ns: the file,
// or the declared module the statement is in).
func (w *walker) reexportFacts(i, src int32, spec, ns string) {
	x, t := w.x, w.t
	mp := w.moduleRef(spec).q
	if clause := t.ChildOfKind(i, x.exportClause); clause != noNode {
		for s := range t.Kids(clause) {
			name, alias := w.specNames(s)
			if alias == "" {
				alias = name
			}
			if name != "" {
				w.addFact(extract.FactAlias, ns+":"+alias, "", mp+":"+name, s)
			}
		}
		return
	}
	if nx := t.ChildOfKind(i, x.namespaceExport); nx != noNode {
		if local := t.FirstKid(nx); local != noNode {
			m := w.moduleRef(spec)
			w.namespaceFact(ns+":"+w.identOrString(local), m.q, m.alts, nx)
		}
		return
	}
	w.starFact(ns, mp, src)
}

// namespaceFact states that name is module mp as a whole (`export * as ns
// from "m"`, `import * as ns from "m"; export {ns}`): its object is the
// module's member prefix "mp:", which pass 2 joins with the member a
// reference names after it (`ns.f` → "mp:f"); alts are other paths of
// the module (its index file).
func (w *walker) namespaceFact(name, mp string, alts []string, at int32) {
	if mp == "" {
		return
	}
	n := len(w.out.Facts)
	w.addFact(extract.FactAlias, name, "", mp+":", at)
	if len(w.out.Facts) > n {
		w.out.Facts[n].Alternatives = members(alts, ':', "")
	}
}

// starFact states that every name of this module may come from module mp
// (`export * from "m"`). A barrel that re-exports several modules states
// one fact, the first module its object and the others its alternatives in
// source order: pass 2 takes a wildcard fact only when it is the module's
// one, then the first candidate that defines the name.
func (w *walker) starFact(ns, mp string, at int32) {
	if w.star[ns] == 0 {
		n := len(w.out.Facts)
		w.addFact(extract.FactAlias, ns, "*", mp, at)
		if len(w.out.Facts) > n {
			if w.star == nil {
				w.star = map[string]int{}
			}
			w.star[ns] = len(w.out.Facts)
		}
		return
	}
	f := &w.out.Facts[w.star[ns]-1]
	if mp == "" || mp == f.Object || slices.Contains(f.Alternatives, mp) {
		return
	}
	f.Alternatives = append(f.Alternatives, mp)
}

// exportedNameFact states that `export {a as b}`, `export {a}` of an
// imported a, or `export default a` exports name under another qualified
// name than its own; a whole imported module, as a namespace (see
// namespaceFact).
func (w *walker) exportedNameFact(at, name int32, exported string, sc *scope) {
	b, ok := sc.lookup(w.t.Raw(name))
	if ok && b.kind == bindModule {
		w.namespaceFact(sc.prefix+exported, b.target, b.alts, at)
		return
	}
	if !ok || b.kind == bindLocal {
		return
	}
	if q := sc.prefix + exported; q != b.target {
		w.addFact(extract.FactAlias, q, "", b.target, at)
	}
}
