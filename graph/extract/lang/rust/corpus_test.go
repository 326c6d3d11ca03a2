package rust_test

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/rust"
)

// registryDir is where Debian's librust-*-dev packages put crate sources
// (apt-get install librust-clap-dev librust-serde-dev ...).
const registryDir = "/usr/share/cargo/registry"

// corpusFile is one .rs file of the registry with the module context core
// would give it: the crate directory and the package name (- → _).
type corpusFile struct {
	rel string // relative to registryDir
	in  extract.Input
}

// corpusFiles lists the registry's Rust files, sorted, skipping the test
// when Debian's crate sources are not installed.
func corpusFiles(tb testing.TB) []corpusFile {
	tb.Helper()
	crates, err := os.ReadDir(registryDir)
	if err != nil || len(crates) == 0 {
		tb.Skipf("no crate sources under %s (apt-get install librust-clap-dev librust-serde-dev): %v", registryDir, err)
	}
	var files []corpusFile
	for _, c := range crates {
		name := packageName(filepath.Join(registryDir, c.Name(), "Cargo.toml"))
		if name == "" {
			continue
		}
		ctx := extract.ModuleContext{Root: c.Name(), Path: strings.ReplaceAll(name, "-", "_")}
		filepath.WalkDir(filepath.Join(registryDir, c.Name()), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rs") {
				rel, _ := filepath.Rel(registryDir, p)
				files = append(files, corpusFile{rel: filepath.ToSlash(rel), in: extract.Input{Path: filepath.ToSlash(rel), Module: ctx}})
			}
			return nil
		})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	if len(files) == 0 {
		tb.Skipf("no .rs files under %s", registryDir)
	}
	return files
}

var packageNameRE = regexp.MustCompile(`(?m)^\s*name\s*=\s*"([^"]+)"`)

// packageName reads [package] name from a Cargo.toml, or "".
func packageName(manifest string) string {
	b, err := os.ReadFile(manifest)
	if err != nil {
		return ""
	}
	i := bytes.Index(b, []byte("[package]"))
	if i < 0 {
		return ""
	}
	b = b[i:]
	if j := bytes.Index(b[1:], []byte("\n[")); j >= 0 {
		b = b[:j+1]
	}
	if m := packageNameRE.FindSubmatch(b); m != nil {
		return string(m[1])
	}
	return ""
}

func read(tb testing.TB, f *corpusFile) bool {
	src, err := os.ReadFile(filepath.Join(registryDir, f.rel))
	if err != nil {
		return false
	}
	f.in.Content = src
	return true
}

// TestCorpus extracts every crate source Debian installed: no panic, no
// internal error, every span inside its file, records in source order.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	files := corpusFiles(t)
	ex := rust.New()
	var size, syms, refs, resolved, cmds, diagFiles int
	start := time.Now()
	for _, f := range files {
		if !read(t, &f) {
			continue
		}
		got := ex.Extract(f.in)
		checkFile(t, f.rel, f.in.Content, got)
		size += len(f.in.Content)
		syms += len(got.Symbols)
		refs += len(got.Refs)
		cmds += len(got.Commands)
		for _, r := range got.Refs {
			if r.Qualified != "" {
				resolved++
			}
		}
		if len(got.Diagnostics) > 0 {
			diagFiles++
		}
	}
	t.Logf("%d files, %.1f MB, %d symbols, %d refs (%d with a candidate), %d commands, %d files with diagnostics, %v",
		len(files), float64(size)/1e6, syms, refs, resolved, cmds, diagFiles, time.Since(start).Round(time.Millisecond))
}

func checkFile(t *testing.T, rel string, src []byte, f *extract.ExtractedFile) {
	t.Helper()
	for _, d := range f.Diagnostics {
		if strings.Contains(d.Message, "internal error") || strings.HasPrefix(d.Message, "parse:") {
			t.Errorf("%s: %s", rel, d.Message)
		}
	}
	end := uint32(len(src))
	for _, s := range f.Symbols {
		if s.Span.Start > s.Span.End || s.Span.End > end || s.Name == "" || s.Qualified == "" {
			t.Errorf("%s: bad symbol %+v", rel, s)
		}
		if s.Parent >= len(f.Symbols) || s.Parent != extract.NoParent && !f.Symbols[s.Parent].Span.Contains(s.Span) {
			t.Errorf("%s: symbol %s outside its parent", rel, s.Qualified)
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
	names := map[string]bool{}
	for _, c := range f.Commands {
		if c.Handler != extract.NoHandler && f.Refs[c.Handler].Span != c.Span {
			t.Errorf("%s: command %q handler span differs", rel, c.Name)
		}
		if names[c.Name] || c.Name == "" {
			t.Errorf("%s: command %q twice or empty", rel, c.Name)
		}
		names[c.Name] = true
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

// TestClapExamplesCorpus checks the commands extracted from clap's own
// derive examples against the help output their .md files record: every
// subcommand a "Commands:" list shows under a command path must be
// extracted under that path, and nothing else under it.
func TestClapExamplesCorpus(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(registryDir, "clap-*", "examples"))
	if len(dirs) == 0 {
		t.Skipf("no clap examples under %s (apt-get install librust-clap-dev)", registryDir)
	}
	ex := rust.New()
	checked, names := 0, 0
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rs") {
				return nil
			}
			src, err := os.ReadFile(p)
			md, mdErr := os.ReadFile(strings.TrimSuffix(p, ".rs") + ".md")
			if err != nil || mdErr != nil || !bytes.Contains(src, []byte("derive(")) {
				return nil
			}
			rel, _ := filepath.Rel(filepath.Dir(dir), p)
			f := ex.Extract(extract.Input{Path: filepath.ToSlash(rel), Content: src, Module: extract.ModuleContext{Path: "clap"}})
			got := map[string]bool{}
			for _, c := range f.Commands {
				if _, sub, ok := strings.Cut(c.Name, " "); ok {
					got[sub] = true
				}
			}
			want, parents := helpCommands(md)
			names += len(want)
			for name := range want {
				if !got[name] {
					t.Errorf("%s: command %q in the help output, not extracted (got %v)", rel, name, keys(got))
				}
			}
			for name := range got {
				parent := ""
				if i := strings.LastIndexByte(name, ' '); i >= 0 {
					parent = name[:i]
				}
				if parents[parent] && !want[name] {
					t.Errorf("%s: command %q extracted, not in the help output", rel, name)
				}
			}
			checked++
			return nil
		})
	}
	if checked == 0 || names == 0 {
		t.Fatalf("%d clap derive examples with a .md file, %d subcommands in their help", checked, names)
	}
	t.Logf("%d clap derive examples checked, %d subcommands in their help output", checked, names)
}

// helpCommands reads the subcommands a clap example's .md shows: for each
// `$ bin [help] path... [-h]` whose output lists "Commands:", the path
// plus each listed name (help itself left out). parents holds the paths
// whose lists were seen.
func helpCommands(md []byte) (want, parents map[string]bool) {
	want, parents = map[string]bool{}, map[string]bool{}
	var path []string
	inCommands := false
	sc := bufio.NewScanner(bytes.NewReader(md))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "$ "):
			path, inCommands = nil, false
			words := strings.Fields(line)[2:]
			if len(words) > 0 && words[0] == "help" {
				words = words[1:]
			}
			for _, w := range words {
				if strings.HasPrefix(w, "-") {
					break
				}
				path = append(path, w)
			}
		case strings.TrimSpace(line) == "Commands:":
			inCommands = true
			parents[strings.Join(path, " ")] = true
		case inCommands && strings.HasPrefix(line, "  "):
			if name := strings.Fields(line)[0]; name != "help" {
				want[strings.TrimSpace(strings.Join(append(append([]string(nil), path...), name), " "))] = true
			}
		default:
			inCommands = false
		}
	}
	return want, parents
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
