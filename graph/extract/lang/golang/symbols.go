package golang

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/extract"
)

// declarations reads the top level of the file in source order: the package
// clause, imports, and one symbol per declared name. Top-level ERROR nodes
// are searched too, so a file with a syntax error keeps what still parses.
func (x *fileExtractor) declarations() {
	x.declarationsIn(0)
	for _, m := range x.methods {
		if j, ok := x.types[m.recv]; ok {
			x.out.Symbols[m.symbol].Parent = j
		}
	}
}

func (x *fileExtractor) declarationsIn(parent int32) {
	for c := x.t.FirstKid(parent); c >= 0; c = x.t.Next(c) {
		switch x.t.Kind(c) {
		case kinds.packageClause:
			x.packageSymbol(c)
		case kinds.importDecl:
			x.importDecl(c)
		case kinds.funcDecl:
			x.funcSymbol(c)
		case kinds.methodDecl:
			x.methodSymbol(c)
		case kinds.typeDecl:
			x.typeSymbols(c)
		case kinds.constDecl:
			x.valueSymbols(c, extract.KindConst, "const")
		case kinds.varDecl:
			x.valueSymbols(c, extract.KindVar, "var")
		case errorKind:
			x.declarationsIn(c)
		}
	}
}

func (x *fileExtractor) packageSymbol(i int32) {
	name := x.t.Text(x.t.ChildOfKind(i, kinds.packageIdent))
	if name == "" {
		return
	}
	x.addSymbol(extract.RawSymbol{
		Name: name, Qualified: x.ns, Kind: extract.KindPackage, Span: x.span(i),
		Signature: "package " + name, Parent: extract.NoParent,
	})
}

func (x *fileExtractor) funcSymbol(i int32) {
	name := x.t.Text(x.t.Child(i, fields.name))
	if name == "" || name == "_" {
		return
	}
	kind := extract.KindFunction
	if x.testFile && isTestName(name) {
		kind = extract.KindTest
	}
	x.topNames[name] = x.addSymbol(extract.RawSymbol{
		Name: name, Qualified: x.qualify(name), Kind: kind, Span: x.span(i),
		Signature: x.funcSignature(i), Parent: extract.NoParent,
	})
	x.resultFact(i, x.qualify(name), "")
}

// isTestName reports whether a function in a _test.go file is run by go
// test: Test, Benchmark, Fuzz or Example, then nothing or a non-lower-case
// rune (go test's own rule). TestMain is set-up, not a test.
func isTestName(name string) bool {
	if name == "TestMain" {
		return false
	}
	for _, prefix := range [...]string{"Test", "Benchmark", "Fuzz", "Example"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			r, _ := utf8.DecodeRuneInString(rest)
			return rest == "" || !unicode.IsLower(r)
		}
	}
	return false
}

func (x *fileExtractor) methodSymbol(i int32) {
	name := x.t.Text(x.t.Child(i, fields.name))
	if name == "" || name == "_" {
		return
	}
	recv := x.receiverTypeName(i)
	qualified, owner := x.qualify(name), ""
	if recv != "" {
		qualified, owner = x.qualify(recv+"."+name), x.qualify(recv)
	}
	idx := x.addSymbol(extract.RawSymbol{
		Name: name, Qualified: qualified, Kind: extract.KindMethod, Span: x.span(i),
		Signature: x.funcSignature(i), Parent: extract.NoParent,
	})
	x.methods = append(x.methods, pendingMethod{symbol: idx, recv: recv})
	x.resultFact(i, qualified, owner)
}

// receiverTypeName is T for receivers T, *T, T[K] and *T[K], or "".
func (x *fileExtractor) receiverTypeName(method int32) string {
	param := x.t.FirstKid(x.t.Child(method, fields.receiver))
	typ := x.t.unwrap(x.t.Child(param, fields.typ))
	if x.t.Kind(typ) == kinds.pointerType {
		typ = x.t.unwrap(x.t.FirstKid(typ))
	}
	if x.t.Kind(typ) == kinds.genericType {
		typ = x.t.Child(typ, fields.typ)
	}
	if x.t.Kind(typ) != kinds.typeIdent {
		return ""
	}
	return x.t.Text(typ)
}

// specSpan is the whole declaration for `type T int`, and the spec alone
// inside a group `type ( ... )`.
func (x *fileExtractor) specSpan(decl, spec int32) extract.Span {
	d, s := &x.t.Nodes[decl], &x.t.Nodes[spec]
	if strings.IndexByte(x.t.Src[d.Start:s.Start], '(') >= 0 {
		return x.span(spec)
	}
	return x.span(decl)
}

func (x *fileExtractor) typeSymbols(decl int32) {
	for spec := x.t.FirstKid(decl); spec >= 0; spec = x.t.Next(spec) {
		name := x.t.Text(x.t.Child(spec, fields.name))
		if name == "" || name == "_" {
			continue
		}
		typ := x.t.Child(spec, fields.typ)
		kind := typeKind(x.t.Kind(spec), x.t.Kind(typ))
		idx := x.addSymbol(extract.RawSymbol{
			Name: name, Qualified: x.qualify(name), Kind: kind, Span: x.specSpan(decl, spec),
			Signature: x.typeSignature(spec), Parent: extract.NoParent,
		})
		x.types[name], x.topNames[name] = idx, idx
		x.embeddings(name, typ)
		x.inTypeParams(spec, func() {
			x.fieldFacts(name, typ)
			x.elementFact(name, typ)
			if kind == extract.KindInterface {
				x.interfaceMethods(idx, typ)
			}
		})
	}
}

func typeKind(spec, typ uint16) extract.SymbolKind {
	switch {
	case spec == kinds.typeAlias:
		return extract.KindTypeAlias
	case typ == kinds.structType:
		return extract.KindStruct
	case typ == kinds.interfaceType:
		return extract.KindInterface
	}
	return extract.KindType
}

// interfaceMethods adds the methods an interface declares, as children of it.
func (x *fileExtractor) interfaceMethods(iface int, typ int32) {
	prefix := x.out.Symbols[iface].Qualified + "."
	for c := x.t.FirstKid(typ); c >= 0; c = x.t.Next(c) {
		name := x.t.Text(x.t.Child(c, fields.name))
		if x.t.Kind(c) != kinds.methodElem || name == "" {
			continue
		}
		x.addSymbol(extract.RawSymbol{
			Name: name, Qualified: prefix + name, Kind: extract.KindMethod, Span: x.span(c),
			Signature: normalize(x.t.Text(c)), Parent: iface,
		})
		x.resultFact(c, prefix+name, x.out.Symbols[iface].Qualified)
	}
}

// valueSymbols adds one const or var symbol per name; `_` is skipped.
func (x *fileExtractor) valueSymbols(decl int32, kind extract.SymbolKind, keyword string) {
	for spec := x.t.FirstKid(decl); spec >= 0; spec = x.t.Next(spec) {
		if x.t.Kind(spec) != kinds.constSpec && x.t.Kind(spec) != kinds.varSpec {
			x.valueSymbols(spec, kind, keyword) // var ( ... ) is a var_spec_list
			continue
		}
		if kind == extract.KindVar {
			x.varFacts(spec)
		}
		for c := x.t.FirstKid(spec); c >= 0; c = x.t.Next(c) {
			name := x.t.Text(c)
			if x.t.Nodes[c].Field != fields.name || name == "_" || name == "" {
				continue
			}
			x.addSymbol(extract.RawSymbol{
				Name: name, Qualified: x.qualify(name), Kind: kind, Span: x.specSpan(decl, spec),
				Signature: x.valueSignature(keyword, name, spec), Parent: extract.NoParent,
			})
		}
	}
}
