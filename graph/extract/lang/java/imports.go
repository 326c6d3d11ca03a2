package java

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// packageDecl emits the package symbol: named by its last segment,
// qualified by the whole package name (the file's namespace).
func (w *walker) packageDecl(i int32) {
	name := w.t.FirstKid(i)
	for ; name >= 0 && w.t.Kind(name) != kinds.scopedIdent && w.t.Kind(name) != kinds.ident; name = w.t.Next(name) {
		w.walk(name) // annotations of package-info.java
	}
	if name < 0 || w.pkg == "" || len(w.out.Symbols) > 0 && w.out.Symbols[0].Kind == extract.KindPackage {
		return
	}
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: lastSegment(w.pkg), Qualified: w.pkg, Kind: extract.KindPackage,
		Span: w.t.Span(i), Signature: "package " + w.pkg, Parent: extract.NoParent,
	})
}

// importDecl records one import and its use ref. A single-type import
// binds the simple name; `import a.b.*` is Path a.b, Symbol *; a static
// import `import static a.B.m` is Path a.B.m and binds m for unqualified
// calls (and as a type when it names a nested type).
func (w *walker) importDecl(i int32) {
	t := w.t
	name := t.FirstKid(i)
	if k := t.Kind(name); k != kinds.scopedIdent && k != kinds.ident {
		return
	}
	path := w.dotted(name)
	if path == "" {
		return
	}
	last := lastSegment(path)
	static := isStaticImport(t.Raw(i))
	sp := t.Span(name)
	im := extract.RawImport{Path: path, Span: sp}
	if star := t.Next(name); star >= 0 && t.Kind(star) == kinds.asterisk {
		im.Symbol, im.Span.End = "*", t.Nodes[star].End
		w.onDemandImports = append(w.onDemandImports, path)
		if static {
			w.staticOnDemand = append(w.staticOnDemand, path)
		}
	} else if static {
		w.statics[last] = path
		if jvm.IsUpperCamel([]byte(last)) {
			w.imports[last] = path
		}
	} else {
		w.imports[last] = path
	}
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: im.Span, Name: last, Qualified: path, Kind: extract.RefUse})
	w.out.Imports = append(w.out.Imports, im)
}

// onDemand lists the candidates the on-demand imports give a name the
// file does not otherwise bind, in import order (nil when there are none).
func (w *walker) onDemand(name string) []string {
	return jvm.Prefixed(w.onDemandImports, name)
}

// isStaticImport reports `import static ...` from the declaration's text.
func isStaticImport(decl []byte) bool {
	rest := bytes.TrimLeft(bytes.TrimPrefix(decl, []byte("import")), " \t\r\n")
	return bytes.HasPrefix(rest, []byte("static")) && len(rest) > 6 && !jvm.Java.IsIdentByte(rest[6])
}
