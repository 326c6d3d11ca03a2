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

// Modules maps each crate's directory to its name and the targets whose
// root file Cargo.toml moves out of the default layout.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	m := crates{}
	for _, f := range markers {
		if c := parseManifest(f.Content); c.name != "" {
			m[extract.ParentDir(f.Path)] = c
		}
	}
	return m
}

// crates: directory of a Cargo.toml with [package] → what it declares.
type crates map[string]manifest

// ForFile: the nearest crate above p. A crate with targets off the default
// layout hands them to the extractor (ModuleContext.Own, a []target).
func (m crates) ForFile(p string) extract.ModuleContext {
	d, c, ok := extract.Nearest(m, p)
	if !ok {
		return extract.ModuleContext{}
	}
	mc := extract.ModuleContext{Root: d, Path: c.name}
	if len(c.targets) > 0 {
		mc.Own = c.targets
	}
	return mc
}

// manifest is what the indexer needs of a Cargo.toml.
type manifest struct {
	name    string   // the [package] name as Rust spells it in paths
	targets []target // [lib] and [[bin]] targets with a root off the default layout
}

// target is a crate target whose root file Cargo.toml names with `path`.
type target struct {
	root string // the root file, relative to the crate directory
	bin  string // the binary's name; "" for the library
}

// crateName reads `name` from the [package] table of a Cargo.toml.
func crateName(b []byte) string { return parseManifest(b).name }

// parseManifest reads the [package] name (dashes become underscores, as
// in paths) and the `path` of [lib] and [[bin]] targets. A workspace-only
// manifest has no [package] and names no crate. This reads a few keys of
// a line-oriented format, not TOML: the config extractor indexes the whole
// file.
func parseManifest(b []byte) manifest {
	var m manifest
	section := ""
	var cur *target
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			section, cur = line, nil
			switch line {
			case "[lib]", "[[bin]]":
				m.targets = append(m.targets, target{})
				cur = &m.targets[len(m.targets)-1]
			}
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.Trim(strings.TrimSpace(val), `"'`)
		switch {
		case section == "[package]" && key == "name":
			m.name = strings.ReplaceAll(val, "-", "_")
		case cur != nil && key == "path":
			cur.root = path.Clean(val)
		case cur != nil && key == "name" && section == "[[bin]]":
			cur.bin = val
		}
	}
	m.targets = offLayout(m.targets)
	return m
}

// offLayout keeps the targets whose root Cargo's default layout would not
// find anyway (src/lib.rs, src/main.rs, src/bin/…).
func offLayout(ts []target) []target {
	var out []target
	for _, t := range ts {
		if t.root == "" || t.root == "." || t.root == "src/lib.rs" || t.root == "src/main.rs" || strings.HasPrefix(t.root, "src/bin/") || strings.HasPrefix(t.root, "../") {
			continue
		}
		out = append(out, t)
	}
	return out
}

// Resolution: a type and its member are joined by "::".
func (e *Extractor) Resolution() extract.ResolutionTraits {
	return extract.ResolutionTraits{MemberSeparator: "::"}
}
