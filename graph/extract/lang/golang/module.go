package golang

import (
	"path"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Marker: go.mod, by content (its module path names the packages below).
func (e *Extractor) Marker(p string) (marker, content bool) {
	m := path.Base(p) == "go.mod"
	return m, m
}

// Modules maps each go.mod's directory to its module path, and keeps what
// the go.mod files require (dependencies.go).
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	m := &goModules{paths: map[string]string{}}
	for _, f := range markers {
		if f.Content != nil {
			m.paths[extract.ParentDir(f.Path)] = modfile.ModulePath(f.Content)
			m.manifests = append(m.manifests, manifest{dir: extract.ParentDir(f.Path), content: f.Content})
		}
	}
	return m
}

// ContextKey: a go.mod's files depend on its module path alone; its
// requirements name dependency packages (dependencies.go).
func (e *Extractor) ContextKey(content []byte) string { return modfile.ModulePath(content) }

// goModules: directory of a go.mod → its module path, and the go.mod
// files themselves (for their requirements).
type goModules struct {
	paths     map[string]string
	manifests []manifest
	root      string       // the worktree's absolute root, "" when unknown (SetHost)
	host      extract.Host // nil when unknown: nothing outside the scan is read
}

type manifest struct {
	dir     string
	content []byte
}

// ForFile: the nearest go.mod above p. GOROOT/src's says "std", whose
// import paths have no prefix.
func (m *goModules) ForFile(p string) extract.ModuleContext {
	d, mp, ok := extract.Nearest(m.paths, p)
	if !ok {
		return extract.ModuleContext{}
	}
	if mp == "std" {
		return extract.ModuleContext{Root: d, Own: stdLibrary}
	}
	return extract.ModuleContext{Root: d, Path: mp}
}

// stdModule marks (ModuleContext.Own) the standard library's module:
// its import paths have no prefix, and the packages it imports without a
// dot are its own.
type stdModule struct{}

var stdLibrary any = stdModule{}

// Resolution: calling a type converts a value (T(x), unsafe.Pointer(p)).
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{CallingTypeConverts: true}
}

// Generated: protoc's output (x.pb.go), and the generators' conventional
// names (x_generated.go, zz_generated.*.go), are generated code.
func (e *Extractor) Generated(base string) extract.Generated {
	if strings.HasSuffix(base, ".pb.go") || strings.HasSuffix(base, "_generated.go") || strings.HasPrefix(base, "zz_generated") {
		return extract.GeneratedCode
	}
	return extract.NotGenerated
}
