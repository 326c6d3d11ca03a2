// Package config is the configuration-file extractor of Orbit Graph: the
// keys of YAML, TOML, JSON and .env files become configs rows with dotted
// paths ("server.port", "tool.poetry.dependencies.requests",
// "jobs.build.steps[].uses"), and the column names of CSV and TSV files
// (their header row) keys of their own (ADR-011).
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// its grammars' bindings (tree-sitter-yaml, tree-sitter-toml,
// tree-sitter-json). .env files have no grammar: env.go scans their lines.
// It has no cgo of its own and never reads the disk.
//
// Path conventions (keys.go): one row per key as written, its Key the full
// path from the document root; segments joined by "."; an array element
// adds "[]" (never an index, so every element of a list shares its keys'
// names); a segment that is empty or holds ".", "[", "]", a quote or a
// control character is written as a Go-quoted string. Rows are bounded per
// file (maxKeys, maxDepth, maxKeyLen) and JSON/YAML files that look like
// data rather than configuration are skipped (datafile.go); each limit
// leaves a diagnostic. A key's Line and Span are the key's own; keys
// reached through a YAML alias get the alias's. The extractor makes no
// symbols, refs or imports: a file is found by its path and Lang, its keys
// by search over configs.
package config

import (
	"path"
	"strings"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is what Lang returns; files get the name of their format.
const langName = "config"

// format is one of the file formats this extractor reads.
type format uint8

const (
	formatNone format = iota
	formatYAML
	formatTOML
	formatJSON
	formatEnv
	formatCSV
	formatTSV
	formatCount
)

// formatNames are the ExtractedFile.Lang values, by format.
var formatNames = [...]string{"", "yaml", "toml", "json", "env", "csv", "tsv"}

// configKinds are the RawConfig kinds, by format.
var configKinds = [...]extract.ConfigKind{0, extract.ConfigYAML, extract.ConfigTOML, extract.ConfigJSON, extract.ConfigEnv,
	extract.ConfigCSV, extract.ConfigTSV}

// formatOf picks a file's format from its name: the extension first, so
// that ".env.json" is JSON, then the .env naming conventions (".env",
// ".env.local", "prod.env").
func formatOf(p string) format {
	switch {
	case extract.HasExt(p, ".yaml", ".yml"):
		return formatYAML
	case extract.HasExt(p, ".toml"):
		return formatTOML
	case extract.HasExt(p, ".json"):
		return formatJSON
	case extract.HasExt(p, ".csv"):
		return formatCSV
	case extract.HasExt(p, ".tsv"):
		return formatTSV
	}
	base := path.Base(p)
	if base == ".env" || strings.HasPrefix(base, ".env.") || strings.HasSuffix(base, ".env") {
		return formatEnv
	}
	return formatNone
}

// Extractor extracts configuration files. It is safe for concurrent use.
type Extractor struct {
	doors *doors
}

var _ extract.Extractor = (*Extractor)(nil)

// New returns an extractor sharing the package's parser pools.
func New() *Extractor { return &Extractor{doors: shared} }

// WithTimeout returns an extractor with its own parser pools whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	return &Extractor{doors: e.doors.withTimeout(d)}
}

// Lang returns "config"; each file's Lang is its format ("yaml", "toml",
// "json", "env", "csv" or "tsv").
func (e *Extractor) Lang() string { return langName }

// FileLangs lists the formats files get as their language.
func (e *Extractor) FileLangs() []string { return formatNames[1:] }

// Supports accepts .yaml, .yml, .toml, .json, .csv and .tsv files and .env
// files (".env", ".env.*", "*.env").
func (e *Extractor) Supports(p string) bool { return formatOf(p) != formatNone }

// Extract records one file's keys. A parse failure or timeout gives a
// diagnostic and an otherwise empty result; a bug in the walk becomes a
// diagnostic too, never a panic.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	f := formatOf(in.Path)
	out := &extract.ExtractedFile{Lang: formatNames[f], Namespace: in.Path}
	if f == formatNone {
		out.Diagnostics = []extract.Diagnostic{{Message: "config extractor: unsupported file"}}
		return out
	}
	return e.doors[f]().Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		k := newKeys(configKinds[f], lines, out)
		walk(f, &tree{tsutil.Tree[[]byte]{Nodes: nodes, Src: in.Content}}, k)
		k.finish()
	})
}

// walk reads a file's keys: the flat tree of a YAML, TOML or JSON file,
// the lines of a .env file.
func walk(f format, t *tree, k *keys) {
	switch f {
	case formatEnv:
		scanEnv(t.Src, k)
	case formatCSV:
		scanTable(t.Src, ',', k)
	case formatTSV:
		scanTable(t.Src, '\t', k)
	case formatYAML:
		walkYAML(t, k)
	case formatTOML:
		walkTOML(t, k)
	case formatJSON:
		walkJSON(t, k)
	}
}
