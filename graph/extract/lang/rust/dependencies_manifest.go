package rust

import (
	"path"
	"sort"
	"strings"

	sv "github.com/Masterminds/semver/v3"
	"github.com/pelletier/go-toml/v2"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tomlkeys"
)

// What the dependency packages need of Cargo.toml and Cargo.lock, decoded
// as TOML: the dependency tables' keys (a rename's `package`, `version`,
// `path`, `workspace = true`) and the lock's [[package]] names and
// versions. A manifest that is not valid TOML states no dependencies.

// dependency is one entry of a [dependencies], [dev-dependencies] or
// [build-dependencies] table (also under [target.….]).
type dependency struct {
	local  string // the name the crate is imported by (- → _)
	pkg    string // the package's name in the registry
	req    string // the version requirement
	path   string // a path dependency's directory, worktree-relative
	vendor string // where cargo vendor would put it: vendor/ beside the workspace's root manifest
}

// depEntry is a dependency as one manifest states it.
type depEntry struct {
	key, pkg, req, path string
	workspace           bool
}

// dependencies lists every manifest's dependencies, by import name (the
// first manifest to name one, in path order, decides), workspace = true
// entries taken from the [workspace.dependencies] of a manifest above.
func (m *crates) dependencies() []dependency {
	manifests := append([]extract.MarkerFile(nil), m.manifests...)
	sort.Slice(manifests, func(i, j int) bool { return manifests[i].Path < manifests[j].Path })
	type wsTable struct {
		dir  string
		deps map[string]depEntry
	}
	var workspaces []wsTable
	parsed := make([][]depEntry, len(manifests))
	for i, f := range manifests {
		deps, ws := parseDependencies(f.Content)
		parsed[i] = deps
		if ws != nil {
			workspaces = append(workspaces, wsTable{extract.ParentDir(f.Path), ws})
		}
	}
	seen := map[string]bool{}
	var out []dependency
	for i, f := range manifests {
		dir := extract.ParentDir(f.Path)
		for _, e := range parsed[i] {
			at := dir
			if e.workspace {
				found := false
				for _, ws := range workspaces {
					if w, ok := ws.deps[e.key]; ok && (ws.dir == dir || extract.Under(dir, ws.dir)) {
						pkg := e.pkg
						e, at, found = w, ws.dir, true
						if pkg != "" {
							e.pkg = pkg
						}
						break
					}
				}
				if !found {
					continue
				}
			}
			d := dependency{local: strings.ReplaceAll(e.key, "-", "_"), pkg: e.pkg, req: e.req, vendor: path.Join(topManifest(at, manifests), "vendor")}
			if d.pkg == "" {
				d.pkg = e.key
			}
			if e.path != "" {
				p := path.Clean(path.Join(at, e.path))
				if p != ".." && !strings.HasPrefix(p, "../") {
					continue // inside the worktree: its own crate
				}
				d.path = p
			}
			if !seen[d.local] {
				seen[d.local] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// topManifest is the directory of the outermost manifest at or above dir
// (a workspace's root), dir itself without one.
func topManifest(dir string, manifests []extract.MarkerFile) string {
	top := dir
	for _, f := range manifests {
		if d := extract.ParentDir(f.Path); (d == dir || extract.Under(dir, d)) && len(d) < len(top) {
			top = d
		}
	}
	return top
}

// parseDependencies reads a Cargo.toml's dependency entries, in the
// order the manifest first names them, and its [workspace.dependencies]
// (nil without one).
func parseDependencies(b []byte) (deps []depEntry, workspace map[string]depEntry) {
	var doc map[string]any
	keys, err := tomlkeys.Keys(b)
	if err != nil || toml.Unmarshal(b, &doc) != nil {
		return nil, nil
	}
	seen := map[string]bool{}
	for _, k := range keys {
		n := 0 // the length of the entry's key path
		switch {
		case len(k) >= 2 && isDepTable(k[0]):
			n = 2
		case len(k) >= 4 && k[0] == "target" && isDepTable(k[2]):
			n = 4
		case len(k) >= 3 && k[0] == "workspace" && isDepTable(k[1]):
			n = 3
		default:
			continue
		}
		at := strings.Join(k[:n], "\x00")
		if seen[at] {
			continue
		}
		seen[at] = true
		e := depEntry{key: k[n-1]}
		switch v := lookup(doc, k[:n]).(type) {
		case string:
			e.req = v
		case map[string]any:
			e.req, _ = v["version"].(string)
			e.pkg, _ = v["package"].(string)
			e.path, _ = v["path"].(string)
			e.workspace, _ = v["workspace"].(bool)
		}
		if n == 3 {
			if workspace == nil {
				workspace = map[string]depEntry{}
			}
			workspace[e.key] = e
		} else {
			deps = append(deps, e)
		}
	}
	return deps, workspace
}

// lookup is the value at a key path of a decoded document (nil if none).
func lookup(doc map[string]any, key []string) any {
	var v any = doc
	for _, k := range key {
		t, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = t[k]
	}
	return v
}

func isDepTable(s string) bool {
	switch s {
	case "dependencies", "dev-dependencies", "build-dependencies", "dev_dependencies", "build_dependencies":
		return true
	}
	return false
}

// parseLock reads a Cargo.lock's [[package]] names and versions.
func parseLock(b []byte) map[string][]semver {
	var lock struct {
		Package []struct{ Name, Version string }
	}
	out := map[string][]semver{}
	if err := toml.Unmarshal(b, &lock); err != nil {
		return out
	}
	for _, p := range lock.Package {
		if v, ok := parseSemver(p.Version); ok && p.Name != "" {
			out[p.Name] = append(out[p.Name], v)
		}
	}
	return out
}

// semver is a crate version (major.minor.patch, maybe a pre-release),
// build metadata dropped.
type semver = *sv.Version

// parseSemver reads a full version, 1.2.3 or 1.0.0-alpha.9.
func parseSemver(s string) (semver, bool) {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "+")
	v, err := sv.StrictNewVersion(s)
	return v, err == nil
}

// requirement is a Cargo version requirement; nil matches any version.
type requirement struct{ c *sv.Constraints }

// parseRequirement reads a Cargo requirement ("1.2", "^1.2.3", "~1.2",
// "=1.0.3", ">=1, <2", "1.*", "*") as Masterminds constraints, which
// share Cargo's ^, ~, =, <, >, wildcards and pre-release rule. A
// comparator without an operator is a caret one in Cargo ("1.2" is
// ^1.2) but a tilde (1.2) or an equality (1.2.3) in Masterminds, so it
// gets its "^" (a wildcard, 1.*, means the same in both). What neither
// reads matches any version.
func parseRequirement(s string) requirement {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if num, _, _ := strings.Cut(p, "-"); p != "" && strings.IndexByte("^~=<>", p[0]) < 0 && !strings.ContainsAny(num, "*xX") {
			p = "^" + p
		}
		parts[i] = p
	}
	c, err := sv.NewConstraint(strings.Join(parts, ", "))
	if err != nil {
		return requirement{}
	}
	return requirement{c}
}

func (r requirement) matches(v semver) bool { return r.c == nil || v != nil && r.c.Check(v) }
