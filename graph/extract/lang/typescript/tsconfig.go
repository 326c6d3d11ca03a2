package typescript

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TypeScript/JavaScript import context (the ModuleAware ability): the
// compilerOptions.baseUrl and paths of the tsconfig.json (or jsconfig.json)
// nearest above a file.
//
// Like tsc, an `extends` chain is followed: the base's options first, the
// extending file's on top, paths replaced whole. Only a base that is a
// context marker (tsconfig*.json or jsconfig*.json, see isTSConfigName)
// in the scan, in the extending file's directory or above it, is followed,
// because a marker's change re-extracts the files under its own directory
// only: a base elsewhere (a sibling directory, a package in node_modules)
// is skipped. So is one a cycle or more than maxExtends steps leads to.

// maxExtends bounds an extends chain.
const maxExtends = 8

// tsconfigFile is what one tsconfig-like file says, as written.
type tsconfigFile struct {
	dir     string   // its repo-relative directory ("" is the root)
	extends []string // the repo-relative paths of the bases it names, in order
	baseURL *string  // compilerOptions.baseUrl as written; nil when unset
	paths   []tsPath // compilerOptions.paths as written; nil when unset
	target  string   // compilerOptions.target ("" unset), for the standard library
	lib     []string // compilerOptions.lib (nil unset)
}

type tsPath struct {
	pattern string
	targets []string
}

// tsEffective is a config's options with its extends chain applied.
type tsEffective struct {
	baseURL    *string
	baseURLDir string // the directory baseURL is relative to
	paths      []tsPath
	pathsDir   string // the directory of the config that declares paths
	hasPaths   bool
}

// Config is what the tsconfig.json (or jsconfig.json) nearest above a
// TypeScript/JavaScript file says about bare specifiers: the file's
// extract.ModuleContext.Own. The zero Config: no tsconfig, or one that
// sets neither.
type Config struct {
	// Paths are its compilerOptions.paths, `extends` applied, in the order
	// the file lists them; nil when there are none.
	Paths []PathAlias
	// BaseURL is its compilerOptions.baseUrl as a repo-relative directory
	// ("." is the repository root); "" when it sets none.
	BaseURL string
	// Self are the exports of the package.json nearest above the file,
	// keyed by the specifiers the package imports itself by (see
	// parsePackageJSON); nil when it has no name or no exports.
	Self []PathAlias
	// Entries, for a file of a dependency package, are the specifiers
	// that name its files: patterns ("react", "lodash/*") and the index
	// namespaces they lead to (see entryFacts).
	Entries []PathAlias
}

// PathAlias is one entry of a tsconfig's compilerOptions.paths.
type PathAlias struct {
	// Pattern is the key as written: exact ("jquery") or with one "*"
	// ("@app/*").
	Pattern string
	// Targets are the values, resolved against baseUrl (or the directory of
	// the tsconfig that declares them) into repo-relative paths that keep
	// their "*" ("src/app/*"), in order; targets outside the repository are
	// dropped.
	Targets []string
}

// Marker: tsconfig*.json, jsconfig*.json and package.json, by content.
func (e *Extractor) Marker(p string) (marker, content bool) {
	base := path.Base(p)
	m := isTSConfigName(base) || base == "package.json"
	return m, m
}

// Modules resolves every project config of a scan.
func (e *Extractor) Modules(markers []extract.MarkerFile) extract.Modules {
	c := newTSConfigs()
	for _, m := range markers {
		if m.Content != nil { // unreadable: as if absent
			c.add(m.Path, m.Content)
		}
	}
	c.resolve()
	return c
}

// isTSConfigName reports whether a base name is a TypeScript or JavaScript
// project config: tsconfig.json, jsconfig.json, or a variant such as
// tsconfig.base.json that another may extend.
func isTSConfigName(base string) bool {
	return strings.HasSuffix(base, ".json") && (strings.HasPrefix(base, "tsconfig") || strings.HasPrefix(base, "jsconfig"))
}

// parseTSConfig reads a tsconfig.json of the repo-relative path p. It is
// JSON with comments and trailing commas; a file that still does not
// parse says nothing.
func parseTSConfig(p string, b []byte) *tsconfigFile {
	f := &tsconfigFile{dir: extract.ParentDir(p)}
	var doc struct {
		Extends         json.RawMessage `json:"extends"`
		CompilerOptions struct {
			BaseURL *string         `json:"baseUrl"`
			Paths   json.RawMessage `json:"paths"`
			Target  json.RawMessage `json:"target"` // read apart: a bad one spoils nothing else
			Lib     json.RawMessage `json:"lib"`
		} `json:"compilerOptions"`
	}
	if err := json.Unmarshal(stripJSONC(b), &doc); err != nil {
		return f
	}
	var one string
	var many []string
	switch {
	case json.Unmarshal(doc.Extends, &one) == nil:
		many = []string{one}
	case json.Unmarshal(doc.Extends, &many) == nil:
	}
	for _, spec := range many {
		if base, ok := extendsPath(f.dir, spec); ok {
			f.extends = append(f.extends, base)
		}
	}
	f.baseURL = doc.CompilerOptions.BaseURL
	f.paths = orderedPaths(doc.CompilerOptions.Paths)
	_ = json.Unmarshal(doc.CompilerOptions.Target, &f.target)
	_ = json.Unmarshal(doc.CompilerOptions.Lib, &f.lib)
	return f
}

// extendsPath is the repo-relative file an `extends` value names, when it
// is one this package follows: a relative path ("./tsconfig.base" gets
// ".json"), not a package.
func extendsPath(dir, spec string) (string, bool) {
	if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
		return "", false
	}
	if !strings.HasSuffix(spec, ".json") {
		spec += ".json"
	}
	p, ok := repoJoin(dir, spec)
	return p, ok && p != ""
}

// orderedPaths reads the paths object in the order it is written (tsc
// breaks ties between patterns by that order); an entry whose value is
// not a list of strings is skipped. nil when raw is not an object.
func orderedPaths(raw json.RawMessage) []tsPath {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	out := []tsPath{}
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return out
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return out
		}
		var targets []string
		if json.Unmarshal(v, &targets) == nil {
			out = append(out, tsPath{pattern: key, targets: targets})
		}
	}
	return out
}

// repoJoin joins a repo-relative directory and a relative path; false when
// the result leaves the repository or rel is absolute.
func repoJoin(dir, rel string) (string, bool) {
	if strings.HasPrefix(rel, "/") {
		return "", false
	}
	p := path.Join(dir, rel)
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	if p == "." {
		p = ""
	}
	return p, true
}

// tsConfigs resolves the Config of TypeScript/JavaScript files from the
// tsconfig-like files of a scan. Fill it with add, then call resolve once;
// ForFile is then read-only and safe for concurrent use.
type tsConfigs struct {
	files     map[string]*tsconfigFile // path → parsed file, every tsconfig*.json / jsconfig*.json
	project   map[string]string        // directory → its tsconfig.json, else jsconfig.json
	packages  map[string][]PathAlias   // directory → its package.json's self-reference exports (nil: none)
	manifests map[string][]byte        // directory → its package.json (dependencies.go)
	done      map[string]extract.ModuleContext
	host      extract.Host // node_modules is read through it (dependencies.go); nil reads nothing
}

func newTSConfigs() *tsConfigs {
	return &tsConfigs{files: map[string]*tsconfigFile{}, project: map[string]string{}, packages: map[string][]PathAlias{}, manifests: map[string][]byte{}, done: map[string]extract.ModuleContext{}}
}

// resolve computes the context of every project config.
func (c *tsConfigs) resolve() {
	for _, cfg := range c.project {
		c.done[cfg] = c.context(cfg)
	}
}

// add records a scanned tsconfig-like file.
func (c *tsConfigs) add(p string, content []byte) {
	if self, ok := parsePackageJSON(p, content); ok {
		c.packages[extract.ParentDir(p)] = self
		c.manifests[extract.ParentDir(p)] = content
		return
	}
	c.files[p] = parseTSConfig(p, content)
	dir, base := extract.ParentDir(p), path.Base(p)
	if base == "tsconfig.json" || base == "jsconfig.json" && c.project[dir] == "" {
		c.project[dir] = p
	}
}

// ForFile is the context of the TypeScript/JavaScript file p: that of the
// project config nearest above it, with the self-reference exports of the
// package.json nearest above it.
func (c *tsConfigs) ForFile(p string) extract.ModuleContext {
	var ctx extract.ModuleContext
	if _, cfg, ok := extract.Nearest(c.project, p); ok {
		ctx = c.done[cfg]
	}
	if _, self, ok := extract.Nearest(c.packages, p); ok && self != nil {
		m := configOf(ctx)
		m.Self = self
		ctx.Own = m
	}
	return ctx
}

// context is the ModuleContext a project config gives its files. The
// files share its slices, which nobody modifies.
func (c *tsConfigs) context(cfg string) extract.ModuleContext {
	m := c.config(cfg)
	if m.Paths == nil && m.BaseURL == "" {
		return extract.ModuleContext{}
	}
	return extract.ModuleContext{Own: m}
}

func (c *tsConfigs) config(cfg string) Config {
	eff := c.effective(cfg, map[string]bool{}, 0)
	finalDir := extract.ParentDir(cfg)
	var m Config
	baseDir, hasBase := "", false
	if eff.baseURL != nil {
		baseDir, hasBase = resolveConfigPath(eff.baseURLDir, finalDir, *eff.baseURL)
		if hasBase {
			m.BaseURL = baseDir
			if m.BaseURL == "" {
				m.BaseURL = "."
			}
		}
	}
	if eff.hasPaths {
		targetDir := eff.pathsDir
		if hasBase {
			targetDir = baseDir
		}
		m.Paths = []PathAlias{}
		for _, p := range eff.paths {
			a := PathAlias{Pattern: p.pattern}
			for _, t := range p.targets {
				if rt, ok := resolveConfigPath(targetDir, finalDir, t); ok && rt != "" {
					a.Targets = append(a.Targets, rt)
				}
			}
			if len(a.Targets) > 0 {
				m.Paths = append(m.Paths, a)
			}
		}
		if len(m.Paths) == 0 {
			m.Paths = nil
		}
	}
	return m
}

// resolveConfigPath makes a baseUrl or paths target repo-relative: against
// dir, or, for tsc's "${configDir}" template, against the directory of
// the config that applies to the file.
func resolveConfigPath(dir, finalDir, v string) (string, bool) {
	if rest, ok := strings.CutPrefix(v, "${configDir}"); ok {
		return repoJoin(finalDir, "./"+strings.TrimPrefix(rest, "/"))
	}
	return repoJoin(dir, v)
}

// effective applies the extends chain of the config at p.
func (c *tsConfigs) effective(p string, seen map[string]bool, depth int) tsEffective {
	f := c.files[p]
	if f == nil || seen[p] || depth > maxExtends {
		return tsEffective{}
	}
	seen[p] = true
	defer delete(seen, p)
	var eff tsEffective
	for _, base := range f.extends {
		if _, scanned := c.files[base]; !scanned || !isTSConfigName(path.Base(base)) || !atOrAbove(extract.ParentDir(base), f.dir) {
			continue
		}
		b := c.effective(base, seen, depth+1)
		if b.baseURL != nil {
			eff.baseURL, eff.baseURLDir = b.baseURL, b.baseURLDir
		}
		if b.hasPaths {
			eff.paths, eff.pathsDir, eff.hasPaths = b.paths, b.pathsDir, true
		}
	}
	if f.baseURL != nil {
		eff.baseURL, eff.baseURLDir = f.baseURL, f.dir
	}
	if f.paths != nil {
		eff.paths, eff.pathsDir, eff.hasPaths = f.paths, f.dir, true
	}
	return eff
}

// atOrAbove reports whether directory d is dir or one of its ancestors.
func atOrAbove(d, dir string) bool {
	return d == dir || extract.Under(dir, d)
}

// stripJSONC turns JSON with comments and trailing commas (what tsc
// accepts in a tsconfig.json) into JSON: comments become spaces, a comma
// before a closing bracket goes. Strings are kept as they are.
func stripJSONC(b []byte) []byte {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	out := make([]byte, 0, len(b))
	comma := -1 // index in out of a comma that may be trailing
	for i := 0; i < len(b); i++ {
		switch ch := b[i]; {
		case ch == '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(b)-1)
			out = append(out, b[i:j+1]...)
			i, comma = j, -1
		case ch == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				i++
			}
			out = append(out, ' ')
			i-- // keep the newline
		case ch == '/' && i+1 < len(b) && b[i+1] == '*':
			end := bytes.Index(b[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += 2 + end + 1
			out = append(out, ' ')
		case ch == ',':
			comma = len(out)
			out = append(out, ch)
		case ch == '}' || ch == ']':
			if comma >= 0 {
				out[comma] = ' '
			}
			comma = -1
			out = append(out, ch)
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			out = append(out, ch)
		default:
			comma = -1
			out = append(out, ch)
		}
	}
	return out
}

// configOf is the Config a ModuleContext carries, the zero Config if none.
func configOf(m extract.ModuleContext) Config {
	c, _ := m.Own.(Config)
	return c
}
