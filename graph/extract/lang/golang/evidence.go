package golang

import (
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Type evidence (graph/extract/RESOLUTION.md): what the file states about
// the types of its values, as receiver chains pass 2 evaluates. Go helps:
// a variable's type never changes after its declaration.

// typeChain is the chain of a written type: T, *T, pkg.T, T[K] → [qualified
// T]; anything else (slices, maps, funcs, type parameters, predeclared
// types) has no members we follow → nil.
func (x *fileExtractor) typeChain(i int32) []string {
	t := x.t.unwrap(i)
	if x.t.Kind(t) == kinds.pointerType {
		t = x.t.unwrap(x.t.FirstKid(t))
	}
	if x.t.Kind(t) == kinds.parenType {
		return x.typeChain(x.t.FirstKid(t))
	}
	switch x.t.Kind(t) {
	case kinds.typeIdent, kinds.qualifiedType, kinds.genericType:
		if _, cand, ok := x.typeCandidate(t); ok && cand != "" {
			return []string{cand}
		}
	case kinds.structType:
		return []string{anonStruct(t)}
	case kinds.sliceType, kinds.arrayType, kinds.implicitArrayType:
		return elemChain(elemOf, x.typeChain(x.t.Child(t, fields.element)))
	case kinds.mapType:
		return elemChain(elemOf, x.typeChain(x.t.Child(t, fields.value)))
	case kinds.chanType:
		return elemChain(recvOf, x.typeChain(x.t.Child(t, fields.value)))
	case kinds.funcType:
		return x.funcChain(t)
	}
	return nil
}

// funcChain is the chain of a func value of a func type or literal: its
// first result's, marked funcOf.
func (x *fileExtractor) funcChain(fn int32) []string {
	res := x.t.Child(fn, fields.result)
	if x.t.Kind(res) == kinds.paramList {
		first := x.t.FirstKid(res)
		if x.t.Kind(first) != kinds.paramDecl {
			return nil
		}
		res = x.t.Child(first, fields.typ)
	}
	if res < 0 {
		return nil
	}
	return elemChain(funcOf, x.typeChain(res))
}

// A container's chain is a marker then its element's one-name chain: it
// has no members of its own, but ranging over it or indexing it yields the
// element (Go only: the marker never reaches a RawRef).
const (
	elemOf = "[]" // slices, arrays, maps: the value of x[i], the second range variable
	recvOf = "<-" // channels: the first range variable
)

func elemChain(marker string, elem []string) []string {
	if len(elem) != 1 {
		return nil
	}
	return []string{marker, elem[0]}
}

// funcOf marks a func value's chain: calling it yields the element (a
// local func literal, a parameter of func type: `f := func() *T {…}`).
const funcOf = "func"

// isContainer reports a container's chain (see elemOf).
func isContainer(c []string) bool { return len(c) == 2 && (c[0] == elemOf || c[0] == recvOf) }

// isMarked reports a container's or a func value's chain: a value with no
// members of its own.
func isMarked(c []string) bool { return isContainer(c) || len(c) == 2 && c[0] == funcOf }

// rangeChains are the chains of a range clause's two variables: a
// channel's element is the first, a slice's, array's or map's the second.
// When the file does not know which container it ranges over (a field, a
// call's result, a named type), both are asked for and pass 2 finds at
// most one: a field or type is a channel or not.
func (x *fileExtractor) rangeChains(over int32) (first, second []string) {
	c := x.exprChain(over)
	if isContainer(c) && c[0] == recvOf {
		return c[1:], nil
	}
	return x.elementChain(c, recvOf), x.elementChain(c, elemOf)
}

// Elements of containers the file does not declare (RESOLUTION.md has no
// step for them, so they are members of declared names, with the marker as
// a suffix, stated by the declaring file's facts):
//
//	type T []E                   fact type T "[]" -> E          chain [.. T, "[]"]
//	struct S { f []E }           fact type S "f[]" -> E         chain [.. S, "f[]"]
//	func (S) m() []E             fact type S "m()[]" -> E       chain [.. S, "m()[]"]
//	func F() []E                 fact type "F()[]" -> E         chain ["F()[]"]
//
// ("<-" for channels). A chain that evaluates to no such fact gives no
// type, so the ref stays unresolved, never wrong.

// elementChain is the chain of an element (marker elemOf) or a received
// value (recvOf) of the value chain c evaluates to, or nil.
func (x *fileExtractor) elementChain(c []string, marker string) []string {
	switch {
	case len(c) == 0:
		return nil
	case isContainer(c):
		if c[0] == marker {
			return c[1:]
		}
		return nil
	case isMarked(c) || isLocal(c):
		return nil
	case len(c) == 1:
		return []string{c[0], marker}
	case c[len(c)-1] == extract.CallResult:
		return x.resultStep(c, extract.CallResult+marker)
	}
	return appendChain(c[:len(c)-1], c[len(c)-1]+marker)
}

// resultStep replaces the call ending chain c (x.m() or F()) by a step
// named after the callee with a suffix ("m()[]", "m()1"). A package-level
// function F gives the name "F()…" alone, and only for a package of this
// module: a library's name would be graded by its import.
func (x *fileExtractor) resultStep(c []string, suffix string) []string {
	switch {
	case len(c) < 2 || c[len(c)-1] != extract.CallResult || isLocal(c):
		return nil
	case len(c) == 2:
		if !x.inModule(c[0]) {
			return nil
		}
		return []string{c[0] + suffix}
	}
	return appendChain(c[:len(c)-2], c[len(c)-2]+suffix)
}

// inModule reports whether a qualified name belongs to a package of the
// file's module: its own package (or the one its external test tests),
// one under the module path, or for the standard library any package
// whose path has no dot.
func (x *fileExtractor) inModule(q string) bool {
	pkg := importPathOf(q)
	switch mp := x.in.Module.Path; {
	case pkg == x.ns || pkg+"_test" == x.ns:
		return true
	case mp != "":
		return pkg == mp || strings.HasPrefix(pkg, mp+"/")
	case x.in.Module.Own == stdLibrary:
		first, _, _ := strings.Cut(pkg, "/")
		return !strings.Contains(first, ".")
	}
	return false
}

// importPathOf is the import path of a qualified name "path.Name[.Member]".
func importPathOf(q string) string {
	slash := strings.LastIndexByte(q, '/') + 1
	if dot := strings.IndexByte(q[slash:], '.'); dot >= 0 {
		return q[:slash+dot]
	}
	return q
}

// exprChain is the chain of an expression's value, or nil when the file
// does not say.
func (x *fileExtractor) exprChain(i int32) []string {
	e := x.t.unwrap(i)
	switch x.t.Kind(e) {
	case kinds.parenExpr:
		return x.exprChain(x.t.FirstKid(e))
	case kinds.ident:
		return x.identChain(x.t.Text(e))
	case kinds.compositeLit:
		return x.typeChain(x.t.Child(e, fields.typ))
	case kinds.funcLit:
		return x.funcChain(e)
	case kinds.unaryExpr:
		op := x.t.Src[x.t.Nodes[e].Start]
		if op == '&' || op == '*' {
			return x.exprChain(x.t.Child(e, fields.operand))
		}
	case kinds.typeAssertExpr:
		return x.typeChain(x.t.Child(e, fields.typ))
	case kinds.selectorExpr:
		return x.selectorChain(e)
	case kinds.callExpr:
		return x.callChain(e)
	case kinds.typeConvExpr:
		return x.typeChain(x.t.Child(e, fields.typ))
	case kinds.indexExpr: // x[i]: an element
		return x.elementChain(x.exprChain(x.t.Child(e, fields.operand)), elemOf)
	case kinds.sliceExpr: // x[i:j] has x's type (a string's chain is nil)
		return x.exprChain(x.t.Child(e, fields.operand))
	}
	return nil
}

// identChain: a local's recorded chain; a package-level name of this
// package (a var typed by a fact, a func, a type); nothing for the rest.
func (x *fileExtractor) identChain(name string) []string {
	if x.scope.has(name) {
		return x.scope.chain(name)
	}
	if name == "_" || x.isUniverse(name, true) || name == "nil" || name == "true" || name == "false" || name == "iota" {
		return nil
	}
	if _, isImport := x.imports[name]; isImport {
		return nil
	}
	if c, ok := x.varChains[name]; ok {
		return c
	}
	return []string{x.qualify(name)}
}

// selectorChain: pkg.X is a qualified name; v.f extends v's chain.
func (x *fileExtractor) selectorChain(sel int32) []string {
	field := x.t.Text(x.t.Child(sel, fields.field))
	if cand, ok := x.qualifiedValue(sel); ok {
		return []string{cand}
	}
	base := x.exprChain(x.t.Child(sel, fields.operand))
	if base == nil || field == "" || isMarked(base) {
		return nil
	}
	if st, ok := anonNode(base); ok {
		return x.anonField(st, field)
	}
	return appendChain(base, field)
}

// An anonymous struct type (a test table's `[]struct{ in T; want U }`, a
// `var x struct{ … }`) has no name pass 2 could look its fields up by, so
// its chain is one step naming its node in this file: the file reads the
// field's type itself. Such a chain never leaves the file (isLocal).
const anonPrefix = "struct#"

func anonStruct(node int32) string { return anonPrefix + strconv.Itoa(int(node)) }

// anonNode is the struct_type node an anonymous struct's chain names.
func anonNode(c []string) (int32, bool) {
	if len(c) != 1 {
		return -1, false
	}
	rest, ok := strings.CutPrefix(c[0], anonPrefix)
	if !ok {
		return -1, false
	}
	n, err := strconv.Atoi(rest)
	return int32(n), err == nil
}

// isLocal reports a chain that only this file understands.
func isLocal(c []string) bool {
	for _, s := range c {
		if strings.HasPrefix(s, anonPrefix) {
			return true
		}
	}
	return false
}

// anonField is the chain of field f of the anonymous struct type st: its
// declared type's (an embedded field is named after its type).
func (x *fileExtractor) anonField(st int32, f string) []string {
	list := x.t.ChildOfKind(st, kinds.fieldDeclList)
	for fd := x.t.FirstKid(list); fd >= 0; fd = x.t.Next(fd) {
		if x.t.Kind(fd) != kinds.fieldDecl {
			continue
		}
		typ := x.t.Child(fd, fields.typ)
		named := false
		for n := x.t.FirstKid(fd); n >= 0; n = x.t.Next(n) {
			if x.t.Kind(n) == kinds.fieldIdent && x.t.Nodes[n].Field == fields.name {
				named = true
				if x.t.Text(n) == f {
					return x.typeChain(typ)
				}
			}
		}
		if c := x.typeChain(typ); !named && len(c) == 1 && lastSegment(c[0]) == f {
			return c
		}
	}
	return nil
}

// callChain is the chain of a call's result.
func (x *fileExtractor) callChain(call int32) []string {
	fn := x.t.unwrap(x.t.Child(call, fields.function))
	if x.t.Kind(fn) == kinds.typeInstExpr {
		fn = x.t.Child(fn, fields.typ)
	}
	switch x.t.Kind(fn) {
	case kinds.ident:
		name := x.t.Text(fn)
		if (name == "new" || name == "make") && !x.scope.has(name) {
			return x.typeChain(x.t.FirstKid(x.t.Child(call, fields.arguments)))
		}
		if name == "append" && !x.scope.has(name) && x.isUniverse(name, true) { // append(xs, …) has xs's type
			return x.exprChain(x.t.FirstKid(x.t.Child(call, fields.arguments)))
		}
		if c := x.scope.chain(name); len(c) == 2 && c[0] == funcOf {
			return c[1:] // a func value whose result type the file states
		}
		if x.scope.has(name) || x.isUniverse(name, true) {
			return nil // a func value or a builtin
		}
		return []string{x.qualify(name), extract.CallResult}
	case kinds.qualifiedType, kinds.typeIdent, kinds.genericType:
		if c := x.typeChain(fn); c != nil {
			return appendChain(c, extract.CallResult)
		}
	case kinds.selectorExpr:
		if c := x.selectorChain(fn); c != nil && !isMarked(c) {
			return appendChain(c, extract.CallResult)
		}
	case kinds.unaryExpr: // (*T)(x): a conversion (fn is unwrapped)
		if x.isDeref(fn) {
			return x.exprChain(x.t.FirstKid(fn))
		}
	case kinds.pointerType: // (*pkg.T)(x)
		return x.typeChain(fn)
	}
	return nil
}

// appendChain copies, so chains shared by locals are never aliased.
func appendChain(c []string, step string) []string {
	out := make([]string, len(c), len(c)+1)
	copy(out, c)
	return append(out, step)
}

// declareRange declares a range clause's variables with the element type
// of what it ranges over.
func (x *fileExtractor) declareRange(clause int32) {
	first, second := x.rangeChains(x.t.Child(clause, fields.right))
	n := 0
	for c := x.t.FirstKid(x.t.Child(clause, fields.left)); c >= 0; c = x.t.Next(c) {
		if x.t.Kind(c) != kinds.ident {
			continue
		}
		chain := first
		if n == 1 {
			chain = second
		}
		x.scope.declareTyped(x.t.Text(c), chain)
		n++
	}
}

// declareCaseAlias declares v in a case of switch v := x.(type) that
// lists one type: there v has that type (a case listing several, or nil,
// leaves v as x's type, which the switch does not state).
func (x *fileExtractor) declareCaseAlias(c int32) {
	if x.switchAlias == "" {
		return
	}
	typ := int32(-1)
	for k := x.t.FirstKid(c); k >= 0; k = x.t.Next(k) {
		if x.t.Nodes[k].Field != fields.typ {
			continue
		}
		if typ >= 0 {
			return
		}
		typ = k
	}
	if typ >= 0 {
		x.scope.declareTyped(x.switchAlias, x.typeChain(typ))
	}
}

// declareParams declares a parameter declaration's names with its type.
func (x *fileExtractor) declareParams(i int32) {
	chain := x.typeChain(x.t.Child(i, fields.typ))
	if x.t.Kind(i) == kinds.variadicParamDecl { // xs ...T is a []T
		chain = elemChain(elemOf, chain)
	}
	for c := x.t.FirstKid(i); c >= 0; c = x.t.Next(c) {
		if x.t.Kind(c) == kinds.ident && x.t.Nodes[c].Field == fields.name {
			x.scope.declareTyped(x.t.Text(c), chain)
		}
	}
}

// declareAssigned declares the left side of := with the chains of the
// right side: pairwise, or the first result of a single call.
func (x *fileExtractor) declareAssigned(left, right int32) {
	var values []int32
	for c := x.t.FirstKid(right); c >= 0; c = x.t.Next(c) {
		values = append(values, c)
	}
	// Every value is read before any name is declared: `a, b := b, a`.
	var names []string
	var chains [][]string
	for c := x.t.FirstKid(left); c >= 0; c = x.t.Next(c) {
		if x.t.Kind(c) != kinds.ident {
			continue
		}
		var chain []string
		n := len(names)
		switch {
		case len(values) > 1 && n < len(values):
			chain = x.exprChain(values[n])
		case len(values) == 1 && n == 0:
			chain = x.exprChain(values[0])
		case len(values) == 1:
			chain = x.resultChain(values[0], n)
		}
		names, chains = append(names, x.t.Text(c)), append(chains, chain)
	}
	for i, n := range names {
		x.scope.declareTyped(n, chains[i])
	}
}

// declareValueSpec declares `var a, b T` / `var a, b = x, y` in a function.
func (x *fileExtractor) declareValueSpec(spec int32) {
	typed := x.typeChain(x.t.Child(spec, fields.typ))
	values := x.t.Child(spec, fields.value)
	var vals []int32
	for c := x.t.FirstKid(values); c >= 0; c = x.t.Next(c) {
		vals = append(vals, c)
	}
	n := 0
	for c := x.t.FirstKid(spec); c >= 0; c = x.t.Next(c) {
		if x.t.Kind(c) != kinds.ident || x.t.Nodes[c].Field != fields.name {
			continue
		}
		chain := typed
		switch {
		case x.t.Child(spec, fields.typ) >= 0:
		case n < len(vals) && (len(vals) > 1 || n == 0):
			chain = x.exprChain(vals[n])
		case len(vals) == 1:
			chain = x.resultChain(vals[0], n)
		}
		x.scope.declareTyped(x.t.Text(c), chain)
		n++
	}
}

// Facts.

func (x *fileExtractor) addFact(kind extract.FactKind, subject, member, object string, at int32) {
	if strings.HasPrefix(object, anonPrefix) {
		return // an anonymous struct: no name outside this file
	}
	x.out.Facts = append(x.out.Facts, extract.RawFact{Kind: kind, Subject: subject, Member: member, Object: object, Span: x.span(at)})
}

// inTypeParams runs fn with a declaration's type parameters (and a generic
// method's receiver's) in scope, so facts never name them as types.
func (x *fileExtractor) inTypeParams(decl int32, fn func()) {
	x.scope.push()
	x.declareTypeParams(x.t.Child(decl, fields.typParams))
	if x.t.Kind(decl) == kinds.methodDecl {
		x.declareReceiverTypeParams(decl)
	}
	fn()
	x.scope.pop()
}

// resultFact states the type of a function's (first) result; owner is a
// method's receiver type, "" for a function.
func (x *fileExtractor) resultFact(decl int32, qualified, owner string) {
	x.inTypeParams(decl, func() { x.resultFactIn(decl, qualified, owner) })
}

func (x *fileExtractor) resultFactIn(decl int32, qualified, owner string) {
	res := x.t.Child(decl, fields.result)
	if res < 0 {
		return
	}
	if x.t.Kind(res) != kinds.paramList {
		x.firstResultFact(decl, qualified, owner, x.typeChain(res))
		return
	}
	k := 0 // the result's index: (a, b T, err error) declares three
	for p := x.t.FirstKid(res); p >= 0; p = x.t.Next(p) {
		if x.t.Kind(p) != kinds.paramDecl {
			return
		}
		c := x.typeChain(x.t.Child(p, fields.typ))
		for n := max(x.paramNames(p), 1); n > 0; n-- {
			if k == 0 {
				x.firstResultFact(decl, qualified, owner, c)
			} else if len(c) == 1 {
				x.derivedFact(qualified, owner, strconv.Itoa(k), c[0], decl)
			}
			k++
		}
	}
}

// firstResultFact states the type of a function's first result, or of the
// elements of a container it returns.
func (x *fileExtractor) firstResultFact(decl int32, qualified, owner string, c []string) {
	if len(c) == 1 {
		x.addFact(extract.FactReturns, qualified, "", c[0], decl)
	} else if isContainer(c) {
		x.derivedFact(qualified, owner, c[0], c[1], decl)
	}
}

// paramNames counts the names a parameter declaration declares.
func (x *fileExtractor) paramNames(p int32) int {
	n := 0
	for c := x.t.FirstKid(p); c >= 0; c = x.t.Next(c) {
		if x.t.Nodes[c].Field == fields.name {
			n++
		}
	}
	return n
}

// resultChain is the chain of the k-th result (k ≥ 1) of a call,
// a, h := f(): the derived step "f()k" the declaring file's facts type.
func (x *fileExtractor) resultChain(value int32, k int) []string {
	if x.t.Kind(x.t.unwrap(value)) != kinds.callExpr {
		return nil
	}
	return x.resultStep(x.exprChain(value), extract.CallResult+strconv.Itoa(k))
}

// derivedFact states the type of a derived step of a function's result
// (elementChain): for a method of owner, as the member "m<suffix>" of the
// owner; for a function, as the name "F<suffix>".
func (x *fileExtractor) derivedFact(qualified, owner, suffix, object string, at int32) {
	suffix = extract.CallResult + suffix
	if owner == "" {
		x.addFact(extract.FactType, qualified+suffix, "", object, at)
		return
	}
	x.addFact(extract.FactType, owner, lastSegment(qualified)+suffix, object, at)
}

// fieldFacts states the types of a struct's named and embedded fields.
func (x *fileExtractor) fieldFacts(typeName string, typ int32) {
	if x.t.Kind(typ) != kinds.structType {
		return
	}
	owner := x.qualify(typeName)
	list := x.t.ChildOfKind(typ, kinds.fieldDeclList)
	for fd := x.t.FirstKid(list); fd >= 0; fd = x.t.Next(fd) {
		if x.t.Kind(fd) != kinds.fieldDecl {
			continue
		}
		x.noteFields(typeName, fd)
		c := x.typeChain(x.t.Child(fd, fields.typ))
		if isContainer(c) {
			for n := x.t.FirstKid(fd); n >= 0; n = x.t.Next(n) {
				if x.t.Kind(n) == kinds.fieldIdent && x.t.Nodes[n].Field == fields.name {
					x.addFact(extract.FactType, owner, x.t.Text(n)+c[0], c[1], n)
				}
			}
			continue
		}
		if len(c) != 1 {
			continue
		}
		named := false
		for n := x.t.FirstKid(fd); n >= 0; n = x.t.Next(n) {
			if x.t.Kind(n) == kinds.fieldIdent && x.t.Nodes[n].Field == fields.name {
				x.addFact(extract.FactType, owner, x.t.Text(n), c[0], n)
				named = true
			}
		}
		if !named { // embedded: the field is named after its type
			x.addFact(extract.FactType, owner, lastSegment(c[0]), c[0], fd)
		}
	}
}

// noteFields records the names a field declaration of struct T declares
// (an embedded field is named after its type).
func (x *fileExtractor) noteFields(typeName string, fd int32) {
	named := false
	for n := x.t.FirstKid(fd); n >= 0; n = x.t.Next(n) {
		if x.t.Kind(n) == kinds.fieldIdent && x.t.Nodes[n].Field == fields.name {
			x.structFields[typeName+"."+x.t.Text(n)] = true
			named = true
		}
	}
	if !named {
		if c := x.typeChain(x.t.Child(fd, fields.typ)); len(c) == 1 {
			x.structFields[typeName+"."+lastSegment(c[0])] = true
		}
	}
}

// elementFact states the element type of a named container type.
func (x *fileExtractor) elementFact(typeName string, typ int32) {
	if c := x.typeChain(typ); isContainer(c) {
		x.addFact(extract.FactType, x.qualify(typeName), c[0], c[1], typ)
	}
}

// varFacts states the types of package-level vars: declared, or of a
// value whose chain is one name (T{}, NewT(), pkg.V).
func (x *fileExtractor) varFacts(spec int32) {
	typed := x.typeChain(x.t.Child(spec, fields.typ))
	var vals []int32
	for c := x.t.FirstKid(x.t.Child(spec, fields.value)); c >= 0; c = x.t.Next(c) {
		vals = append(vals, c)
	}
	n := 0
	for c := x.t.FirstKid(spec); c >= 0; c = x.t.Next(c) {
		if x.t.Kind(c) != kinds.ident || x.t.Nodes[c].Field != fields.name {
			continue
		}
		chain := typed
		if chain == nil && len(vals) > n && (len(vals) > 1 || n == 0) {
			chain = x.exprChain(vals[n])
		}
		if name := x.t.Text(c); name != "_" && name != "" {
			if isMarked(chain) || isLocal(chain) {
				x.varChains[name] = chain
			} else if obj, ok := chainObject(chain); ok {
				x.addFact(extract.FactType, x.qualify(name), "", obj, c)
			}
		}
		n++
	}
}

// chainObject writes a chain of one name, or of a call of one name, as a
// fact object.
func chainObject(c []string) (string, bool) {
	switch {
	case len(c) == 1:
		return c[0], true
	case len(c) == 2 && c[1] == extract.CallResult:
		return c[0] + extract.CallResult, true
	}
	return "", false
}

func lastSegment(q string) string {
	if i := strings.LastIndexAny(q, "./"); i >= 0 {
		return q[i+1:]
	}
	return q
}
