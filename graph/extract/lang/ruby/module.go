package ruby

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Resolution: an instance method is Class#method.
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{MemberSeparator: "#"}
}

// Marker: a Gemfile (or gems.rb, its other name) or a gemspec, by existence: each makes its directory
// one of the worktree's own packages (dependencies.go). No file's names
// depend on them.
func (e *Extractor) Marker(p string) (marker, content bool) {
	base := path.Base(p)
	return base == "Gemfile" || base == "gems.rb" || strings.HasSuffix(base, ".gemspec") && base != ".gemspec", false
}

// Modules records the Gemfiles and gemspecs.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	m := &rbModules{}
	for _, f := range markers {
		if b := path.Base(f.Path); b == "Gemfile" || b == "gems.rb" {
			m.gemfiles = append(m.gemfiles, f.Path)
		} else {
			m.gemspecs = append(m.gemspecs, f.Path)
		}
	}
	return m
}

// rbModules is the Ruby view of a worktree: its Gemfiles and gemspecs
// and, for dependency packages, its root (dependencies.go).
type rbModules struct {
	gemfiles, gemspecs []string     // repo-relative, in scan order
	root               string       // the worktree's absolute root, "" when unknown (SetHost)
	host               extract.Host // nil until SetHost
}

// ForFile: Ruby's names do not depend on where a file sits.
func (m *rbModules) ForFile(string) extract.ModuleContext { return extract.ModuleContext{} }
