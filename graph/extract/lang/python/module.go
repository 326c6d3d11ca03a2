package python

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Marker: __init__.py, by existence (it makes its directory a package).
func (e *Extractor) Marker(p string) (marker, content bool) {
	return path.Base(p) == "__init__.py", false
}

// Modules records the package directories.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	m := packageDirs{}
	for _, f := range markers {
		m[extract.ParentDir(f.Path)] = true
	}
	return &pyModules{packageDirs: m}
}

// pyModules is the Python view of a worktree: its package directories
// and, for dependency packages, its root (dependencies.go).
type pyModules struct {
	packageDirs
	root string       // the worktree's absolute root, "" when unknown (SetHost)
	host extract.Host // nil until SetHost
}

// packageDirs are the directories holding an __init__.py.
type packageDirs map[string]bool

// ForFile: module paths are relative to the first ancestor of p that is
// not a package (the package root).
func (m packageDirs) ForFile(p string) extract.ModuleContext {
	d := extract.ParentDir(p)
	for d != "" && m[d] {
		d = extract.ParentDir(d)
	}
	return extract.ModuleContext{Root: d}
}

// Generated: protoc's and grpc's output (x_pb2.py, x_pb2_grpc.py) is
// generated code.
func (e *Extractor) Generated(base string) extract.Generated {
	if strings.HasSuffix(base, "_pb2.py") || strings.HasSuffix(base, "_pb2_grpc.py") {
		return extract.GeneratedCode
	}
	return extract.NotGenerated
}
