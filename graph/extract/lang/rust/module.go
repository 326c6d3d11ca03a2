package rust

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Marker: Cargo.toml, by content (its [package] name is the crate's).
func (e *Extractor) Marker(p string) (marker, content bool) {
	m := path.Base(p) == "Cargo.toml"
	return m, m
}

// Modules maps each crate's directory to its name.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	m := crates{}
	for _, f := range markers {
		if name := crateName(f.Content); name != "" {
			m[extract.ParentDir(f.Path)] = name
		}
	}
	return m
}

// crates: directory of a Cargo.toml with [package] → crate name.
type crates map[string]string

// ForFile: the nearest crate above p.
func (m crates) ForFile(p string) extract.ModuleContext {
	if d, name, ok := extract.Nearest(m, p); ok {
		return extract.ModuleContext{Root: d, Path: name}
	}
	return extract.ModuleContext{}
}

// crateName reads `name` from the [package] table of a Cargo.toml, as Rust
// spells it in paths (dashes become underscores). A workspace-only manifest
// has no [package] and names no crate. This is one key of a line-oriented
// format, not a TOML parser: the config extractor indexes the whole file.
func crateName(manifest []byte) string {
	inPackage := false
	for _, line := range strings.Split(string(manifest), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			inPackage = line == "[package]"
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if inPackage && ok && strings.TrimSpace(key) == "name" {
			name := strings.Trim(strings.TrimSpace(val), `"'`)
			return strings.ReplaceAll(name, "-", "_")
		}
	}
	return ""
}

// Resolution: a type and its member are joined by "::".
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{MemberSeparator: "::"}
}
