package cpp

import "github.com/orbitgraph/orbit/graph/extract"

// Facts (RESOLUTION.md) are the type evidence C++ declarations state for
// receivers elsewhere: what a function or method returns (T, T*, T&) and
// what type a class's data member has, when that type is a class named
// without template arguments. Their objects are names as written, looked
// up by resolveFacts once the whole file is read. C states none: it has
// no methods for them to serve.

// pendingFact is a fact whose object resolve looks up.
type pendingFact struct {
	fact int
	recv *recvSpec // the object's type as written
}

// returnsFact states that the symbol just added returns the class named
// by type specifier typ (through the pointers and references of d).
func (w *walker) returnsFact(typ, d int32) {
	if !w.cxx || typ == noNode || len(w.out.Symbols) == 0 {
		return
	}
	fn := w.out.Symbols[len(w.out.Symbols)-1]
	w.addFact(extract.FactReturns, fn.Qualified, "", typ, d)
}

// fieldFact states the type of a data member declared by d in the class
// being walked.
func (w *walker) fieldFact(typ, d int32, info declInfo) {
	if !w.cxx || w.parent == extract.NoParent || w.t.Kind(info.name) != w.x.fieldIdent {
		return
	}
	switch cls := w.out.Symbols[w.parent]; cls.Kind {
	case extract.KindClass, extract.KindStruct, extract.KindUnion:
		w.addFact(extract.FactType, cls.Qualified, w.t.Text(info.name), typ, d)
	}
}

func (w *walker) addFact(kind extract.FactKind, subject, member string, typ, d int32) {
	r := w.typeRecv(typ)
	if r == nil {
		return
	}
	sp := w.t.Span(d)
	if typ < d {
		sp.Start = w.t.Nodes[typ].Start
	}
	w.out.Facts = append(w.out.Facts, extract.RawFact{Kind: kind, Subject: subject, Member: member, Span: sp})
	w.facts = append(w.facts, pendingFact{fact: len(w.out.Facts) - 1, recv: r})
}

// resolveFacts fills in the objects of the file's facts: the type as this
// file defines it, else in the enclosing namespaces, innermost first (a
// class rarely nests the types its members use), then as written.
func (w *walker) resolveFacts() {
	for _, pf := range w.facts {
		r := pf.recv
		f := &w.out.Facts[pf.fact]
		p := pending{scope: r.scope, written: r.root, global: r.global}
		name := lastSegment(r.root)
		if r.global || r.root != name {
			// port::Mutex inside namespace leveldb: leveldb::port::Mutex
			// when this file does not say.
			f.Object, f.Alternatives = w.candidates(p, name)
			continue
		}
		if f.Object = w.lookupName(name, r.scope); f.Object != "" {
			continue
		}
		// Each enclosing namespace, innermost first, then the global
		// name: `Slice buffer_;` in leveldb::log::Reader is leveldb's.
		var cands []string
		for s := w.scopes[r.scope].qual; s != ""; s, _ = splitLast(s) {
			if w.known[s] != knownClass {
				cands = append(cands, s+"::"+name)
			}
		}
		cands = append(cands, name)
		f.Object, f.Alternatives = cands[0], cands[1:]
		if len(f.Alternatives) == 0 {
			f.Alternatives = nil
		}
	}
}
