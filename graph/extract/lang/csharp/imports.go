package csharp

import "github.com/orbitgraph/orbit/graph/extract"

// using handles `using A.B;`, `using X = A.B;`, `using static A.B;` and
// their global forms: an import whose Path is the name as written (global::
// and type arguments left out, static not recorded), and a use ref to it
// named by the alias or the last name. An alias also qualifies the names
// written with it (X.C is A.B.C).
func (w *walker) using(i int32) {
	t := w.t
	alias := t.Child(i, fields.name)
	target := int32(noNode)
	for c := range t.Kids(i) {
		if c != alias {
			target = c
			break
		}
	}
	if target == noNode {
		return
	}
	path := w.dottedText(target)
	if path == "" {
		return
	}
	name, as := lastSegment(path), ""
	if alias != noNode {
		as = identText(t.Text(alias))
		name = as
		if w.aliases == nil {
			w.aliases = map[string]string{}
		}
		w.aliases[as] = path
	} else {
		w.usings = append(w.usings, path)
	}
	w.out.Imports = append(w.out.Imports, extract.RawImport{Path: path, Alias: as, Span: t.Span(i)})
	w.addRef(target, extract.RefUse, name, path)
}
