package java

import (
	"encoding/xml"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// Gradle builds (DESIGN.md, Dependency packages): the dependencies a
// build.gradle or build.gradle.kts declares in string notation
// ("g:a:v"), with named arguments (group: 'g', name: 'a', version: 'v';
// group = "g", …), or through a version catalog (libs.foo.bar,
// libs.bundles.x from gradle/libs.versions.toml), a platform(…) BOM
// among them; the projects settings.gradle(.kts) includes, each an own
// package. No Gradle runs: the files are read as text, and what only a
// running build would know (a version computed by code, a plugin's
// dependencies) is not seen.

// gradleMarker: the Gradle files besides build.gradle that the
// dependency set reads (build.gradle.kts and settings.gradle.kts are
// Kotlin files, a catalog a TOML one: other extractors index them).
func gradleMarker(p string) bool {
	switch b := path.Base(p); {
	case b == "build.gradle.kts", b == "settings.gradle.kts", b == "settings.gradle":
		return true
	case strings.HasSuffix(b, ".versions.toml"):
		return path.Base(extract.ParentDir(p)) == "gradle"
	}
	return false
}

// gradleKind says which Gradle file a marker is: "build", "settings",
// "catalog", "properties", or "" for none.
func gradleKind(p string) string {
	switch b := path.Base(p); {
	case b == "gradle.properties":
		return "properties"
	case b == "build.gradle" || b == "build.gradle.kts":
		return "build"
	case b == "settings.gradle" || b == "settings.gradle.kts":
		return "settings"
	case gradleMarker(p):
		return "catalog"
	}
	return ""
}

// catalog is a version catalog: its libraries (by accessor, the alias
// with '-' and '_' read as '.') and bundles, versions resolved.
type catalog struct {
	libs    map[string]coordinate
	bundles map[string][]string // accessor → library accessors
	kotlin  string              // the version of the Kotlin plugin or libraries it names
}

// accessor is how a build file names a catalog alias: "androidx-appcompat"
// is libs.androidx.appcompat.
func accessor(alias string) string {
	return strings.NewReplacer("-", ".", "_", ".").Replace(alias)
}

// readCatalog reads a libs.versions.toml; nil when it is not valid TOML.
func readCatalog(content []byte) *catalog {
	var doc struct {
		Versions  map[string]any      `toml:"versions"`
		Libraries map[string]any      `toml:"libraries"`
		Bundles   map[string][]string `toml:"bundles"`
		Plugins   map[string]any      `toml:"plugins"`
	}
	if toml.Unmarshal(content, &doc) != nil {
		return nil
	}
	c := &catalog{libs: map[string]coordinate{}, bundles: map[string][]string{}}
	// version is a version as a catalog states it: a string, a table
	// with ref (into [versions]) or strictly/require/prefer.
	var version func(v any, depth int) string
	version = func(v any, depth int) string {
		switch v := v.(type) {
		case string:
			return v
		case map[string]any:
			if r, ok := v["ref"].(string); ok && depth < 3 {
				return version(doc.Versions[r], depth+1)
			}
			for _, k := range []string{"strictly", "require", "prefer"} {
				if s, ok := v[k].(string); ok {
					return s
				}
			}
		}
		return ""
	}
	for alias, v := range doc.Libraries {
		var co coordinate
		switch v := v.(type) {
		case string: // "g:a:v"
			parts := strings.Split(v, ":")
			if len(parts) < 2 {
				continue
			}
			co.group, co.artifact = parts[0], parts[1]
			if len(parts) > 2 {
				co.version = parts[2]
			}
		case map[string]any:
			if m, ok := v["module"].(string); ok {
				co.group, co.artifact, _ = strings.Cut(m, ":")
			} else {
				co.group, _ = v["group"].(string)
				co.artifact, _ = v["name"].(string)
			}
			co.version = version(v["version"], 0) // version.ref decodes as a table {ref = …}
		}
		if co.group == "" || co.artifact == "" {
			continue
		}
		c.libs[accessor(alias)] = co
		if co.group == "org.jetbrains.kotlin" && newerVersion(co.version, c.kotlin) {
			c.kotlin = co.version
		}
	}
	for name, aliases := range doc.Bundles {
		for _, a := range aliases {
			c.bundles[accessor(name)] = append(c.bundles[accessor(name)], accessor(a))
		}
	}
	for _, v := range doc.Plugins {
		m, ok := v.(map[string]any)
		if !ok {
			continue
		}
		id, _ := m["id"].(string)
		if ver := version(m["version"], 0); strings.HasPrefix(id, "org.jetbrains.kotlin.") && newerVersion(ver, c.kotlin) {
			c.kotlin = ver
		}
	}
	return c
}

// gradleDecl is one dependency a build file declares: pinned, or without
// a version (a BOM gives it), or a platform (BOM) itself.
type gradleDecl struct {
	coordinate
	platform bool
}

// gradleFile is what one build file states.
type gradleFile struct {
	deps   []gradleDecl
	kotlin string // the Kotlin plugin's version, when the file states it
}

var (
	// configuration: a dependency declaration's start, `api(`, `implementation `.
	gradleConf = wordRegexp{isConfigurationWord, tsutil.LazyRegexp(`^([A-Za-z]\w*)\s*(\(|[ \t]+)`)}
	// platformCall: platform( or enforcedPlatform( before the notation.
	platformCall = tsutil.LazyRegexp(`^(?:platform|enforcedPlatform)\s*\(\s*`)
	// quoted: a string literal at the start.
	quoted = tsutil.LazyRegexp(`^(?:"([^"\n]*)"|'([^'\n]*)')`)
	// named: group/name/version named arguments, Groovy's `:` or Kotlin's `=`.
	namedArg = tsutil.LazyRegexp(`^(group|name|version)\s*[:=]\s*(?:"([^"\n]*)"|'([^'\n]*)')\s*,?\s*`)
	// catalogRef: libs.foo.bar (a catalog accessor and a path).
	catalogRef = tsutil.LazyRegexp(`^([a-z]\w*)\.([A-Za-z_][\w.]*)`)
	// variables: `val x = "1.2"` (`val x: String = …`), `def x = '1.2'`, `ext.x = '1.2'`,
	// `extra["x"] = "1.2"`, `set("x", "1.2")`.
	gradleVar = wordRegexp{oneOf("val", "var", "def", "String", "ext", "extra", "set"),
		tsutil.LazyRegexp(`^(?:(?:val|var|def|String)\s+|ext\.|extra\[\s*["']|set\(\s*["'])(\w+)["']?\s*\]?\s*(?::\s*\w+\s*)?[=,]\s*(?:"([^"$\n]*)"|'([^'\n]*)')`)}
	extBlock = wordRegexp{oneOf("ext"), tsutil.LazyRegexp(`^ext\s*\{`)}
	blockVar = tsutil.LazyRegexp(`(?m)^\s*(\w+)\s*=\s*(?:"([^"$\n]*)"|'([^'\n]*)')`)
	interp   = tsutil.LazyRegexp(`\$\{?([\w.\[\]"']+)\}?`)
	// kotlinPlugin: kotlin("jvm") version "v", id("org.jetbrains.kotlin.jvm") version "v".
	kotlinPlugin = wordRegexp{oneOf("kotlin", "id"),
		tsutil.LazyRegexp(`^(?:kotlin\s*\(\s*["']\w+["']\s*\)|id\s*\(?\s*["']org\.jetbrains\.kotlin\.[\w.]+["']\s*\)?)\s*version\s*\(?\s*["']([^"'\n]+)["']`)}
)

// wordRegexp is a regexp each of whose matches starts with a word (at a
// word boundary) that starts accepts: the regexp, anchored, is tried
// only where such a word starts. Tried at every byte of a build file
// instead, the scans cost more than the rest of reading a worktree's
// Gradle files (DESIGN.md, Java and Kotlin: selection).
type wordRegexp struct {
	starts func(word string) bool
	re     func() *regexp.Regexp // anchored (^); a boundary before the word is implied
}

// findAll is what FindAllStringSubmatchIndex(src, -1) gives for the
// regexp unanchored, with \b before each word, but the matches whose
// word starts does not accept.
func (w wordRegexp) findAll(src string) [][]int {
	var out [][]int
	for i := 0; i < len(src); {
		if !isWordByte(src[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(src) && isWordByte(src[j]) {
			j++
		}
		if (i == 0 || !isWordByte(src[i-1])) && w.starts(src[i:j]) {
			if loc := w.re().FindStringSubmatchIndex(src[i:]); loc != nil {
				for k := range loc {
					if loc[k] >= 0 {
						loc[k] += i
					}
				}
				out = append(out, loc)
				i = max(loc[1], i+1)
				continue
			}
		}
		i = j
	}
	return out
}

// findAllSubmatch is FindAllStringSubmatch of the matches findAll finds.
func (w wordRegexp) findAllSubmatch(src string) [][]string {
	var out [][]string
	for _, loc := range w.findAll(src) {
		m := make([]string, len(loc)/2)
		for k := range m {
			if loc[2*k] >= 0 {
				m[k] = src[loc[2*k]:loc[2*k+1]]
			}
		}
		out = append(out, m)
	}
	return out
}

// isWordByte is a byte of regexp's \w (ASCII, as \b reads it).
func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// oneOf accepts the words given.
func oneOf(words ...string) func(string) bool {
	return func(w string) bool { return slices.Contains(words, w) }
}

// isConfigurationWord: a word starting with a letter that names a
// configuration.
func isConfigurationWord(w string) bool {
	return (w[0] >= 'a' && w[0] <= 'z' || w[0] >= 'A' && w[0] <= 'Z') && isConfiguration(w)
}

// isConfiguration says whether a name is a dependency configuration whose
// dependencies a compilation sees (api, implementation, testImplementation,
// compileOnly, kapt, …); buildscript's classpath is not one.
func isConfiguration(name string) bool {
	l := strings.ToLower(name)
	for _, s := range []string{"implementation", "api", "compile", "compileonly", "runtimeonly", "annotationprocessor"} {
		if strings.HasSuffix(l, s) {
			return true
		}
	}
	return strings.HasPrefix(l, "kapt") || strings.HasPrefix(l, "ksp")
}

// gradleVars are the string variables a build file defines (`val`, `def`,
// ext and extra properties), for "g:a:$v".
func gradleVars(src string, vars map[string]string) {
	set := func(m []string) {
		vars[m[1]] = m[2] + m[3]
	}
	for _, m := range gradleVar.findAllSubmatch(src) {
		set(m)
	}
	for _, loc := range extBlock.findAll(src) {
		end := matchBrace([]byte(src), loc[1]-1) // braces in strings and comments do not count
		for _, m := range blockVar().FindAllStringSubmatch(src[loc[1]:end], -1) {
			set(m)
		}
	}
}

// gradleProperties reads a gradle.properties file: `key=value`, `key:
// value` or `key value` lines; `#` and `!` start comments. A value
// continued on the next line (a trailing backslash) is dropped: versions
// are one line.
func gradleProperties(content []byte) map[string]string {
	props := map[string]string{}
	for _, l := range strings.Split(string(content), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' || l[0] == '!' || strings.HasSuffix(l, "\\") {
			continue
		}
		i := strings.IndexAny(l, "=: \t")
		if i <= 0 {
			continue
		}
		props[l[:i]] = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l[i:]), "=:"))
	}
	return props
}

// expandVars replaces $v and ${v} (${rootProject.ext.v} by its last
// name) with the variables' values; "" when one is unknown.
func expandVars(s string, vars map[string]string) string {
	ok := true
	s = interp().ReplaceAllStringFunc(s, func(ref string) string {
		name := strings.Trim(ref, "${}")
		name = strings.Trim(name[strings.LastIndexAny(name, ".[")+1:], `"']`)
		v, known := vars[name]
		ok = ok && known
		return v
	})
	if !ok {
		return ""
	}
	return s
}

// readGradleFile reads a build file's dependencies. vars are the
// variables it may use (its own are added); cat is the version catalog
// of its build, nil for none.
func readGradleFile(content []byte, vars map[string]string, cats map[string]*catalog) gradleFile {
	src := stripComments(content)
	gradleVars(src, vars)
	var f gradleFile
	for _, m := range kotlinPlugin.findAllSubmatch(src) {
		if v := expandVars(m[1], vars); newerVersion(v, f.kotlin) {
			f.kotlin = v
		}
	}
	for _, loc := range gradleConf.findAll(src) {
		rest := src[loc[1]:]
		platform := false
		if p := platformCall().FindString(rest); p != "" {
			platform, rest = true, rest[len(p):]
		}
		switch {
		case quoted().MatchString(rest):
			m := quoted().FindStringSubmatch(rest)
			if c, ok := parseNotation(expandVars(m[1]+m[2], vars)); ok {
				f.deps = append(f.deps, gradleDecl{c, platform})
			}
		case namedArg().MatchString(rest):
			args := map[string]string{}
			for m := namedArg().FindStringSubmatch(rest); m != nil; m = namedArg().FindStringSubmatch(rest) {
				args[m[1]] = expandVars(m[2]+m[3], vars)
				rest = rest[len(m[0]):]
			}
			if args["group"] != "" && args["name"] != "" {
				f.deps = append(f.deps, gradleDecl{coordinate{args["group"], args["name"], args["version"]}, platform})
			}
		case catalogRef().MatchString(rest):
			m := catalogRef().FindStringSubmatch(rest)
			cat := cats[m[1]]
			if cat == nil {
				continue
			}
			acc := strings.TrimSuffix(m[2], ".get")
			if b, ok := strings.CutPrefix(acc, "bundles."); ok {
				for _, l := range cat.bundles[b] {
					if c, ok := cat.libs[l]; ok {
						f.deps = append(f.deps, gradleDecl{c, platform})
					}
				}
			} else if c, ok := cat.libs[acc]; ok {
				f.deps = append(f.deps, gradleDecl{c, platform})
			}
		}
	}
	return f
}

// parseNotation reads "group:artifact[:version[:classifier]][@ext]".
func parseNotation(s string) (coordinate, bool) {
	s, _, _ = strings.Cut(s, "@")
	parts := strings.Split(s, ":")
	if len(parts) < 2 || parts[0] == "" || parts[1] == "" || strings.ContainsAny(s, " /\\") {
		return coordinate{}, false
	}
	c := coordinate{group: parts[0], artifact: parts[1]}
	if len(parts) > 2 {
		c.version = parts[2]
	}
	return c, true
}

// stripComments blanks // and /* */ comments outside string literals.
func stripComments(b []byte) string {
	out := []byte(string(b))
	var quote byte
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote || c == '\n' {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			for ; i < len(out) && !(out[i] == '*' && i+1 < len(out) && out[i+1] == '/'); i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			if i+1 < len(out) {
				out[i], out[i+1] = ' ', ' '
				i++
			}
		}
	}
	return string(out)
}

var (
	// includeCall: include(":a", ":b") or include ':a', ':b'.
	includeCall = tsutil.LazyRegexp(`\binclude\s*\(?((?:\s*,?\s*(?:"[^"\n]*"|'[^'\n]*'))+)`)
	includeArg  = tsutil.LazyRegexp(`"([^"\n]*)"|'([^'\n]*)'`)
	// projectDir: project(":a").projectDir = file("x") (or new File(settingsDir, 'x')).
	projectDir = tsutil.LazyRegexp(`project\s*\(\s*["']([^"']+)["']\s*\)\s*\.projectDir\s*=\s*(?:file\s*\(|new\s+File\s*\(\s*(?:rootDir|settingsDir)\s*,)\s*["']([^"']+)["']`)
)

// settingsProjects are the directories of the projects a settings file
// includes, relative to the worktree's root (dir is the settings file's).
func settingsProjects(dir string, content []byte) []string {
	src := stripComments(content)
	moved := map[string]string{}
	for _, m := range projectDir().FindAllStringSubmatch(src, -1) {
		moved[m[1]] = m[2]
	}
	var out []string
	for _, m := range includeCall().FindAllStringSubmatch(src, -1) {
		for _, a := range includeArg().FindAllStringSubmatch(m[1], -1) {
			p := a[1] + a[2]
			rel, ok := moved[p]
			if !ok {
				rel = strings.ReplaceAll(strings.TrimPrefix(p, ":"), ":", "/")
			}
			d := path.Clean(path.Join(dir, rel))
			if d == "." || strings.HasPrefix(d, "../") {
				continue
			}
			out = append(out, d)
		}
	}
	return out
}

// gradleBuilds reads the Gradle markers: the own projects (build files'
// and included projects' directories) and every declaration, with the
// Kotlin version the builds use. A build file uses the catalogs in the
// gradle/ directory nearest above it, and the variables of the build file
// at the root of its build as well as its own.
func gradleBuilds(markers []extract.MarkerFile) (own []string, decls []gradleDecl, kotlin string) {
	cats := map[string]map[string]*catalog{} // build root → accessor → catalog
	rootVars := map[string]map[string]string{}
	props := map[string]map[string]string{} // directory → its gradle.properties
	var builds []extract.MarkerFile
	seen := map[string]bool{}
	addOwn := func(d string) {
		if !seen[d] {
			seen[d] = true
			own = append(own, d)
		}
	}
	for _, m := range markers {
		switch gradleKind(m.Path) {
		case "catalog":
			if c := readCatalog(m.Content); c != nil {
				root := extract.ParentDir(extract.ParentDir(m.Path))
				if cats[root] == nil {
					cats[root] = map[string]*catalog{}
				}
				cats[root][strings.TrimSuffix(path.Base(m.Path), ".versions.toml")] = c
				if newerVersion(c.kotlin, kotlin) {
					kotlin = c.kotlin
				}
			}
		case "settings":
			for _, d := range settingsProjects(extract.ParentDir(m.Path), m.Content) {
				addOwn(d)
			}
		case "build":
			builds = append(builds, m)
		case "properties":
			props[extract.ParentDir(m.Path)] = gradleProperties(m.Content)
		}
	}
	// Build files shallowest first: a build's root file comes before its
	// subprojects', so their variables are known.
	sort.SliceStable(builds, func(i, j int) bool {
		di, dj := strings.Count(builds[i].Path, "/"), strings.Count(builds[j].Path, "/")
		return di < dj || di == dj && builds[i].Path < builds[j].Path
	})
	for _, m := range builds {
		dir := extract.ParentDir(m.Path)
		addOwn(dir)
		root := nearest(dir, cats)
		vars := map[string]string{}
		var above []string // dir and the directories above it, deepest first
		for d := dir; ; d = extract.ParentDir(d) {
			above = append(above, d)
			if d == "" {
				break
			}
		}
		for _, d := range above {
			if rv, ok := rootVars[d]; ok {
				for k, v := range rv {
					vars[k] = v
				}
				break
			}
		}
		// gradle.properties: a project's properties, its build's root's
		// first, a nearer file's overriding.
		for i := len(above) - 1; i >= 0; i-- {
			for k, v := range props[above[i]] {
				vars[k] = v
			}
		}
		f := readGradleFile(m.Content, vars, cats[root])
		if _, ok := rootVars[dir]; !ok && (dir == root || dir == "") {
			rootVars[dir] = vars
		}
		decls = append(decls, f.deps...)
		if newerVersion(f.kotlin, kotlin) {
			kotlin = f.kotlin
		}
	}
	sort.Strings(own)
	return own, decls, kotlin
}

// nearest is the directory at or above dir that has catalogs ("" when
// none does, or the root has them).
func nearest(dir string, cats map[string]map[string]*catalog) string {
	for d := dir; ; d = extract.ParentDir(d) {
		if _, ok := cats[d]; ok || d == "" {
			return d
		}
	}
}

// applyBOMs gives each dependency no build file pins a version the
// platform(…) BOMs manage, reading the BOMs' poms from the local Maven
// repository or Gradle's cache (properties of the BOM itself expanded),
// and pins a dynamic version ("1.+", "latest.release") to the highest
// one on disk that it takes and whose sources jar is there.
func (b *builds) applyBOMs(h extract.Host, r repositories) {
	defer func() {
		for i := range b.deps {
			if d := &b.deps[i]; dynamicVersion(d.version) {
				if v := r.highestOnDisk(h, *d); v != "" {
					d.version = v
				}
			}
		}
	}()
	var boms []*pom
	seen := map[coordinate]bool{}
	queue := append([]coordinate(nil), b.boms...)
	for len(queue) > 0 && len(seen) < maxBOMs {
		c := queue[0]
		queue = queue[1:]
		if c.version == "" || seen[c] {
			continue
		}
		seen[c] = true
		p := r.readPomChain(h, c, 0)
		if p == nil {
			continue
		}
		boms = append(boms, p)
		for q := p; q != nil; q = q.parent {
			for _, d := range q.Managed { // BOMs a BOM imports
				if d.Scope == "import" {
					queue = append(queue, coordinate{p.expand(d.GroupID), p.expand(d.ArtifactID), p.expand(d.Version)})
				}
			}
		}
	}
	for i := range b.deps {
		d := &b.deps[i]
		for _, p := range boms {
			if d.version != "" {
				break
			}
			if v := p.managed(d.group, d.artifact); !strings.Contains(v, "${") {
				d.version = v
			}
		}
	}
}

// maxBOMs bounds the BOMs and parents read for one set.
const maxBOMs = 64

// readPomChain reads a coordinate's .pom and its parents' (properties and
// dependencyManagement are inherited), nil when neither repository has
// it.
func (r repositories) readPomChain(h extract.Host, c coordinate, depth int) *pom {
	p := r.readPom(h, c)
	if p != nil && p.Parent.ArtifactID != "" && depth < 8 {
		p.parent = r.readPomChain(h, coordinate{p.Parent.GroupID, p.Parent.ArtifactID, p.Parent.Version}, depth+1)
	}
	return p
}

// readPom reads a coordinate's .pom from the repositories, nil when
// neither has it.
func (r repositories) readPom(h extract.Host, c coordinate) *pom {
	name := c.artifact + "-" + c.version + ".pom"
	files := []string{filepath.Join(r.maven, filepath.FromSlash(strings.ReplaceAll(c.group, ".", "/")), c.artifact, c.version, name)}
	for _, dir := range extract.Glob(h, filepath.Join(r.gradle, "caches", "modules-2", "files-2.1", c.group, c.artifact, c.version), "*") {
		files = append(files, filepath.Join(dir, name))
	}
	for _, f := range files {
		if content, err := h.ReadFile(f); err == nil {
			var p pom
			if xml.Unmarshal(content, &p) == nil {
				return &p
			}
		}
	}
	return nil
}

// dynamicVersion: a version Gradle resolves against a repository, "1.+",
// "+" or "latest.release".
func dynamicVersion(v string) bool {
	return strings.HasSuffix(v, "+") || strings.HasPrefix(v, "latest.")
}

// highestOnDisk is the highest version of a dependency that its dynamic
// version takes and that either repository holds a sources jar of, ""
// for none.
func (r repositories) highestOnDisk(h extract.Host, c coordinate) string {
	prefix := strings.TrimSuffix(c.version, "+")
	if strings.HasPrefix(c.version, "latest.") {
		prefix = ""
	}
	var versions []string
	versions = append(versions, dirNames(h, filepath.Join(r.maven, filepath.FromSlash(strings.ReplaceAll(c.group, ".", "/")), c.artifact))...)
	versions = append(versions, dirNames(h, filepath.Join(r.gradle, "caches", "modules-2", "files-2.1", c.group, c.artifact))...)
	best := ""
	for _, v := range versions {
		if strings.HasPrefix(v, prefix) && (best == "" || newerVersion(v, best)) && r.sourcesJar(h, coordinate{c.group, c.artifact, v}) != "" {
			best = v
		}
	}
	return best
}

// dirNames names a directory's entries, nil when it cannot be read.
func dirNames(h extract.Host, dir string) []string {
	names, _ := h.ReadDir(dir)
	return names
}
