package core

import (
	"os"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/indexer"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// What the front ends need from below core, and nothing more: they import
// core, core/query (the answers' types, and the confidence vocabulary they
// carry) and core/render only.

// SyncReport is what a sync did (see graph/DESIGN.md, "A sync").
type SyncReport = indexer.Report

// Location is where an index lives and which HEAD it describes.
type Location = dbpath.Location

// CleanReport lists the index files Clean deleted and kept.
type CleanReport = dbpath.CleanReport

// DefaultMaxFileSize is the size above which a file is skipped.
const DefaultMaxFileSize = indexer.DefaultMaxFileSize

// SchemaVersion is the version of the index's tables; ExtractorVersion
// that of what the extractors produce. An index of other versions is
// rebuilt.
const (
	SchemaVersion    = store.SchemaVersion
	ExtractorVersion = extract.Version
)

// WorktreeRoot is the directory a front end indexes: root when given, else
// the git toplevel above the working directory, else that directory itself.
func WorktreeRoot(root string) (string, error) {
	if root != "" {
		return root, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	top, err := dbpath.FindRoot(wd)
	if err != nil || top == "" {
		return wd, err
	}
	return top, nil
}

// DumpIndex is a canonical text form of the index file at path: two
// indexes of the same files dump identically, however they were built.
func DumpIndex(path string) (string, error) { return store.DumpFile(path, extract.Version) }
