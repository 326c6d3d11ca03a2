package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// ccLib is a cc_library in the module's root package; paths are relative
// to the module root.
type ccLib struct {
	Name                                     string
	Srcs, Hdrs, TextualHdrs, Includes, Copts []string
}

// goLib is the go_library of one package of the module.
type goLib struct {
	Dir        string // the package's directory, "." for the root
	Name       string // gazelle's import naming: the last element of the import path
	ImportPath string
	Srcs       []string // file names in Dir
	CDeps      []string // names of ccLibs
	Deps       []string // labels of other Go modules' packages
}

// plan is what a module's patch adds and changes.
type plan struct {
	Libs     []ccLib
	Go       []goLib
	Rewrites map[string]string // module-relative path -> new content
}

// planModule works out d's Bazel targets from its sources.
func planModule(d dep, mods []dep) (plan, error) {
	pl := plan{Rewrites: map[string]string{}}
	pkgs, err := cgoPackages(d.Dir)
	if err != nil {
		return pl, err
	}
	for _, pkg := range pkgs {
		if err := pl.addPackage(d, mods, pkg); err != nil {
			return pl, fmt.Errorf("%s/%s: %w", d.Path, pkg, err)
		}
	}
	return pl, nil
}

func (pl *plan) addPackage(d dep, mods []dep, pkg string) error {
	entries, err := os.ReadDir(filepath.Join(d.Dir, pkg))
	if err != nil {
		return err
	}
	importPath := d.Path
	if pkg != "." {
		importPath += "/" + pkg
	}
	g := goLib{Dir: pkg, Name: pathpkg(importPath), ImportPath: importPath}
	// Headers the package's remaining preambles include by name: the
	// cc_library must export them.
	wanted := map[string]bool{}
	type cfile struct {
		name  string
		lines []string
		pre   preamble
	}
	var withC []cfile
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.IsDir():
		case isGoSource(name):
			data, err := os.ReadFile(filepath.Join(d.Dir, pkg, name))
			if err != nil {
				return err
			}
			lines := strings.Split(string(data), "\n")
			pre, ok := parsePreamble(lines)
			if ok && hasCInclude(pre) {
				withC = append(withC, cfile{name, lines, pre})
				if declarationsOnly(lines, pre) {
					continue // nothing but the #include: the cc_library replaces it
				}
			} else if ok {
				for _, in := range includes(pre.C) {
					wanted[in.Name] = true
				}
			}
			g.Srcs = append(g.Srcs, name)
		case strings.HasSuffix(name, "_test.go"):
		case strings.HasSuffix(name, ".c"), strings.HasSuffix(name, ".h"), strings.HasSuffix(name, ".s"), strings.HasSuffix(name, ".S"):
			g.Srcs = append(g.Srcs, name)
		}
	}
	for _, f := range withC {
		lib, err := planLib(d.Dir, pkg, f.name, f.pre, wanted)
		if err != nil {
			return err
		}
		pl.Libs = append(pl.Libs, lib)
		g.CDeps = append(g.CDeps, lib.Name)
		if !declarationsOnly(f.lines, f.pre) {
			if f.pre.Block {
				return fmt.Errorf("%s: a /* */ preamble with declarations is not handled", f.name)
			}
			rel := path.Join(pkg, f.name)
			pl.Rewrites[rel] = rewrite(f.lines, f.pre)
		}
	}
	deps, err := goDeps(filepath.Join(d.Dir, pkg), g.Srcs, mods)
	if err != nil {
		return err
	}
	g.Deps = deps
	pl.Go = append(pl.Go, g)
	return nil
}

func hasCInclude(p preamble) bool {
	for _, in := range includes(p.C) {
		if in.Quoted && strings.HasSuffix(in.Name, ".c") {
			return true
		}
	}
	return false
}

// declarationsOnly reports whether a file holds nothing but its package
// clause, comments, the preamble and `import "C"`.
func declarationsOnly(lines []string, p preamble) bool {
	for i, l := range lines {
		if i >= p.Start && i <= p.End {
			continue
		}
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "package ") {
			continue
		}
		return false
	}
	return true
}

// planLib is the cc_library standing for the C code a Go file includes.
func planLib(modDir, pkg, file string, pre preamble, wanted map[string]bool) (ccLib, error) {
	lib := ccLib{Name: strings.TrimSuffix(file, ".go") + "_c"}
	dirs, copts := cgoFlags(pre.C)
	var incDirs []string
	for _, dir := range dirs {
		if rel := path.Join(pkg, dir); !strings.HasPrefix(rel, "..") {
			incDirs = append(incDirs, rel)
		}
	}
	lib.Copts = copts
	seen := map[string]bool{}
	usedDirs := map[string]bool{}
	var queue []string
	resolve := func(from string, in include, mark bool) (string, error) {
		if in.Quoted {
			if p := path.Join(from, in.Name); exists(modDir, p) {
				return p, nil
			}
		}
		for _, dir := range incDirs {
			if p := path.Join(dir, in.Name); exists(modDir, p) {
				if mark {
					usedDirs[dir] = true
				}
				if wanted[in.Name] && strings.HasSuffix(p, ".h") {
					return "public:" + p, nil
				}
				return p, nil
			}
		}
		return "", nil
	}
	for _, in := range includes(pre.C) {
		if !in.Quoted || !strings.HasSuffix(in.Name, ".c") {
			continue
		}
		p, _ := resolve(pkg, in, false)
		if p == "" {
			if in.Optional {
				continue
			}
			return lib, fmt.Errorf("%s includes %q, which is not in the module", file, in.Name)
		}
		lib.Srcs = append(lib.Srcs, p)
		seen[p] = true
		queue = append(queue, p)
	}
	// Everything the sources include, transitively.
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		data, err := os.ReadFile(filepath.Join(modDir, f))
		if err != nil {
			return lib, err
		}
		for _, in := range includes(strings.Split(string(data), "\n")) {
			p, _ := resolve(path.Dir(f), in, true)
			public := strings.HasPrefix(p, "public:")
			p = strings.TrimPrefix(p, "public:")
			if p == "" || seen[p] {
				continue
			}
			seen[p] = true
			queue = append(queue, p)
			switch {
			case public:
				lib.Hdrs = append(lib.Hdrs, p)
			case strings.HasSuffix(p, ".c"):
				lib.TextualHdrs = append(lib.TextualHdrs, p)
			default:
				lib.Srcs = append(lib.Srcs, p)
			}
		}
	}
	// A .c file beside a compiled one may be included through a macro
	// (tree-sitter-yaml's `#include _file(YAML_SCHEMA)`): make it available.
	for _, src := range append([]string(nil), lib.Srcs...) {
		if !strings.HasSuffix(src, ".c") {
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(modDir, path.Dir(src), "*.c"))
		for _, m := range matches {
			rel, _ := filepath.Rel(modDir, m)
			if rel = filepath.ToSlash(rel); !seen[rel] {
				seen[rel] = true
				lib.TextualHdrs = append(lib.TextualHdrs, rel)
			}
		}
	}
	// Include directories the C code itself relies on (tree-sitter-
	// typescript's common/scanner.h finds tree_sitter/parser.h through
	// -I../../tsx/src) and those that export public headers.
	for dir := range usedDirs {
		lib.Includes = append(lib.Includes, dir)
	}
	for _, l := range [][]string{lib.Srcs, lib.Hdrs, lib.TextualHdrs, lib.Includes} {
		sort.Strings(l)
	}
	return lib, nil
}

func exists(root, rel string) bool {
	st, err := os.Stat(filepath.Join(root, rel))
	return err == nil && !st.IsDir()
}

// rewrite replaces the parser's #include in a binding's preamble with a
// declaration of the language function the Go code calls.
func rewrite(lines []string, p preamble) string {
	var c []string
	guarded := false
	for _, l := range p.C {
		switch m := hasIncludeRe.FindStringSubmatch(l); {
		case m != nil && strings.HasSuffix(m[1], ".c"):
			guarded = true
			continue
		case guarded && endifRe.MatchString(l):
			guarded = false
			continue
		}
		if m := includeRe.FindStringSubmatch(l); m != nil && m[1] == `"` && strings.HasSuffix(m[2], ".c") {
			continue
		}
		if m := cgoFlagsRe.FindStringSubmatch(l); m != nil {
			var keep []string
			for _, f := range strings.Fields(m[2]) {
				if !strings.HasPrefix(f, "-I") {
					keep = append(keep, f)
				}
			}
			if len(keep) == 0 {
				continue
			}
			l = strings.Replace(l, m[2], strings.Join(keep, " "), 1)
		}
		c = append(c, l)
	}
	funcs := map[string]bool{}
	var names []string
	for _, m := range languageRe.FindAllStringSubmatch(strings.Join(lines, "\n"), -1) {
		if !funcs[m[1]] {
			funcs[m[1]] = true
			names = append(names, m[1])
		}
	}
	sort.Strings(names)
	if len(names) > 0 {
		c = append(c, "typedef struct TSLanguage TSLanguage;")
		for _, n := range names {
			c = append(c, "const TSLanguage *"+n+"(void);")
		}
	}
	out := append([]string(nil), lines[:p.Start]...)
	for _, l := range c {
		out = append(out, "// "+l)
	}
	out = append(out, lines[p.End:]...)
	return strings.Join(out, "\n")
}

// goDeps are the Bazel labels of the non-standard packages the srcs import.
func goDeps(dir string, srcs []string, mods []dep) ([]string, error) {
	set := map[string]bool{}
	fset := token.NewFileSet()
	for _, s := range srcs {
		if !strings.HasSuffix(s, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, s), nil, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if !strings.Contains(strings.Split(p, "/")[0], ".") {
				continue // the standard library, or "C"
			}
			label, err := goLabel(p, mods)
			if err != nil {
				return nil, err
			}
			set[label] = true
		}
	}
	var out []string
	for l := range set {
		out = append(out, l)
	}
	sort.Strings(out)
	return out, nil
}

// goLabel names a package of another module as gazelle's go_deps does:
// @<repo named after the module path>//<dir>:<last element>.
func goLabel(importPath string, mods []dep) (string, error) {
	best := ""
	for _, m := range mods {
		if (importPath == m.Path || strings.HasPrefix(importPath, m.Path+"/")) && len(m.Path) > len(best) {
			best = m.Path
		}
	}
	if best == "" {
		return "", fmt.Errorf("%s is in no module of go.mod", importPath)
	}
	return "@" + repoName(best) + "//" + strings.TrimPrefix(strings.TrimPrefix(importPath, best), "/") + ":" + pathpkg(importPath), nil
}

// repoName is gazelle's repository name for a module path:
// github.com/mattn/go-pointer -> com_github_mattn_go_pointer.
func repoName(modPath string) string {
	parts := strings.Split(modPath, "/")
	host := strings.Split(parts[0], ".")
	for i, j := 0, len(host)-1; i < j; i, j = i+1, j-1 {
		host[i], host[j] = host[j], host[i]
	}
	name := strings.Join(append(host, parts[1:]...), "_")
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, name))
}
