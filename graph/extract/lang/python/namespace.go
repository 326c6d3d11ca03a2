package python

import (
	"path"
	"strings"
)

// namespace is the dotted module path of file relative to the package root:
// a/b/c.py → a.b.c, a/b/__init__.py → a.b. A root-level __init__.py takes
// the root directory's base name, or "__init__" at the repository root. A
// file outside root is named from the repository root.
func namespace(file, root string) string {
	root = path.Clean("/" + root)[1:] // "" for the repository root
	rel := relToRoot(file, root)
	rel = strings.TrimSuffix(rel, path.Ext(rel))
	if rel == "__init__" {
		if root != "" {
			return path.Base(root)
		}
		return "__init__"
	}
	rel = strings.TrimSuffix(rel, "/__init__")
	return strings.ReplaceAll(rel, "/", ".")
}

// relToRoot strips a clean root from a repo-relative file path.
func relToRoot(file, root string) string {
	if rest, ok := strings.CutPrefix(file, root+"/"); ok && root != "" {
		return rest
	}
	return file
}

// isInitFile reports whether file is a package's __init__.py or .pyi.
func isInitFile(file string) bool {
	base := path.Base(file)
	return strings.TrimSuffix(base, path.Ext(base)) == "__init__"
}

// packageOf is the package relative imports in file start from: an
// __init__ module is its own package, any other module's package is the
// parent of its namespace ("" for a module at the root).
func packageOf(file, ns string) string {
	if isInitFile(file) {
		return ns
	}
	if i := strings.LastIndexByte(ns, '.'); i >= 0 {
		return ns[:i]
	}
	return ""
}

// resolveRelative turns a relative module reference (dots = the number of
// leading dots, mod = the dotted rest, possibly "") into an absolute path.
// It reports false when the reference climbs above the root package.
func resolveRelative(pkg string, dots int, mod string) (string, bool) {
	base := pkg
	for i := 1; i < dots; i++ {
		j := strings.LastIndexByte(base, '.')
		if j < 0 {
			base = ""
			break
		}
		base = base[:j]
	}
	switch {
	case base == "":
		return "", false
	case mod == "":
		return base, true
	}
	return base + "." + mod, true
}

// isTestFile reports whether file follows pytest's default test file
// naming: test_*.py or *_test.py.
func isTestFile(file string) bool {
	base := path.Base(file)
	stem := strings.TrimSuffix(base, path.Ext(base))
	return strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_test")
}

// lastSegment returns what follows the last dot of a dotted name.
func lastSegment(q string) string {
	return q[strings.LastIndexByte(q, '.')+1:]
}
