package rust

import (
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// What the dependency packages need of Cargo.toml and Cargo.lock, read
// line by line like parseManifest: the dependency tables' keys (a rename's
// `package`, `version`, `path`, `workspace = true`) and the lock's
// [[package]] names and versions.

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

// parseDependencies reads a Cargo.toml's dependency entries and its
// [workspace.dependencies] (nil without one).
func parseDependencies(b []byte) (deps []depEntry, workspace map[string]depEntry) {
	var cur *depEntry // a [dependencies.x] table's entry
	inTable, inWorkspace := false, false
	flush := func() {
		if cur == nil {
			return
		}
		if inWorkspace {
			workspace[cur.key] = *cur
		} else {
			deps = append(deps, *cur)
		}
		cur = nil
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(stripComment(line))
		if strings.HasPrefix(line, "[") {
			flush()
			inTable = false
			parts := splitKey(strings.Trim(line, "[] "))
			if len(parts) == 0 || parts[0] == "package" && len(parts) > 1 {
				continue
			}
			n := len(parts)
			inWorkspace = parts[0] == "workspace"
			if inWorkspace && workspace == nil && n >= 2 && parts[1] == "dependencies" {
				workspace = map[string]depEntry{}
			}
			switch {
			case isDepTable(parts[n-1]) && (n == 1 || parts[0] == "target" && n == 3 || inWorkspace && n == 2):
				inTable = true
			case n >= 2 && isDepTable(parts[n-2]) && (n == 2 || parts[0] == "target" && n == 4 || inWorkspace && n == 3):
				cur = &depEntry{key: parts[n-1]}
			}
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		keys := splitKey(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		switch {
		case cur != nil && len(keys) == 1:
			cur.set(keys[0], val)
		case inTable && len(keys) == 1:
			e := depEntry{key: keys[0]}
			if strings.HasPrefix(val, "{") {
				for _, kv := range splitInline(strings.Trim(val, "{} ")) {
					k, v, _ := strings.Cut(kv, "=")
					e.set(strings.TrimSpace(k), strings.TrimSpace(v))
				}
			} else {
				e.req = unquote(val)
			}
			if inWorkspace {
				workspace[e.key] = e
			} else {
				deps = append(deps, e)
			}
		case inTable && len(keys) == 2: // serde.workspace = true, serde.version = "1"
			found := -1
			for i := range deps {
				if deps[i].key == keys[0] {
					found = i
				}
			}
			if inWorkspace {
				e := workspace[keys[0]]
				e.key = keys[0]
				e.set(keys[1], val)
				workspace[keys[0]] = e
				continue
			}
			if found < 0 {
				deps = append(deps, depEntry{key: keys[0]})
				found = len(deps) - 1
			}
			deps[found].set(keys[1], val)
		}
	}
	flush()
	return deps, workspace
}

func (e *depEntry) set(key, val string) {
	switch key {
	case "version":
		e.req = unquote(val)
	case "package":
		e.pkg = unquote(val)
	case "path":
		e.path = unquote(val)
	case "workspace":
		e.workspace = val == "true"
	}
}

func isDepTable(s string) bool {
	switch s {
	case "dependencies", "dev-dependencies", "build-dependencies", "dev_dependencies", "build_dependencies":
		return true
	}
	return false
}

// splitKey splits a dotted TOML key, quotes respected and removed.
func splitKey(s string) []string {
	var out []string
	var b strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(c)
		case c == '"' || c == '\'':
			quote = c
		case c == '.':
			out = append(out, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	if t := strings.TrimSpace(b.String()); t != "" || len(out) > 0 {
		out = append(out, t)
	}
	return out
}

// splitInline splits an inline table's body at the commas outside
// strings and arrays.
func splitInline(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// stripComment cuts a # comment that is not inside a string.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#':
			return line[:i]
		}
	}
	return line
}

func unquote(s string) string { return strings.Trim(strings.TrimSpace(s), `"'`) }

// parseLock reads a Cargo.lock's [[package]] names and versions.
func parseLock(b []byte) map[string][]semver {
	out := map[string][]semver{}
	name := ""
	inPkg := false
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			inPkg, name = line == "[[package]]", ""
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !inPkg || !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "name":
			name = unquote(val)
		case "version":
			if v, ok := parseSemver(unquote(val)); ok && name != "" {
				out[name] = append(out[name], v)
			}
		}
	}
	return out
}

// semver is a crate version; a requirement's may be partial (1, 1.2).
type semver struct {
	major, minor, patch int
	pre                 string // the pre-release, after "-"; build metadata dropped
	parts               int    // how many of major.minor.patch were written
	full                bool   // all three
}

func parseSemver(s string) (semver, bool) {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "+")
	s, pre, _ := strings.Cut(s, "-")
	v := semver{pre: pre}
	fields := strings.Split(s, ".")
	if len(fields) > 3 || s == "" {
		return v, false
	}
	for i, f := range fields {
		if f == "*" || f == "x" || f == "X" {
			break
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return v, false
		}
		switch i {
		case 0:
			v.major = n
		case 1:
			v.minor = n
		case 2:
			v.patch = n
		}
		v.parts = i + 1
	}
	v.full = v.parts == 3
	return v, true
}

func (v semver) String() string {
	s := strconv.Itoa(v.major) + "." + strconv.Itoa(v.minor) + "." + strconv.Itoa(v.patch)
	if v.pre != "" {
		s += "-" + v.pre
	}
	return s
}

// less orders versions; a pre-release comes before its release.
func (v semver) less(w semver) bool {
	switch {
	case v.major != w.major:
		return v.major < w.major
	case v.minor != w.minor:
		return v.minor < w.minor
	case v.patch != w.patch:
		return v.patch < w.patch
	case v.pre == w.pre:
		return false
	case v.pre == "":
		return false
	case w.pre == "":
		return true
	}
	return v.pre < w.pre
}

// requirement is a Cargo version requirement: comparators that must all
// hold, each a range [lo, hi) (hi unbounded when its parts is 0).
type requirement []struct{ lo, hi semver }

// parseRequirement reads "1.2", "^1.2.3", "~1.2", "=1.0.3", ">=1, <2",
// "1.*" and "*"; what it cannot read matches any version.
func parseRequirement(s string) requirement {
	var r requirement
	for _, c := range strings.Split(s, ",") {
		c = strings.TrimSpace(c)
		op := ""
		for _, o := range []string{">=", "<=", "^", "~", "=", ">", "<"} {
			if strings.HasPrefix(c, o) {
				op, c = o, strings.TrimSpace(c[len(o):])
				break
			}
		}
		v, ok := parseSemver(c)
		if !ok || v.parts == 0 {
			continue // "*" or unreadable
		}
		lo, hi := v, semver{}
		lo.parts = 3
		bump := func(part int) semver { // the first version above every v with the same first parts
			h := semver{parts: 3}
			switch part {
			case 1:
				h.major = v.major + 1
			case 2:
				h.major, h.minor = v.major, v.minor+1
			default:
				h.major, h.minor, h.patch = v.major, v.minor, v.patch+1
			}
			return h
		}
		switch op {
		case "", "^":
			switch {
			case v.major > 0 || v.parts == 1:
				hi = bump(1)
			case v.minor > 0 || v.parts == 2:
				hi = bump(2)
			default:
				hi = bump(3)
			}
		case "~":
			hi = bump(min(v.parts, 2))
		case "=":
			hi = bump(v.parts)
		case ">":
			lo = bump(v.parts)
		case ">=":
		case "<":
			lo, hi = semver{parts: 3}, v
		case "<=":
			lo, hi = semver{parts: 3}, bump(v.parts)
		}
		r = append(r, struct{ lo, hi semver }{lo, hi})
	}
	return r
}

func (r requirement) matches(v semver) bool {
	for _, c := range r {
		if v.less(c.lo) || c.hi.parts > 0 && !v.less(c.hi) {
			return false
		}
	}
	return true
}
