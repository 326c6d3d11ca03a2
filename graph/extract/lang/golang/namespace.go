package golang

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/extract"
)

// namespace returns the import path of the file's package: the module path
// joined with the directory relative to the module root. With an empty
// module path (no go.mod: Root is the repository root; GOROOT/src's module
// "std": Root is src) it is the directory relative to Root, or the package
// name for a file at Root. An external test package (package foo_test)
// gets the suffix "_test", as the go tool names it.
func namespace(in extract.Input, pkgName string) string {
	dir := path.Dir(in.Path)
	if dir == "." {
		dir = ""
	}
	ns := dir
	if rel, ok := relDir(dir, in.Module.Root); ok {
		ns = rel // the standard library's module "std" has no path prefix
		if in.Module.Path != "" {
			ns = strings.TrimSuffix(in.Module.Path+"/"+rel, "/")
		}
	}
	isTest := strings.HasSuffix(pkgName, "_test")
	if ns == "" {
		return pkgName // already carries _test
	}
	if isTest {
		ns += "_test"
	}
	return ns
}

// relDir returns dir relative to root, and whether dir lies inside root.
func relDir(dir, root string) (string, bool) {
	switch {
	case root == "" || root == ".":
		return dir, true
	case dir == root:
		return "", true
	case strings.HasPrefix(dir, root+"/"):
		return dir[len(root)+1:], true
	}
	return "", false
}

// importName guesses the package name an import path binds when the import
// has no alias: goimports' heuristic (ImportPathToAssumedName). Take the last
// element, or the one before it when the last is a major version ("v2");
// drop a "go-" prefix; cut at the first character that cannot be in an
// identifier, which also drops ".go", "-go" and gopkg.in's ".v3" suffixes.
//
//	github.com/spf13/cobra         → cobra
//	github.com/go-yaml/yaml/v3     → yaml
//	gopkg.in/yaml.v3               → yaml
//	github.com/mattn/go-sqlite3    → sqlite3
//	github.com/nats-io/nats.go     → nats
//	github.com/opentracing/opentracing-go → opentracing
func importName(importPath string) string {
	base := path.Base(importPath)
	if isMajorVersion(base) {
		if dir := path.Dir(importPath); dir != "." {
			base = path.Base(dir)
		}
	}
	name := strings.TrimPrefix(base, "go-")
	if i := strings.IndexFunc(name, notIdentRune); i >= 0 {
		name = name[:i]
	}
	if name == "" {
		return base
	}
	return name
}

// isMajorVersion reports whether s is "v" followed by digits only.
func isMajorVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func notIdentRune(r rune) bool {
	return !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r))
}

// scanPackageName reads the package clause lexically, the way go/build does,
// for files the parser could not handle. It returns "" when there is none.
func scanPackageName(src []byte) string {
	s := skipSpaceAndComments(string(src))
	if !strings.HasPrefix(s, "package") {
		return ""
	}
	s = skipSpaceAndComments(s[len("package"):])
	end := strings.IndexFunc(s, notIdentRune)
	if end < 0 {
		end = len(s)
	}
	if r, _ := utf8.DecodeRuneInString(s); end == 0 || unicode.IsDigit(r) {
		return ""
	}
	return s[:end]
}

// skipSpaceAndComments drops leading white space and comments.
func skipSpaceAndComments(s string) string {
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		switch {
		case strings.HasPrefix(s, "//"):
			i := strings.IndexByte(s, '\n')
			if i < 0 {
				return ""
			}
			s = s[i:]
		case strings.HasPrefix(s, "/*"):
			i := strings.Index(s[2:], "*/")
			if i < 0 {
				return ""
			}
			s = s[i+4:]
		default:
			return s
		}
	}
}
