package java

import (
	"encoding/xml"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// Build files: a pom.xml's coordinates, properties, parent and
// dependencies (with the versions its parents' dependencyManagement gives
// when those parents are in the worktree), and a build.gradle's
// "group:artifact:version" dependencies.

// pom is what is read of a pom.xml.
type pom struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Parent     struct {
		GroupID      string  `xml:"groupId"`
		ArtifactID   string  `xml:"artifactId"`
		Version      string  `xml:"version"`
		RelativePath *string `xml:"relativePath"`
	} `xml:"parent"`
	Properties struct {
		Entries []struct {
			XMLName xml.Name
			Value   string `xml:",chardata"`
		} `xml:",any"`
	} `xml:"properties"`
	Managed      []pomDep `xml:"dependencyManagement>dependencies>dependency"`
	Dependencies []pomDep `xml:"dependencies>dependency"`

	dir    string
	parent *pom
}

type pomDep struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Scope      string `xml:"scope"`
	Type       string `xml:"type"`
}

// coordinate is one dependency, pinned.
type coordinate struct{ group, artifact, version string }

// builds are the worktree's own modules and the dependencies they pin.
type builds struct {
	own  []struct{ name, dir string }
	deps []coordinate // version "" when no build file pins one (a BOM may)
	boms []coordinate // platform(…) dependencies: BOMs whose versions apply
	// kotlin is the Kotlin version the builds use (the Kotlin plugin's,
	// kotlin-stdlib's, a pom's kotlin.version), "" when none says.
	kotlin string
}

// readBuilds reads the build files: every module is an own package, and
// each dependency keeps the highest version any build file pins.
func readBuilds(markers []extract.MarkerFile) builds {
	var b builds
	poms := map[string]*pom{} // by directory
	pinned := map[string]string{}
	var order []string
	pin := func(g, a, v string) {
		k := g + ":" + a
		old, seen := pinned[k]
		if !seen {
			order = append(order, k)
		}
		if !seen || newerVersion(v, old) {
			pinned[k] = v
		}
	}
	for _, m := range markers {
		dir := extract.ParentDir(m.Path)
		if manifestLang(m.Path) == langMaven {
			var p pom
			if xml.Unmarshal(m.Content, &p) == nil {
				p.dir = dir
				poms[dir] = &p
			}
		}
	}
	gOwn, decls, kotlin := gradleBuilds(markers)
	for _, dir := range gOwn {
		b.own = append(b.own, struct{ name, dir string }{"gradle:" + nameOfDir(dir), dir})
	}
	for _, d := range decls {
		if d.platform {
			b.boms = append(b.boms, d.coordinate) // a BOM pins versions; it has no sources
			continue
		}
		pin(d.group, d.artifact, strings.Trim(d.version, "[]()"))
	}
	b.kotlin = kotlin
	dirs := make([]string, 0, len(poms))
	for dir := range poms {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		p := poms[dir]
		rel := "../pom.xml"
		if p.Parent.RelativePath != nil {
			rel = *p.Parent.RelativePath
		}
		if rel != "" && p.Parent.ArtifactID != "" {
			pd := path.Clean(path.Join(dir, strings.TrimSuffix(strings.TrimSuffix(rel, "pom.xml"), "/")))
			if pd == "." {
				pd = ""
			}
			if q := poms[pd]; q != nil && q != p && q.ArtifactID == p.Parent.ArtifactID {
				p.parent = q
			}
		}
	}
	for _, dir := range dirs {
		p := poms[dir]
		b.own = append(b.own, struct{ name, dir string }{p.groupID() + ":" + p.ArtifactID, dir})
		if p.parent == nil && p.Parent.ArtifactID != "" && p.Parent.Version != "" {
			// A parent outside the worktree (spring-boot-starter-parent)
			// manages versions as a BOM does, read from the repositories.
			b.boms = append(b.boms, coordinate{p.Parent.GroupID, p.Parent.ArtifactID, p.Parent.Version})
		}
	}
	own := map[string]bool{}
	for _, o := range b.own {
		own[o.name] = true
	}
	for _, dir := range dirs {
		p := poms[dir]
		for _, d := range p.Managed { // an imported BOM, as Gradle's platform(…)
			if c := (coordinate{p.expand(d.GroupID), p.expand(d.ArtifactID), p.expand(d.Version)}); d.Scope == "import" &&
				c.group != "" && c.artifact != "" && !strings.Contains(c.group+c.artifact+c.version, "${") {
				b.boms = append(b.boms, c)
			}
		}
		for _, d := range p.Dependencies {
			if d.Scope == "import" || d.Scope == "system" || d.Type != "" && d.Type != "jar" {
				continue
			}
			g, a := p.expand(d.GroupID), p.expand(d.ArtifactID)
			v := p.expand(d.Version)
			if v == "" {
				v = p.managed(g, a)
			}
			if g == "" || a == "" || own[g+":"+a] || strings.Contains(g+a+v, "${") {
				continue
			}
			pin(g, a, strings.Trim(v, "[]()"))
		}
	}
	for _, dir := range dirs {
		if v, ok := poms[dir].property("kotlin.version"); ok && !strings.Contains(v, "${") && newerVersion(v, b.kotlin) {
			b.kotlin = v
		}
	}
	for _, k := range order {
		g, a, _ := strings.Cut(k, ":")
		b.deps = append(b.deps, coordinate{g, a, pinned[k]})
		if g == "org.jetbrains.kotlin" && strings.HasPrefix(a, "kotlin-stdlib") && newerVersion(pinned[k], b.kotlin) {
			b.kotlin = pinned[k]
		}
	}
	sort.Slice(b.deps, func(i, j int) bool {
		return b.deps[i].group+":"+b.deps[i].artifact < b.deps[j].group+":"+b.deps[j].artifact
	})
	return b
}

func nameOfDir(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

func (p *pom) groupID() string {
	if p.GroupID != "" {
		return p.GroupID
	}
	return p.Parent.GroupID
}

func (p *pom) version() string {
	if p.Version != "" {
		return p.Version
	}
	return p.Parent.Version
}

// property is a pom property, looked up through the worktree's parents.
func (p *pom) property(name string) (string, bool) {
	switch name {
	case "project.version", "pom.version", "version":
		return p.version(), true
	case "project.groupId", "pom.groupId":
		return p.groupID(), true
	case "project.artifactId":
		return p.ArtifactID, true
	case "project.parent.version":
		return p.Parent.Version, true
	case "project.parent.groupId":
		return p.Parent.GroupID, true
	}
	for q := p; q != nil; q = q.parent {
		for _, e := range q.Properties.Entries {
			if e.XMLName.Local == name {
				return strings.TrimSpace(e.Value), true
			}
		}
	}
	return "", false
}

var propertyRef = tsutil.LazyRegexp(`\$\{([^}]+)\}`)

// expand replaces ${…} properties (a few rounds, for properties naming
// properties); an unknown one stays.
func (p *pom) expand(s string) string {
	s = strings.TrimSpace(s)
	for round := 0; round < 5 && strings.Contains(s, "${"); round++ {
		s = propertyRef().ReplaceAllStringFunc(s, func(ref string) string {
			if v, ok := p.property(ref[2 : len(ref)-1]); ok {
				return v
			}
			return ref
		})
	}
	return s
}

// managed is the version the pom's or its parents' dependencyManagement
// gives a dependency.
func (p *pom) managed(g, a string) string {
	for q := p; q != nil; q = q.parent {
		for _, d := range q.Managed {
			if q.expand(d.GroupID) == g && q.expand(d.ArtifactID) == a {
				return q.expand(d.Version)
			}
		}
	}
	return ""
}

// newerVersion compares versions by their dot- and dash-separated parts,
// numerically where both are numbers.
func newerVersion(a, b string) bool {
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == '-' })
	}
	pa, pb := split(a), split(b)
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		switch {
		case ea == nil && eb == nil && na != nb:
			return na > nb
		case (ea != nil || eb != nil) && pa[i] != pb[i]:
			return pa[i] > pb[i]
		}
	}
	return len(pa) > len(pb)
}

// repositories are where sources jars may be: the local Maven repository
// (MAVEN_OPTS' -Dmaven.repo.local, else ~/.m2/settings.xml's
// localRepository, else ~/.m2/repository) and Gradle's cache
// (GRADLE_USER_HOME, else ~/.gradle).
type repositories struct{ maven, gradle string }

func localRepositories(h extract.Host) repositories {
	home, _ := h.UserHomeDir()
	r := repositories{maven: filepath.Join(home, ".m2", "repository"), gradle: filepath.Join(home, ".gradle")}
	if g := h.Getenv("GRADLE_USER_HOME"); g != "" {
		r.gradle = g
	}
	if b, err := h.ReadFile(filepath.Join(home, ".m2", "settings.xml")); err == nil {
		var s struct {
			LocalRepository string `xml:"localRepository"`
		}
		if xml.Unmarshal(b, &s) == nil && strings.TrimSpace(s.LocalRepository) != "" {
			r.maven = strings.ReplaceAll(strings.TrimSpace(s.LocalRepository), "${user.home}", home)
		}
	}
	for _, f := range strings.Fields(h.Getenv("MAVEN_OPTS")) {
		if v, ok := strings.CutPrefix(f, "-Dmaven.repo.local="); ok {
			r.maven = v
		}
	}
	return r
}

// sourcesJar is the path of a dependency's sources jar, "" when neither
// repository has it.
func (r repositories) sourcesJar(h extract.Host, c coordinate) string {
	name := c.artifact + "-" + c.version + "-sources.jar"
	m := filepath.Join(r.maven, filepath.FromSlash(strings.ReplaceAll(c.group, ".", "/")), c.artifact, c.version, name)
	// The host reads an archive as a directory of its entries: a jar that
	// is there stats without error.
	if _, err := h.Stat(m); err == nil {
		return m
	}
	for _, dir := range extract.Glob(h, filepath.Join(r.gradle, "caches", "modules-2", "files-2.1", c.group, c.artifact, c.version), "*") {
		if _, err := h.Stat(filepath.Join(dir, name)); err == nil {
			return filepath.Join(dir, name) // the first hash directory holding it
		}
	}
	return ""
}
