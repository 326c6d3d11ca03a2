package kotlin

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/jvm"
)

// packageHeader emits the package symbol: named by its last segment,
// qualified by the whole package name (the file's namespace).
func (w *walker) packageHeader(i int32) {
	if w.pkg == "" || len(w.out.Symbols) > 0 && w.out.Symbols[0].Kind == extract.KindPackage {
		return
	}
	w.out.Symbols = append(w.out.Symbols, extract.RawSymbol{
		Name: lastSegment(w.pkg), Qualified: w.pkg, Kind: extract.KindPackage,
		Span: w.t.Span(i), Signature: "package " + w.pkg, Parent: extract.NoParent,
	})
}

// importDecl records one import and its use ref: `import a.b.C` binds C,
// `import a.b.C as D` binds D (Alias D), `import a.b.*` is Path a.b with
// Symbol *.
func (w *walker) importDecl(i int32) {
	t := w.t
	qid := t.ChildOfKind(i, kinds.qualifiedIdent)
	path := w.dotted(qid)
	if path == "" {
		return
	}
	last := lastSegment(path)
	im := extract.RawImport{Path: path, Span: t.Span(qid)}
	tail := t.Src[t.Nodes[qid].End:t.Nodes[i].End]
	alias := t.ChildOfKind(i, kinds.ident)
	switch {
	case alias >= 0:
		im.Alias = t.Text(alias)
		w.imports[im.Alias] = path
	case bytes.HasPrefix(bytes.TrimLeft(tail, " \t."), []byte("*")):
		im.Symbol = "*"
		im.Span.End += uint32(bytes.IndexByte(tail, '*') + 1)
		w.starImports = append(w.starImports, path)
	default:
		w.imports[last] = path
	}
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: im.Span, Name: last, Qualified: path, Kind: extract.RefUse})
	w.out.Imports = append(w.out.Imports, im)
}

// onDemand lists the candidates the star imports give a name the file
// does not otherwise bind, in import order (nil when there are none).
func (w *walker) onDemand(name string) []string {
	return jvm.Prefixed(w.starImports, name)
}
