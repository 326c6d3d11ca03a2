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
	return ix.tx.Declarations(ix.lang, names(ix.dv.Symbols))
}

func (ix derivationIndex) Relations() ([]extract.StatedRelation, error) {
	return ix.tx.RelationsByLang(ix.lang, names(ix.dv.Reads))
}

func (ix derivationIndex) Imports() ([]extract.FileImport, error) {
	return ix.tx.ImportsByLang(ix.lang)
}
