package indexer

import (
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// derivationIndex serves a language's derivation the rows of its own
// files, in a fixed order, from the sync's transaction.
type derivationIndex struct {
	tx   *store.Tx
	lang string
	dv   extract.Derivation
}

func (ix derivationIndex) Declarations() ([]extract.Declaration, error) {
	kinds := map[string]extract.SymbolKind{}
	for _, k := range ix.dv.Symbols {
		kinds[k.String()] = k
	}
	decls, kindNames, err := ix.tx.Declarations(ix.lang, names(ix.dv.Symbols))
	for i := range decls {
		decls[i].Kind = kinds[kindNames[i]]
	}
	return decls, err
}

func (ix derivationIndex) Relations() ([]extract.StatedRelation, error) {
	kinds := map[string]extract.RelationKind{}
	for _, k := range ix.dv.Reads {
		kinds[k.String()] = k
	}
	rows, err := ix.tx.RelationsByLang(ix.lang, names(ix.dv.Reads))
	out := make([]extract.StatedRelation, len(rows))
	for i, r := range rows {
		out[i] = extract.StatedRelation{From: r.From, To: r.To, Kind: kinds[r.Kind]}
	}
	return out, err
}

func (ix derivationIndex) Imports() ([]extract.FileImport, error) {
	return ix.tx.ImportsByLang(ix.lang)
}
