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
	return prefixed(w.onDemandImports, name)
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

// isStaticImport reports `import static ...` from the declaration's text.
func isStaticImport(decl []byte) bool {
	rest := bytes.TrimLeft(bytes.TrimPrefix(decl, []byte("import")), " \t\r\n")
	return bytes.HasPrefix(rest, []byte("static")) && len(rest) > 6 && !isIdentByte(rest[6])
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// scanPackage finds the package name without a parser, for files whose
// parse failed: the first `package` declaration after comments and
// annotations.
func scanPackage(src []byte) string {
	for len(src) > 0 {
		src = skipSpaceAndComments(src)
		switch {
		case bytes.HasPrefix(src, []byte("package")) && len(src) > 7 && !isIdentByte(src[7]):
			end := bytes.IndexByte(src, ';')
			if end < 0 {
				return ""
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

// skipSpaceAndComments drops leading white space and comments.
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
			end := bytes.Index(s[2:], []byte("*/"))
			if end < 0 {
				return nil
			}
			s = s[2+end+2:]
		default:
			return s
		}
	}
}
