package indexer

import (
	"database/sql"
	"fmt"
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Go types satisfy interfaces implicitly. implicitImplements derives the
// `implements` relations a Go file never states: a type implements an
// interface when its method names (own and promoted through embedding)
// cover the interface's (spec §9.7 implementors; signatures are not
// compared — names are the ceiling of what we check). Only interfaces the
// type's package can see count: its own package's, or a package one of its
// files imports. The rows are derived from the whole index, so they are
// recomputed (and diffed against the stored ones) whenever Go declarations
// change, never re-graded in place.

type goDecl struct {
	qualified, kind, file string
	span                  extract.Span
}

type implicitRow struct {
	from, to, file string
	span           extract.Span
	confidence     string
}

// goIndex is the part of the index the derivation reads.
type goIndex struct {
	types   map[string]goDecl          // struct/defined types and interfaces by qualified name
	methods map[string]map[string]bool // owner qualified → method names
	embeds  map[string][]string        // extends edges of Go types
	imports map[string]map[string]bool // directory → import paths of its Go files
}

func loadGoIndex(db *sql.Tx) (*goIndex, error) {
	g := &goIndex{types: map[string]goDecl{}, methods: map[string]map[string]bool{}, embeds: map[string][]string{}, imports: map[string]map[string]bool{}}
	rows, err := db.Query(`SELECT qualified, kind, file_path, span_start, span_end FROM symbols
		WHERE file_path LIKE '%.go' AND kind IN ('struct', 'type', 'interface', 'method') ORDER BY file_path, span_start, id`)
	if err != nil {
		return nil, fmt.Errorf("read go declarations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var d goDecl
		if err := rows.Scan(&d.qualified, &d.kind, &d.file, &d.span.Start, &d.span.End); err != nil {
			return nil, err
		}
		if d.kind != "method" {
			if _, dup := g.types[d.qualified]; !dup {
				g.types[d.qualified] = d
			}
			continue
		}
		if i := strings.LastIndexByte(d.qualified, '.'); i > 0 {
			owner := d.qualified[:i]
			if g.methods[owner] == nil {
				g.methods[owner] = map[string]bool{}
			}
			g.methods[owner][d.qualified[i+1:]] = true
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := g.loadEdges(db); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *goIndex) loadEdges(db *sql.Tx) error {
	rows, err := db.Query(`SELECT from_qualified, to_qualified FROM relations
		WHERE kind = 'extends' AND def_file LIKE '%.go' ORDER BY def_file, def_span_start, id`)
	if err != nil {
		return fmt.Errorf("read go embeddings: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var from, to string
		if err := rows.Scan(&from, &to); err != nil {
			return err
		}
		g.embeds[from] = append(g.embeds[from], to)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	imps, err := db.Query(`SELECT from_file, target_path FROM imports WHERE from_file LIKE '%.go'`)
	if err != nil {
		return fmt.Errorf("read go imports: %w", err)
	}
	defer imps.Close()
	for imps.Next() {
		var file, target string
		if err := imps.Scan(&file, &target); err != nil {
			return err
		}
		dir := path.Dir(file)
		if g.imports[dir] == nil {
			g.imports[dir] = map[string]bool{}
		}
		g.imports[dir][target] = true
	}
	return imps.Err()
}

// methodSet is a type's method names, own and promoted (embedding, depth
// bounded, cycle safe). complete is false when an embedded type is not in
// the index, so its methods are unknown.
func (g *goIndex) methodSet(q string, seen map[string]bool) (set map[string]bool, complete bool) {
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

const maxSupersWalk = 64

func deriveImplicit(db *sql.Tx) (map[string]implicitRow, error) {
	g, err := loadGoIndex(db)
	if err != nil {
		return nil, err
	}
	byMethod := map[string][]string{} // method name → concrete types having it
	sets := map[string]map[string]bool{}
	for q, d := range g.types {
		if d.kind == "interface" {
			continue
		}
		set, _ := g.methodSet(q, map[string]bool{})
		sets[q] = set
		for m := range set {
			byMethod[m] = append(byMethod[m], q)
		}
	}
	out := map[string]implicitRow{}
	for q, iface := range g.types {
		if iface.kind != "interface" {
			continue
		}
		want, complete := g.methodSet(q, map[string]bool{})
		if !complete || len(want) == 0 {
			continue
		}
		rarest := ""
		for m := range want {
			if rarest == "" || len(byMethod[m]) < len(byMethod[rarest]) || len(byMethod[m]) == len(byMethod[rarest]) && m < rarest {
				rarest = m
			}
		}
		for _, t := range byMethod[rarest] {
			if !covers(sets[t], want) {
				continue
			}
			if r, ok := g.implicitRow(g.types[t], iface); ok {
				out[implicitKey(r)] = r
			}
		}
	}
	return out, nil
}

func covers(have, want map[string]bool) bool {
	for m := range want {
		if !have[m] {
			return false
		}
	}
	return true
}

// implicitRow grades the relation by what makes the interface visible to
// the type: the same file, the same package, or an import.
func (g *goIndex) implicitRow(t, iface goDecl) (implicitRow, bool) {
	r := implicitRow{from: t.qualified, to: iface.qualified, file: t.file, span: t.span}
	tPkg, iPkg := goPackage(t.qualified), goPackage(iface.qualified)
	switch {
	case t.file == iface.file:
		r.confidence = resolve.Exact
	case tPkg == iPkg:
		r.confidence = resolve.SameModule
	case g.imports[path.Dir(t.file)][iPkg]:
		r.confidence = resolve.ImportResolved
	default:
		return r, false
	}
	return r, true
}

// goPackage is the import path part of a Go type's qualified name.
func goPackage(q string) string {
	if i := strings.LastIndexByte(q, '.'); i > 0 {
		return q[:i]
	}
	return q
}
