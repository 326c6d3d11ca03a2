package rust

import (
	"fmt"
	"path"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Marker: Cargo.toml, by content (its [package] name is the crate's), and
// Cargo.lock, by content too: it pins the dependency packages'
// versions (dependencies.go) but no file's context (ContextKey).
func (e *Extractor) Marker(p string) (marker, content bool) {
	m := path.Base(p) == "Cargo.toml" || path.Base(p) == cargoLock
	return m, m
}

// ContextKey: a crate's files depend on its name and targets alone; its
// dependencies, and the whole of a Cargo.lock, name dependency packages.
func (e *Extractor) ContextKey(content []byte) string {
	m := parseManifest(content)
	return fmt.Sprintf("%s%v", m.name, m.targets)
}

// Modules maps each crate's directory to its name and the targets whose
// root file Cargo.toml moves out of the default layout, and keeps the
// manifests and lock files for the dependency packages.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	m := &crates{dirs: map[string]manifest{}}
	for _, f := range markers {
		if path.Base(f.Path) == cargoLock {
			m.locks = append(m.locks, f)
			continue
		}
		m.manifests = append(m.manifests, f)
		if c := parseManifest(f.Content); c.name != "" {
			m.dirs[extract.ParentDir(f.Path)] = c
		}
	}
	return m
}

// crates: directory of a Cargo.toml with [package] → what it declares,
// and the Cargo.toml and Cargo.lock files themselves.
type crates struct {
	dirs             map[string]manifest
	manifests, locks []extract.MarkerFile
	host             extract.Host // SetHost (dependencies.go); nil before
}

// ForFile: the nearest crate above p. A crate with targets off the default
// layout hands them to the extractor (ModuleContext.Own, a []target).
func (m *crates) ForFile(p string) extract.ModuleContext {
	d, c, ok := extract.Nearest(m.dirs, p)
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
// manifest has no [package] and names no crate, nor does one that is not
// valid TOML. The config extractor indexes the whole file.
func parseManifest(b []byte) manifest {
	var doc struct {
		Package map[string]any
		Lib     map[string]any
		Bin     []map[string]any
	}
	var m manifest
	if err := toml.Unmarshal(b, &doc); err != nil {
		return m
	}
	name, _ := doc.Package["name"].(string)
	m.name = strings.ReplaceAll(name, "-", "_")
	add := func(t map[string]any, bin bool) {
		p, _ := t["path"].(string)
		tg := target{}
		if p != "" {
			tg.root = path.Clean(p)
		}
		if bin {
			tg.bin, _ = t["name"].(string)
		}
		m.targets = append(m.targets, tg)
	}
	if doc.Lib != nil {
		add(doc.Lib, false)
	}
	for _, t := range doc.Bin {
		add(t, true)
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
