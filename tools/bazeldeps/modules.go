package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// dep is one module of go.mod as it sits, read-only, in the module cache.
type dep struct {
	Path, Version string
	Dir           string
}

// patchName is the file under third_party/ holding dep's patch.
func (d dep) patchName() string { return pathpkg(d.Path) + ".patch" }

func pathpkg(p string) string { return p[strings.LastIndex(p, "/")+1:] }

// requiredModules lists go.mod's requirements that are in the module cache.
func requiredModules(root string) ([]dep, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	mf, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		return nil, err
	}
	cache, err := goEnv("GOMODCACHE")
	if err != nil {
		return nil, err
	}
	var deps []dep
	for _, r := range mf.Require {
		esc, err := module.EscapePath(r.Mod.Path)
		if err != nil {
			return nil, err
		}
		dir := filepath.Join(cache, esc+"@"+r.Mod.Version)
		if _, err := os.Stat(dir); err != nil {
			if !r.Indirect {
				return nil, fmt.Errorf("%s@%s is not in the module cache (run go mod download)", r.Mod.Path, r.Mod.Version)
			}
			continue
		}
		deps = append(deps, dep{Path: r.Mod.Path, Version: r.Mod.Version, Dir: dir})
	}
	sort.Slice(deps, func(i, j int) bool { return deps[i].Path < deps[j].Path })
	return deps, nil
}

// needsPatch reports whether a Go file of d builds C code by including a
// .c file, which Bazel cannot follow.
func needsPatch(d dep) (bool, error) {
	pkgs, err := cgoPackages(d.Dir)
	return len(pkgs) > 0, err
}

// cgoPackages are d's package directories (relative, "." for the root)
// with a Go file that #includes a .c file.
func cgoPackages(dir string) ([]string, error) {
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if name := e.Name(); p != dir && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !isGoSource(e.Name()) {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if len(preambleIncludes(string(src), ".c")) > 0 {
			rel, _ := filepath.Rel(dir, filepath.Dir(p))
			seen[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out, err
}

func isGoSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

func goEnv(key string) (string, error) {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", key, err)
	}
	return string(bytes.TrimSpace(out)), nil
}
