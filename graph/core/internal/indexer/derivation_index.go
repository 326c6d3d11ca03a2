package indexer

import (
	"database/sql"
	"fmt"

	"github.com/orbitgraph/orbit/graph/extract"
)

// derivationIndex serves a language's derivation the rows of its own
// files, in a fixed order, from the sync's transaction.
type derivationIndex struct {
	tx   *sql.Tx
	lang string
	dv   extract.Derivation
}

func (ix derivationIndex) Declarations() ([]extract.Declaration, error) {
	kinds := map[string]extract.SymbolKind{}
	for _, k := range ix.dv.Symbols {
		kinds[k.String()] = k
	}
	rows, err := ix.tx.Query(`SELECT s.qualified, s.kind, s.file_path, s.span_start, s.span_end FROM symbols s
		JOIN files f ON f.path = s.file_path
		WHERE f.lang = ? AND s.kind IN (`+kindList(ix.dv.Symbols)+`) ORDER BY s.file_path, s.span_start, s.id`, ix.lang)
	if err != nil {
		return nil, fmt.Errorf("read %s declarations: %w", ix.lang, err)
	}
	defer rows.Close()
	var out []extract.Declaration
	for rows.Next() {
		var d extract.Declaration
		var kind string
		if err := rows.Scan(&d.Qualified, &kind, &d.File, &d.Span.Start, &d.Span.End); err != nil {
			return nil, err
		}
		d.Kind = kinds[kind]
		out = append(out, d)
	}
	return out, rows.Err()
}

func (ix derivationIndex) Relations() ([]extract.StatedRelation, error) {
	kinds := map[string]extract.RelationKind{}
	for _, k := range ix.dv.Reads {
		kinds[k.String()] = k
	}
	rows, err := ix.tx.Query(`SELECT r.from_qualified, r.to_qualified, r.kind FROM relations r
		JOIN files f ON f.path = r.def_file
		WHERE f.lang = ? AND r.kind IN (`+kindList(ix.dv.Reads)+`) ORDER BY r.def_file, r.def_span_start, r.id`, ix.lang)
	if err != nil {
		return nil, fmt.Errorf("read %s relations: %w", ix.lang, err)
	}
	defer rows.Close()
	var out []extract.StatedRelation
	for rows.Next() {
		var r extract.StatedRelation
		var kind string
		if err := rows.Scan(&r.From, &r.To, &kind); err != nil {
			return nil, err
		}
		r.Kind = kinds[kind]
		out = append(out, r)
	}
	return out, rows.Err()
}

func (ix derivationIndex) Imports() ([]extract.FileImport, error) {
	rows, err := ix.tx.Query(`SELECT i.from_file, i.target_path FROM imports i
		JOIN files f ON f.path = i.from_file WHERE f.lang = ? ORDER BY i.from_file, i.rowid`, ix.lang)
	if err != nil {
		return nil, fmt.Errorf("read %s imports: %w", ix.lang, err)
	}
	defer rows.Close()
	var out []extract.FileImport
	for rows.Next() {
		var im extract.FileImport
		if err := rows.Scan(&im.File, &im.Path); err != nil {
			return nil, err
		}
		out = append(out, im)
	}
	return out, rows.Err()
}
