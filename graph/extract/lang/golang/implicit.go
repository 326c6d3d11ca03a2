package golang

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Go types satisfy interfaces implicitly. Derive finds the `implements`
// relations a Go file never states: a type implements an interface when
// its method names (own and promoted through embedding) cover the
// interface's (signatures are not compared — names are the ceiling of
// what we check). Only interfaces the type's package can see count: its
// own package's, or a package one of its files imports.

// Derivation: implements, from type and method declarations, embeddings
// and imports.
func (e *Extractor) Derivation() extract.Derivation {
	return extract.Derivation{
		Produces: extract.RelImplements,
		Symbols:  []extract.SymbolKind{extract.KindStruct, extract.KindType, extract.KindInterface, extract.KindMethod},
		Reads:    []extract.RelationKind{extract.RelExtends},
	}
}

// Derive computes every implicit implements relation of the index.
func (e *Extractor) Derive(ix extract.DerivationIndex) ([]extract.DerivedRelation, error) {
	g, err := loadDecls(ix)
	if err != nil {
		return nil, err
	}
	byMethod := map[string][]string{} // method name → concrete types having it
	sets := map[string]map[string]bool{}
	for q, d := range g.types {
		if d.Kind == extract.KindInterface {
			continue
		}
		set, _ := g.methodSet(q, map[string]bool{})
		sets[q] = set
		for m := range set {
			byMethod[m] = append(byMethod[m], q)
		}
	}
	var out []extract.DerivedRelation
	for q, iface := range g.types {
		if iface.Kind != extract.KindInterface {
			continue
		}
		want, complete := g.methodSet(q, map[string]bool{})
		if !complete || len(want) == 0 {
			continue
		}
		for _, t := range byMethod[rarest(want, byMethod)] {
			if !covers(sets[t], want) {
				continue
			}
			if r, ok := g.relation(g.types[t], iface); ok {
				out = append(out, r)
			}
		}
	}
	return out, nil
}

// rarest is the method of want the fewest types have (ties by name): the
// cheapest to start from.
func rarest(want map[string]bool, byMethod map[string][]string) string {
	r := ""
	for m := range want {
		if r == "" || len(byMethod[m]) < len(byMethod[r]) || len(byMethod[m]) == len(byMethod[r]) && m < r {
			r = m
		}
	}
	return r
}

func covers(have, want map[string]bool) bool {
	for m := range want {
		if !have[m] {
			return false
		}
	}
	return true
}

// decls is the part of the index the derivation reads.
type decls struct {
	types   map[string]extract.Declaration // struct/defined types and interfaces by qualified name
	methods map[string]map[string]bool     // owner qualified → method names
	embeds  map[string][]string            // extends edges of Go types
	imports map[string]map[string]bool     // directory → import paths of its Go files
}

func loadDecls(ix extract.DerivationIndex) (*decls, error) {
	g := &decls{types: map[string]extract.Declaration{}, methods: map[string]map[string]bool{}, embeds: map[string][]string{}, imports: map[string]map[string]bool{}}
	ds, err := ix.Declarations()
	if err != nil {
		return nil, err
	}
	for _, d := range ds {
		if d.Kind != extract.KindMethod {
			if _, dup := g.types[d.Qualified]; !dup {
				g.types[d.Qualified] = d
			}
			continue
		}
		if i := strings.LastIndexByte(d.Qualified, '.'); i > 0 {
			owner := d.Qualified[:i]
			if g.methods[owner] == nil {
				g.methods[owner] = map[string]bool{}
			}
			g.methods[owner][d.Qualified[i+1:]] = true
		}
	}
	rels, err := ix.Relations()
	if err != nil {
		return nil, err
	}
	for _, r := range rels {
		g.embeds[r.From] = append(g.embeds[r.From], r.To)
	}
	imps, err := ix.Imports()
	if err != nil {
		return nil, err
	}
	for _, im := range imps {
		dir := path.Dir(im.File)
		if g.imports[dir] == nil {
			g.imports[dir] = map[string]bool{}
		}
		g.imports[dir][im.Path] = true
	}
	return g, nil
}

// maxSupersWalk bounds the embedding walk.
const maxSupersWalk = 64

// methodSet is a type's method names, own and promoted (embedding, depth
// bounded, cycle safe). complete is false when an embedded type is not in
// the index, so its methods are unknown.
func (g *decls) methodSet(q string, seen map[string]bool) (set map[string]bool, complete bool) {
	set, complete = map[string]bool{}, true
	if seen[q] || len(seen) > maxSupersWalk {
		return set, true
	}
	seen[q] = true
	for m := range g.methods[q] {
		set[m] = true
	}
	for _, e := range g.embeds[q] {
		if _, ok := g.types[e]; !ok {
			complete = false
			continue
		}
		sub, ok := g.methodSet(e, seen)
		complete = complete && ok
		for m := range sub {
			set[m] = true
		}
	}
	return set, complete
}

// relation anchors the relation at the type and says what makes the
// interface visible to it: the same file, the same package, or an import.
func (g *decls) relation(t, iface extract.Declaration) (extract.DerivedRelation, bool) {
	r := extract.DerivedRelation{From: t.Qualified, To: iface.Qualified, File: t.File, Span: t.Span}
	tPkg, iPkg := packageOf(t.Qualified), packageOf(iface.Qualified)
	switch {
	case t.File == iface.File:
		r.Seen = extract.SameFile
	case tPkg == iPkg:
		r.Seen = extract.SameModule
	case g.imports[path.Dir(t.File)][iPkg]:
		r.Seen = extract.ThroughImport
	default:
		return r, false
	}
	return r, true
}

// packageOf is the import path part of a Go type's qualified name.
func packageOf(q string) string {
	if i := strings.LastIndexByte(q, '.'); i > 0 {
		return q[:i]
	}
	return q
}
