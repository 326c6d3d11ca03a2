// Package cpptest is the test support the C and C++ extractors share: the
// real corpora on this machine (system headers, libstdc++, SQLite and
// tree-sitter's C sources), the corpus run behind TestCorpus, its
// comparison with universal-ctags, and the invariants fuzz targets check.
//
// Layer: extract (test support); imports extract, extracttest,
// extract/lang/cpp and the standard library. Only tests import it.
package cpptest

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/lang/cpp"
)

// File is one corpus file: Abs on disk, Path as given to Extract.
type File struct {
	Path, Abs string
}

// CFiles is the C corpus, sorted: /usr/include's .h files (but libstdc++),
// tree-sitter's C runtime, the SQLite amalgamation and the C files of Go's
// runtime/cgo.
func CFiles(tb testing.TB) []File {
	var out []File
	out = append(out, walk(tb, "/usr/include", "usr/include", func(p string) bool {
		return strings.HasSuffix(p, ".h") && !strings.HasPrefix(p, "usr/include/c++/")
	})...)
	mod := goEnv(tb, "GOMODCACHE")
	for _, dir := range glob(mod, "github.com/tree-sitter/go-tree-sitter@*/src") {
		out = append(out, walk(tb, dir, "go-tree-sitter/src", hasExt(".c", ".h"))...)
	}
	for _, f := range glob(mod, "github.com/mattn/go-sqlite3@*/sqlite3-binding.[ch]") {
		out = append(out, File{Path: "sqlite/" + filepath.Base(f), Abs: f})
	}
	cgo := filepath.Join(goEnv(tb, "GOROOT"), "src/runtime/cgo")
	out = append(out, walk(tb, cgo, "go/runtime/cgo", hasExt(".c", ".h"))...)
	return sorted(out)
}

// CPPFiles is the C++ corpus, sorted: libstdc++'s headers (most have no
// extension), the other headers under /usr/include that are C++ (.hpp,
// .hh, .hxx, and .h files cpp.LooksLikeCPP accepts: LLVM, ICU, Node) and
// the few C++ sources in the Go module cache and GOROOT. The .h files are
// in CFiles too: the C extractor hands them to the C++ one.
func CPPFiles(tb testing.TB) []File {
	var out []File
	out = append(out, walk(tb, "/usr/include/c++", "usr/include/c++", func(string) bool { return true })...)
	out = append(out, walk(tb, "/usr/include", "usr/include", func(p string) bool {
		return !strings.HasPrefix(p, "usr/include/c++/") && hasExt(".hpp", ".hh", ".hxx")(p)
	})...)
	for _, f := range CFiles(tb) {
		if b, err := os.ReadFile(f.Abs); err == nil && strings.HasSuffix(f.Path, ".h") && cpp.LooksLikeCPP(b) {
			out = append(out, f)
		}
	}
	for _, root := range []string{goEnv(tb, "GOMODCACHE"), filepath.Join(goEnv(tb, "GOROOT"), "src")} {
		out = append(out, walk(tb, root, "src", func(p string) bool {
			return hasExt(".cc", ".cpp", ".cxx")(p) && !strings.Contains(p, "/bindings/node/")
		})...)
	}
	return sorted(out)
}

// CSourceFiles is the part of CFiles the C grammar reads: all but the
// headers that are C++ by content.
func CSourceFiles(tb testing.TB) []File {
	var out []File
	for _, f := range CFiles(tb) {
		if b, err := os.ReadFile(f.Abs); err == nil && !cpp.LooksLikeCPP(b) {
			out = append(out, f)
		}
	}
	return out
}

// Sample is every n-th file of files, n chosen to keep about count.
func Sample(files []File, count int) []File {
	step := max(1, len(files)/count)
	var out []File
	for i := 0; i < len(files) && len(out) < count; i += step {
		out = append(out, files[i])
	}
	return out
}

func walk(tb testing.TB, root, prefix string, keep func(string) bool) []File {
	var out []File
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		name := prefix + "/" + filepath.ToSlash(rel)
		if keep(name) {
			out = append(out, File{Path: name, Abs: p})
		}
		return nil
	})
	return out
}

func hasExt(exts ...string) func(string) bool {
	return func(p string) bool { return slices.Contains(exts, filepath.Ext(p)) }
}

func glob(root, pattern string) []string {
	m, _ := filepath.Glob(filepath.Join(root, pattern))
	return m
}

func goEnv(tb testing.TB, key string) string {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		tb.Skipf("go env %s: %v", key, err)
	}
	return strings.TrimSpace(string(out))
}

func sorted(files []File) []File {
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return slices.CompactFunc(files, func(a, b File) bool { return a.Path == b.Path })
}

// Read reads the files, skipping the test when there are none.
func Read(tb testing.TB, files []File) ([][]byte, int64) {
	if len(files) == 0 {
		tb.Skip("no corpus files on this machine")
	}
	contents := make([][]byte, len(files))
	var total int64
	for i, f := range files {
		b, err := os.ReadFile(f.Abs)
		if err != nil {
			tb.Fatal(err)
		}
		contents[i] = b
		total += int64(len(b))
	}
	return contents, total
}
