package typescript

import (
	"bytes"
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TypeScript's standard library (DESIGN.md, Dependency packages): the
// lib.*.d.ts files of the typescript package installed in the worktree's
// node_modules, a package "lib" indexed under @typescript/@lib, so that
// the members of a builtin (`m.get` for `m = new Map()`, `xs.push` for
// `xs: T[]`) have a declaration (evidence.go's builtinType). It is read
// only where TypeScript is in use (a tsconfig, or a package.json naming
// typescript) and installed; which files is tsc's choice for the root
// tsconfig's target and lib, with the files they reference. Every lib
// file shares one namespace, as tsc merges their global declarations
// (`interface Array<T>` is written in a dozen files). The files are read
// in part (dependencies_libselect.go): only the declarations and
// interface members the worktree's files name.

const (
	libIndexDir  = "@lib"
	libNamespace = "@typescript/" + libIndexDir
	// libSpec starts the implicit imports that locate the lib files, one
	// each ("%lib/lib.es5.d.ts"): no specifier a file can write.
	libSpec = "%lib/"
)

// fileNamespace is the namespace of a file: the standard library's for a
// lib file, else its path without extension.
func fileNamespace(p string) string {
	if strings.HasPrefix(p, libNamespace+"/") {
		return libNamespace
	}
	return namespace(p)
}

// usesTypeScript: the worktree has a tsconfig, or a package.json naming
// typescript among its dependencies.
func (c *tsConfigs) usesTypeScript(declared map[string]string) bool {
	_, named := declared["typescript"]
	for _, p := range c.project {
		if strings.HasPrefix(path.Base(p), "tsconfig") {
			return true
		}
	}
	return named
}

// libChoice is the root tsconfig's compilerOptions target and lib (the
// project config nearest the root; its extends chain's when it sets none).
func (c *tsConfigs) libChoice() (target string, libs []string) {
	best := ""
	for dir, p := range c.project {
		if best == "" || len(dir) < len(extract.ParentDir(best)) || len(dir) == len(extract.ParentDir(best)) && p < best {
			best = p
		}
	}
	seen := map[string]bool{}
	for p := best; p != "" && !seen[p]; {
		seen[p] = true
		f := c.files[p]
		if f == nil {
			break
		}
		if target == "" {
			target = f.target
		}
		if libs == nil {
			libs = f.lib
		}
		p = ""
		if len(f.extends) > 0 {
			p = f.extends[0]
		}
	}
	return target, libs
}

// libRoots are the lib files tsc starts from: one per lib entry, else the
// default library of the target (ES5's when none is set).
func libRoots(target string, libs []string) []string {
	var out []string
	for _, l := range libs {
		out = append(out, "lib."+strings.ToLower(l)+".d.ts")
	}
	if len(out) > 0 {
		return out
	}
	switch t := strings.ToLower(target); t {
	case "", "es3", "es5":
		return []string{"lib.d.ts"}
	case "es6", "es2015":
		return []string{"lib.es6.d.ts"}
	default:
		return []string{"lib." + t + ".full.d.ts"}
	}
}

// libFiles is the closure of roots over `/// <reference lib="x" />`, in
// the order found; a file that cannot be read is left out.
func libFiles(roots []string, read func(string) ([]byte, error)) []string {
	var out []string
	seen := map[string]bool{}
	for len(roots) > 0 {
		f := roots[0]
		roots = roots[1:]
		if seen[f] {
			continue
		}
		seen[f] = true
		b, err := read(f)
		if err != nil {
			continue
		}
		out = append(out, f)
		for _, l := range libReferences(b) {
			roots = append(roots, "lib."+strings.ToLower(l)+".d.ts")
		}
	}
	return out
}

// libReferences are the libs a file's `/// <reference lib="x" />` lines
// name; they come before its first declaration, where the scan stops
// (lib.dom.d.ts is 1.9 MB).
func libReferences(b []byte) []string {
	var out []string
	for len(b) > 0 {
		if c, ok := bytes.CutPrefix(b, []byte("/*")); ok { // the licence
			_, b, _ = bytes.Cut(c, []byte("*/"))
			continue
		}
		line, rest, _ := bytes.Cut(b, []byte("\n"))
		b = rest
		if l, ok := bytes.CutPrefix(line, []byte(`/// <reference lib="`)); ok {
			if name, _, ok := bytes.Cut(l, []byte(`"`)); ok {
				out = append(out, string(name))
			}
		} else if len(line) > 0 && (line[0] >= 'a' && line[0] <= 'z' || line[0] >= 'A' && line[0] <= 'Z') {
			break // a declaration
		}
	}
	return out
}

// addLib adds the standard library when TypeScript is in use and
// installed: node_modules/typescript nearest the root.
func (d *npmDeps) addLib(c *tsConfigs, declared map[string]string, find func(name, from string) (string, npmManifest, bool), read func(string) ([]byte, error)) {
	d.lib = -1
	if read == nil || !c.usesTypeScript(declared) {
		return
	}
	pkgDir, m, ok := find("typescript", "")
	if !ok {
		return
	}
	root := pkgDir + "/lib"
	files := libFiles(libRoots(c.libChoice()), func(f string) ([]byte, error) { return read(root + "/" + f) })
	if len(files) == 0 {
		return
	}
	d.lib, d.libFiles = len(d.pkgs), files
	d.pkgs = append(d.pkgs, extract.Package{Name: "lib", Version: m.Version, Kind: extract.PackageStdlib, Root: root, IndexDir: libIndexDir})
	d.meta = append(d.meta, npmPackage{types: -1})
}

// ImplicitImports: every file uses the standard library, each of its files.
func (d *npmDeps) ImplicitImports() []string {
	if d.lib < 0 {
		return nil
	}
	out := make([]string, len(d.libFiles))
	for i, f := range d.libFiles {
		out[i] = libSpec + f
	}
	return out
}
