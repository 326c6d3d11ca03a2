package typescript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Lock files (DESIGN.md, npm lock files): the version a dependency is
// pinned to is the one the lock file nearest above the package.json that
// declares it records, read through the host (lock files are not in the
// scan): npm's package-lock.json or npm-shrinkwrap.json (lockfileVersion
// 1, 2 and 3), Yarn's yarn.lock (v1's own format, and Berry's, which is
// YAML) and pnpm-lock.yaml. node_modules stays where the files are read
// from, so an installed package is recorded at its installed version and
// a lock pinning another is noted; a package not installed is recorded at
// the lock's version.

// lockNames are the lock files, in the order one directory's are
// preferred (npm's shrinkwrap over its lock, as npm does).
var lockNames = []string{"npm-shrinkwrap.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock"}

// npmLock is one lock file's pins.
type npmLock struct {
	dir string // worktree-relative directory of the lock file
	// installed: package-lock v2/v3's "packages", by install path
	// ("node_modules/x", "packages/a/node_modules/x").
	installed map[string]string
	// byName: npm v1's top-level "dependencies".
	byName map[string]string
	// bySpec: Yarn's entries, by "name@range" (Berry: "name@npm:range").
	bySpec map[string]string
	// importers: pnpm's, by project directory relative to the lock
	// ("." for its own) and dependency name.
	importers map[string]map[string]string
}

// version is what the lock pins name to, as the package.json in from (a
// worktree-relative directory) depending on it with the range rng sees
// it; "" when the lock does not say.
func (l *npmLock) version(name, rng, from string) string {
	rel := strings.TrimPrefix(strings.TrimPrefix(from, l.dir), "/")
	if l.dir == "" {
		rel = from
	}
	switch {
	case l.installed != nil:
		// Node's resolution: the nearest node_modules above from.
		for dir := rel; ; dir = extract.ParentDir(dir) {
			if v := l.installed[path.Join(dir, "node_modules", name)]; v != "" {
				return v
			}
			if dir == "" {
				return ""
			}
		}
	case l.byName != nil:
		return l.byName[name]
	case l.bySpec != nil:
		if v := l.bySpec[name+"@"+rng]; v != "" {
			return v
		}
		return l.bySpec[name+"@npm:"+rng]
	case l.importers != nil:
		if rel == "" {
			rel = "."
		}
		return l.importers[rel][name]
	}
	return ""
}

// parseLock reads a lock file by its name; nil when it is not one this
// reads.
func parseLock(dir, name string, b []byte) *npmLock {
	l := &npmLock{dir: dir}
	switch name {
	case "package-lock.json", "npm-shrinkwrap.json":
		var doc struct {
			Packages map[string]struct {
				Version string `json:"version"`
				Link    bool   `json:"link"`
			} `json:"packages"`
			Dependencies map[string]struct {
				Version string `json:"version"`
			} `json:"dependencies"`
		}
		if json.Unmarshal(b, &doc) != nil {
			return nil
		}
		if doc.Packages != nil { // v2, v3
			l.installed = map[string]string{}
			for k, p := range doc.Packages {
				if !p.Link && p.Version != "" {
					l.installed[k] = p.Version
				}
			}
			return l
		}
		l.byName = map[string]string{}
		for k, p := range doc.Dependencies {
			if !strings.Contains(p.Version, ":") { // not a file:, git: or link: one
				l.byName[k] = p.Version
			}
		}
		return l
	case "yarn.lock":
		if bytes.Contains(b, []byte("__metadata:")) {
			return parseBerryLock(l, b)
		}
		return parseYarnLock(l, b)
	case "pnpm-lock.yaml":
		return parsePnpmLock(l, b)
	}
	return nil
}

// parseYarnLock reads Yarn v1's format: an entry is a line of
// comma-separated specifiers, maybe quoted, ending in a colon, and its
// indented `version "x"` line.
func parseYarnLock(l *npmLock, b []byte) *npmLock {
	l.bySpec = map[string]string{}
	var specs []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case line[0] != ' ' && strings.HasSuffix(line, ":"):
			specs = specs[:0]
			for _, s := range strings.Split(strings.TrimSuffix(line, ":"), ",") {
				specs = append(specs, strings.Trim(strings.TrimSpace(s), `"`))
			}
		case strings.HasPrefix(line, "  version "):
			v := strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "  version ")), `"`)
			for _, s := range specs {
				l.bySpec[s] = v
			}
		}
	}
	return l
}

// parseBerryLock reads Yarn 2+'s lock, YAML whose keys are the
// comma-separated descriptors ("x@npm:^1.0.0, x@npm:^1.1.0").
func parseBerryLock(l *npmLock, b []byte) *npmLock {
	var doc map[string]struct {
		Version string `yaml:"version"`
	}
	if yaml.Unmarshal(b, &doc) != nil {
		return nil
	}
	l.bySpec = map[string]string{}
	for k, e := range doc {
		if k == "__metadata" || e.Version == "" || strings.HasSuffix(e.Version, "-use.local") {
			continue
		}
		for _, s := range strings.Split(k, ",") {
			l.bySpec[strings.TrimSpace(s)] = e.Version
		}
	}
	return l
}

// pnpmDeps is a project's dependency tables in pnpm-lock.yaml: name → a
// version (lockfileVersion 5) or {specifier, version} (6 and later).
type pnpmDeps struct {
	Dependencies         map[string]yaml.Node `yaml:"dependencies"`
	DevDependencies      map[string]yaml.Node `yaml:"devDependencies"`
	OptionalDependencies map[string]yaml.Node `yaml:"optionalDependencies"`
}

// parsePnpmLock reads pnpm's importers (a single project's lock of
// version 5 has its tables at the top).
func parsePnpmLock(l *npmLock, b []byte) *npmLock {
	var doc struct {
		pnpmDeps  `yaml:",inline"`
		Importers map[string]pnpmDeps `yaml:"importers"`
	}
	if yaml.Unmarshal(b, &doc) != nil {
		return nil
	}
	if doc.Importers == nil {
		doc.Importers = map[string]pnpmDeps{".": doc.pnpmDeps}
	}
	l.importers = map[string]map[string]string{}
	for dir, p := range doc.Importers {
		pins := map[string]string{}
		for _, t := range []map[string]yaml.Node{p.Dependencies, p.DevDependencies, p.OptionalDependencies} {
			for name, n := range t {
				v := n.Value
				if n.Kind == yaml.MappingNode {
					var e struct {
						Version string `yaml:"version"`
					}
					if n.Decode(&e) != nil {
						continue
					}
					v = e.Version
				}
				if v = pnpmVersion(v); v != "" {
					pins[name] = v
				}
			}
		}
		l.importers[path.Clean(dir)] = pins
	}
	return l
}

// pnpmVersion is a pnpm pin without its peer suffix ("1.2.3(react@18.0.0)",
// v5's "1.2.3_react@18.0.0"); "" for a link: or file: one.
func pnpmVersion(v string) string {
	if strings.Contains(v, ":") {
		return ""
	}
	if i := strings.IndexAny(v, "(_"); i >= 0 {
		v = v[:i]
	}
	return v
}

// locks finds and reads the lock file nearest at or above each directory
// asked, once per directory.
type locks struct {
	read  func(string) ([]byte, error) // nil reads nothing
	root  string
	byDir map[string]*npmLock
}

// near is the lock governing the package.json in dir (worktree-relative),
// nil without one.
func (ls *locks) near(dir string) *npmLock {
	if ls.read == nil {
		return nil
	}
	if l, ok := ls.byDir[dir]; ok {
		return l
	}
	var l *npmLock
	for _, n := range lockNames {
		if b, err := ls.read(path.Join(ls.root, dir, n)); err == nil {
			if l = parseLock(dir, n, b); l != nil {
				break
			}
		}
	}
	if l == nil && dir != "" {
		l = ls.near(extract.ParentDir(dir))
	}
	ls.byDir[dir] = l
	return l
}

// StateKey (extract.StateKeyer): the lock files at and above the
// package.json files, by name, size and time, since they are not in the
// scan and pin the versions.
func (c *tsConfigs) StateKey() string {
	var key strings.Builder
	for _, p := range c.lockFiles() {
		rel, _ := filepath.Rel(c.host.Root(), p)
		key.WriteString(extract.Stamp(c.host, filepath.ToSlash(rel), p))
	}
	return key.String()
}

// StateContent (extract.StateContenter): the same lock files by content,
// which a sibling worktree's checkout keeps.
func (c *tsConfigs) StateContent() string {
	if c.host == nil {
		return ""
	}
	return extract.ContentKey(c.host, c.host.Root(), c.lockFiles())
}

// lockFiles names the lock files that may exist at and above the
// package.json files, absolute, in order.
func (c *tsConfigs) lockFiles() []string {
	if c.host == nil || len(c.manifests) == 0 {
		return nil
	}
	root := c.host.Root()
	seen := map[string]bool{}
	dirs := make([]string, 0, len(c.manifests))
	for dir := range c.manifests {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	var out []string
	for _, dir := range dirs {
		for d := dir; !seen[d]; d = extract.ParentDir(d) {
			seen[d] = true
			for _, n := range lockNames {
				out = append(out, path.Join(root, d, n))
			}
			if d == "" {
				break
			}
		}
	}
	return out
}
