// Package extract is the vocabulary of Orbit Graph: the values an extractor
// produces from one file (ExtractedFile and its Raw* records), the Extractor
// interface and the Registry that picks an extractor for a path.
//
// Layer: bottom. It must not import cgo, os, database/sql or any other graph
// package; language extractors live in extract/lang/* and are pure functions
// of (path, bytes, context).
package extract
