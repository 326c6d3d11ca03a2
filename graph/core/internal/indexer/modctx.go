package indexer

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/orbitgraph/orbit/graph/extract"
)

// contexts is what extractors need to know about a file's surroundings: the
// Go module that contains it, the Python package root above it, the crate,
// the tsconfig.json paths and baseUrl.
type contexts struct {
	goMods    map[string]string // directory of a go.mod → module path
	pyPkgDirs map[string]bool   // directories holding __init__.py
	crates    map[string]string // directory of a Cargo.toml with [package] → crate name
	ts        *tsConfigs        // tsconfig*.json and jsconfig*.json (see tsconfig.go)
}

// contextMarkers are the files whose appearance or change alters other
// files' qualified names or candidates.
func isContextMarker(p string) bool {
	b := path.Base(p)
	return b == "go.mod" || b == "__init__.py" || b == "Cargo.toml" || isTSConfigName(b)
}

// markerLang is the language whose files a context marker affects.
func markerLang(p string) string {
	switch path.Base(p) {
	case "go.mod":
		return "go"
	case "Cargo.toml":
		return "rust"
	}
	if isTSConfigName(path.Base(p)) {
		return tsLang // the extractor's name for TypeScript and JavaScript files alike
	}
	return "python"
}

func loadContexts(root string, files []candidate) contexts {
	c := contexts{goMods: map[string]string{}, pyPkgDirs: map[string]bool{}, crates: map[string]string{}, ts: newTSConfigs()}
	for _, f := range files {
		dir := parentDir(f.Path)
		if isTSConfigName(path.Base(f.Path)) {
			if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path))); err == nil {
				c.ts.add(f.Path, b)
			}
			continue
		}
		switch path.Base(f.Path) {
		case "go.mod":
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
			if err == nil {
				c.goMods[dir] = modfile.ModulePath(b)
			}
		case "__init__.py":
			c.pyPkgDirs[dir] = true
		case "Cargo.toml":
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
			if name := crateName(b); err == nil && name != "" {
				c.crates[dir] = name
			}
		}
	}
	c.ts.resolve()
	return c
}

// tsLang is what the TypeScript extractor (of .ts, .tsx, .js, .jsx and
// their variants) calls its language.
const tsLang = "typescript"

// parentDir is path.Dir with "" for the root.
func parentDir(p string) string {
	d := path.Dir(p)
	if d == "." || d == "/" {
		return ""
	}
	return d
}

// forFile computes the ModuleContext of a file of the given language.
func (c contexts) forFile(p, lang string) extract.ModuleContext {
	switch lang {
	case "go":
		for d := parentDir(p); ; d = parentDir(d) {
			if mp, ok := c.goMods[d]; ok {
				if mp == "std" { // GOROOT/src: standard-library import paths have no prefix
					mp = ""
				}
				return extract.ModuleContext{Root: d, Path: mp}
			}
			if d == "" {
				return extract.ModuleContext{}
			}
		}
	case "rust":
		for d := parentDir(p); ; d = parentDir(d) {
			if name, ok := c.crates[d]; ok {
				return extract.ModuleContext{Root: d, Path: name}
			}
			if d == "" {
				return extract.ModuleContext{}
			}
		}
	case "python":
		d := parentDir(p)
		for d != "" && c.pyPkgDirs[d] {
			d = parentDir(d)
		}
		return extract.ModuleContext{Root: d}
	case tsLang:
		if c.ts != nil {
			return c.ts.forFile(p)
		}
	}
	return extract.ModuleContext{}
}

// under reports whether p is inside directory dir ("" is the root).
func under(p, dir string) bool {
	return dir == "" || len(p) > len(dir) && p[:len(dir)] == dir && p[len(dir)] == '/'
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
