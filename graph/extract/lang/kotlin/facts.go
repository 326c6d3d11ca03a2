package kotlin

import "github.com/orbitgraph/orbit/graph/extract"

// The facts a file states about its own declarations (RESOLUTION.md):
// what a function returns and what a property holds, as written or
// constructed. Type arguments and "?" are dropped (List<T> is List, never
// T); function types and type parameters state nothing, and neither do
// declarations inside anonymous bodies.

// propertyValue is what a property or local variable is known to hold:
// its declared type, else what its initializer evaluates to.
func (w *walker) propertyValue(decl, v, name int32) chain {
	t := w.t
	if ty := t.Next(name); ty >= 0 {
		return w.typeChain(ty)
	}
	if init := t.Next(v); init >= 0 {
		return w.value(init)
	}
	return chain{}
}

// propertyFact states a property's type: a member's as Member of its
// class, a top-level one's as a variable. A constructed value ([T, "()"])
// is stated as T(); a longer chain says nothing a fact can hold.
func (w *walker) propertyFact(decl int32, q, name string, value chain) {
	obj := factObject(value)
	if obj == "" || q == "" {
		return
	}
	if fr := w.top(); fr.class {
		w.addFact(extract.FactType, fr.q, name, obj, decl)
	} else {
		w.addFact(extract.FactType, q, "", obj, decl)
	}
}

// returnsFact states a function's declared result type, or for an
// expression body `= f(…)` the result of that call.
func (w *walker) returnsFact(fn int32, q string, body int32) {
	t := w.t
	var value chain
	for c := t.FirstKid(fn); c >= 0 && c != body; c = t.Next(c) {
		if k := t.Kind(c); (k == kinds.userType || k == kinds.nullableType) && t.Kind(t.Next(c)) != kinds.ident {
			value = w.typeChain(c) // the result type: after the name, unlike an extension's receiver
		}
	}
	if value.Recv == nil && body >= 0 {
		if e := t.FirstKid(body); e >= 0 && t.Kind(e) == kinds.call && t.Kind(t.FirstKid(e)) == kinds.ident {
			value = w.callResult(e)
		}
	}
	if obj := factObject(value); obj != "" {
		w.addFact(extract.FactReturns, q, "", obj, fn)
	}
}

// factObject is a chain a fact can state: a type, or the result of
// calling one named thing.
func factObject(c chain) string {
	switch {
	case len(c.Recv) == 1:
		return c.Recv[0]
	case len(c.Recv) == 2 && c.Recv[1] == extract.CallResult:
		return c.Recv[0] + extract.CallResult
	}
	return ""
}

func (w *walker) addFact(kind extract.FactKind, subject, member, object string, decl int32) {
	if subject == "" || object == "" || w.top().anon {
		return
	}
	w.out.Facts = append(w.out.Facts, extract.RawFact{
		Kind: kind, Subject: subject, Member: member, Object: object, Span: w.t.Span(decl),
	})
}

// superclass is the Receiver of super.f() in a class: the class its
// constructor call names, else its only supertype.
func (w *walker) superclass(decl int32) []string {
	t := w.t
	specs := t.ChildOfKind(decl, kinds.delegationSpecs)
	var only int32 = noNode
	n := 0
	for s := t.FirstKid(specs); s >= 0; s = t.Next(s) {
		for c := t.FirstKid(s); c >= 0; c = t.Next(c) {
			switch t.Kind(c) {
			case kinds.ctorInvocation:
				return w.typeChain(t.FirstKid(c)).Recv
			case kinds.userType:
				only = c
				n++
			}
		}
	}
	if n == 1 {
		return w.typeChain(only).Recv
	}
	return nil
}
