package kotlin

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
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
	return prefixed(w.starImports, name)
}

// prefixed is p.name for each prefix p.
func prefixed(prefixes []string, name string) []string {
	if len(prefixes) == 0 {
		return nil
	}
	out := make([]string, len(prefixes))
	for i, p := range prefixes {
		out[i] = p + "." + name
	}
	return out
}

// suffixed is a+suffix for each a.
func suffixed(list []string, suffix string) []string {
	if len(list) == 0 {
		return nil
	}
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a + suffix
	}
	return out
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// scanPackage finds the package name without a parser, for files whose
// parse failed: the first `package` header after comments and file
// annotations.
func scanPackage(src []byte) string {
	for len(src) > 0 {
		src = skipSpaceAndComments(src)
		switch {
		case bytes.HasPrefix(src, []byte("package")) && len(src) > 7 && !isIdentByte(src[7]):
			end := bytes.IndexAny(src, ";\n")
			if end < 0 {
				end = len(src)
			}
			return string(bytes.Join(bytes.Fields(src[7:end]), nil))
		case len(src) > 0 && src[0] == '@':
			nl := bytes.IndexByte(src, '\n')
			if nl < 0 {
				return ""
			}
			src = src[nl+1:]
		default:
			return ""
		}
	}
	return ""
}

// skipSpaceAndComments drops leading white space and comments (Kotlin's
// block comments nest).
func skipSpaceAndComments(s []byte) []byte {
	for {
		s = bytes.TrimLeft(s, " \t\r\n\f")
		switch {
		case bytes.HasPrefix(s, []byte("//")):
			nl := bytes.IndexByte(s, '\n')
			if nl < 0 {
				return nil
			}
			s = s[nl+1:]
		case bytes.HasPrefix(s, []byte("/*")):
			s = skipBlockComment(s)
		default:
			return s
		}
	}
}

// skipBlockComment drops a leading, possibly nested, block comment.
func skipBlockComment(s []byte) []byte {
	depth := 0
	for i := 0; i+1 < len(s); i++ {
		switch {
		case s[i] == '/' && s[i+1] == '*':
			depth++
			i++
		case s[i] == '*' && s[i+1] == '/':
			depth--
			i++
			if depth == 0 {
				return s[i+1:]
			}
		}
	}
	return nil
}
