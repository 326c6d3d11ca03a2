package python_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

// stdlibDir asks python3 where its standard library lives, skipping the
// test when there is no python3.
func stdlibDir(tb testing.TB) string {
	tb.Helper()
	out, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		tb.Skipf("no python3: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// stdlibFiles lists the standard library's .py files, sorted, leaving out
// site-packages (third-party code installed under the same directory).
func stdlibFiles(tb testing.TB) (string, []string) {
	dir := stdlibDir(tb)
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil // unreadable entries are not the extractor's business
		case d.IsDir() && d.Name() == "site-packages":
			return filepath.SkipDir
		case !d.IsDir() && python.New().Supports(p):
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		tb.Skipf("no stdlib files under %s: %v", dir, err)
	}
	sort.Strings(files)
	return dir, files
}

// TestStdlib extracts the whole Python standard library: no panic, no
// internal error, and every span inside its file.
func TestStdlib(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dir, files := stdlibFiles(t)
	ex := python.New()
	var bytes, syms, refs, diagFiles int
	start := time.Now()
	for _, rel := range files {
		src, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			continue
		}
		f := ex.Extract(extract.Input{Path: rel, Content: src})
		checkFile(t, rel, src, f)
		bytes += len(src)
		syms += len(f.Symbols)
		refs += len(f.Refs)
		if len(f.Diagnostics) > 0 {
			diagFiles++
		}
	}
	t.Logf("%d files, %.1f MB, %d symbols, %d refs, %d files with diagnostics, %v",
		len(files), float64(bytes)/1e6, syms, refs, diagFiles, time.Since(start).Round(time.Millisecond))
}

func checkFile(t *testing.T, rel string, src []byte, f *extract.ExtractedFile) {
	t.Helper()
	for _, d := range f.Diagnostics {
		if strings.Contains(d.Message, "internal error") {
			t.Errorf("%s: %s", rel, d.Message)
		}
	}
	end := uint32(len(src))
	for _, s := range f.Symbols {
		if s.Span.Start > s.Span.End || s.Span.End > end || s.Name == "" {
			t.Errorf("%s: bad symbol %+v", rel, s)
		}
	}
	for _, r := range f.Refs {
		if r.Span.Start > r.Span.End || r.Span.End > end || r.Name == "" {
			t.Errorf("%s: bad ref %+v", rel, r)
		}
	}
	for _, im := range f.Imports {
		if im.Path == "" {
			t.Errorf("%s: bad import %+v", rel, im)
		}
	}
	checkOrder(t, rel, "symbols", f.Symbols, func(s extract.RawSymbol) uint32 { return s.Span.Start })
	checkOrder(t, rel, "refs", f.Refs, func(r extract.RawRef) uint32 { return r.Span.Start })
	checkOrder(t, rel, "imports", f.Imports, func(r extract.RawImport) uint32 { return r.Span.Start })
	checkOrder(t, rel, "strings", f.Strings, func(r extract.RawString) uint32 { return r.Span.Start })
	checkOrder(t, rel, "configs", f.Configs, func(r extract.RawConfig) uint32 { return r.Span.Start })
	for _, c := range f.Commands {
		if c.Handler != extract.NoHandler && f.Refs[c.Handler].Span != c.Span {
			t.Errorf("%s: command %q handler span differs", rel, c.Name)
		}
	}
}

// checkOrder checks that records come in source order.
func checkOrder[T any](t *testing.T, rel, what string, recs []T, start func(T) uint32) {
	t.Helper()
	for i := 1; i < len(recs); i++ {
		if start(recs[i]) < start(recs[i-1]) {
			t.Errorf("%s: %s out of source order at %d: %+v after %+v", rel, what, i, recs[i], recs[i-1])
			return
		}
	}
}
