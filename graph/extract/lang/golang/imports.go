package golang

import (
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// importDecl records each import spec of an import declaration: a RawImport
// (Alias is the explicit name, `_` and `.` included), a use ref whose
// candidate is the imported package, and the local name it binds.
func (x *fileExtractor) importDecl(decl int32) {
	for c := x.t.FirstKid(decl); c >= 0; c = x.t.Next(c) {
		switch x.t.Kind(c) {
		case kinds.importSpec:
			x.importSpec(c)
		case kinds.importSpecList:
			x.importDecl(c)
		}
	}
}

func (x *fileExtractor) importSpec(spec int32) {
	path, err := strconv.Unquote(x.t.Text(x.t.Child(spec, fields.path)))
	if err != nil || path == "" {
		return
	}
	nameNode := x.t.Child(spec, fields.name)
	alias := x.t.Text(nameNode)
	local := alias
	if nameNode < 0 || x.t.Kind(nameNode) != kinds.packageIdent {
		local = importName(path)
	}
	if nameNode < 0 || x.t.Kind(nameNode) == kinds.packageIdent {
		x.imports[local] = path
	}
	if x.t.Kind(nameNode) == kinds.dot {
		x.dotImports = append(x.dotImports, path)
	}
	x.cmds.enabled = x.cmds.enabled || path == cobraPath
	x.out.Imports = append(x.out.Imports, extract.RawImport{Path: path, Alias: alias, Span: x.span(spec)})
	x.addRef(spec, extract.RefUse, local, path)
}

// dotAlternatives lets a bare name also come from the packages the file
// dot-imports (`import . "bufio"` in bufio's external tests): Go looks in
// the package first, and the two cannot both declare it.
func (x *fileExtractor) dotAlternatives() {
	if len(x.dotImports) == 0 {
		return
	}
	prefix := x.ns + "."
	for i := range x.out.Facts { // a fact's type may come from a dot import too
		f := &x.out.Facts[i]
		name, ok := strings.CutPrefix(f.Object, prefix)
		if _, own := x.topNames[strings.TrimSuffix(name, extract.CallResult)]; !ok || own || strings.ContainsAny(name, "./") {
			continue
		}
		for _, p := range x.dotImports {
			f.Alternatives = append(f.Alternatives, p+"."+name)
		}
	}
	for i := range x.out.Refs {
		r := &x.out.Refs[i]
		bare := r.Qualified
		if r.Receiver != nil {
			bare = r.Receiver[0]
		}
		name, ok := strings.CutPrefix(bare, prefix)
		if _, own := x.topNames[name]; !ok || own || strings.ContainsAny(name, "./") {
			continue
		}
		for _, p := range x.dotImports {
			r.Alternatives = append(r.Alternatives, p+"."+name)
		}
	}
}
