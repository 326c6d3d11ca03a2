package golang

import (
	"os"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestSelect: of a dependency's package, the files declaring an exported
// name the worktree names are read, with what their declarations need:
// types in signatures and exported fields, embedded types (their members
// are promoted), methods the worktree names of a type read (in any file),
// initializers' names but not composite literals' elements nor function
// bodies, and names of another package read through its imports. A
// package nothing of which is named keeps its smallest file.
func TestSelect(t *testing.T) {
	lib := map[string]string{
		"client.go": `package lib

import (
	"io"
	xt "example.com/dep/text"
)

type Client struct {
	Transport *Transport
	common
	log  *hidden
	Body io.Reader
	Fmt  xt.Style
}

func NewClient(opts Options) *Client { return &Client{Transport: body()} }

func body() *Unused { return nil }
`,
		"transport.go": "package lib\n\ntype Transport struct{ Retries int }\n\nfunc (t *Transport) RoundTrip() Result { return Result{} }\n\nfunc (t *Transport) Close() Closer { return nil }\n",
		"result.go":    "package lib\n\ntype Result struct{}\n",
		"closer.go":    "package lib\n\ntype Closer interface{ Close() error }\n",
		"common.go":    "package lib\n\ntype common struct{}\n\nfunc (c *common) Logf(format string, args ...any) Logger { return Logger{} }\n",
		"logger.go":    "package lib\n\ntype Logger struct{}\n",
		"hidden.go":    "package lib\n\ntype hidden struct{}\n",
		"unused.go":    "package lib\n\ntype Unused struct{}\n",
		"options.go":   "package lib\n\ntype Options struct{ Timeout Duration }\n\nvar Default = Options{Timeout: Second}\n\nvar DefaultClient = NewClient(Default)\n",
		"duration.go":  "package lib\n\ntype Duration int64\n",
		"second.go":    "package lib\n\nconst Second Duration = 1\n",
		"other.go":     "package lib\n\nfunc Other() {}\n",
		"std.go":       "package lib\n\nvar Std = std{}\n\ntype std struct{}\n\nfunc (std) Sum() int { return 0 }\n",
	}
	text := map[string]string{
		"style.go":  "package text\n\ntype Style struct{ Weight Weight }\n",
		"weight.go": "package text\n\ntype Weight int\n",
		"misc.go":   "package text\n\nfunc Misc() {}\n",
	}
	quiet := map[string]string{
		"big.go": "package quiet\n\n// Loud declares much.\nfunc Loud() {}\n\nfunc Louder() {}\n",
		"doc.go": "package quiet\n",
	}
	ioPkg := map[string]string{
		"io.go":   "package io\n\ntype Reader interface{ Read(p []byte) (int, error) }\n",
		"pipe.go": "package io\n\nfunc Pipe() {}\n",
	}
	d := &goDeps{pkgs: []extract.Package{
		{Name: "example.com/dep", Kind: extract.PackageDependency},
		{Name: "std", Kind: extract.PackageStdlib},
	}}
	dir := func(pkg int, place string, files map[string]string) extract.SelectDir {
		sd := extract.SelectDir{Pkg: pkg, Place: place}
		for n := range files {
			sd.Files = append(sd.Files, n)
		}
		sort.Strings(sd.Files)
		for _, n := range sd.Files {
			sd.Summaries = append(sd.Summaries, d.Summarize([]byte(files[n])))
		}
		return sd
	}
	dirs := []extract.SelectDir{dir(0, "lib", lib), dir(0, "text", text), dir(0, "quiet", quiet), dir(1, "io", ioPkg)}
	// main.go imports lib and names DefaultClient, RoundTrip, Logf and
	// Sum (lib.Std.Sum(): one ref, named Sum);
	// other.go names Misc, but does not import text.
	names := testNames{
		files:   map[string][]string{"DefaultClient": {"main.go"}, "RoundTrip": {"main.go"}, "Logf": {"main.go"}, "Sum": {"main.go"}, "Misc": {"other.go"}},
		imports: map[string][]string{"main.go": {"example.com/dep/lib"}, "other.go": {"fmt"}},
	}
	keep := d.Select(dirs, names)
	got := map[string][]string{}
	read := map[string]string{} // place/file → what of it is read
	sources := map[string]map[string]string{"lib": lib, "text": text, "quiet": quiet, "io": ioPkg}
	for i, k := range keep {
		for fi, sel := range k {
			if sel.Read {
				name := dirs[i].Files[fi]
				got[dirs[i].Place] = append(got[dirs[i].Place], name)
				read[dirs[i].Place+"/"+name] = keptText(sources[dirs[i].Place][name], sel.Keep)
			}
		}
	}
	want := map[string][]string{
		// DefaultClient → NewClient, Default (its initializer) → Options →
		// Duration, not Second (a composite literal's element); Client's exported fields and
		// embedded common, its Logf; Transport's RoundTrip (named) and
		// its result, not Close (not named); Std, whose type's method Sum
		// is named; not hidden (an unexported
		// field), not body's Unused (a function body), not Other.
		"lib":   {"client.go", "common.go", "duration.go", "logger.go", "options.go", "result.go", "std.go", "transport.go"},
		"text":  {"style.go", "weight.go"},
		"quiet": {"doc.go"},
		"io":    {"io.go"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("selected %v\nwant     %v", got, want)
	}
	// Of a file read, its package clause, imports and kept declarations:
	// Transport and RoundTrip, not Close; Options, Default and
	// DefaultClient; Client and NewClient, not body; quiet's package
	// clause alone.
	for file, parts := range map[string][2][]string{
		"lib/transport.go": {{"package lib", "type Transport struct{ Retries int }", "func (t *Transport) RoundTrip() Result { return Result{} }"}, {"Close"}},
		"lib/client.go":    {{"package lib", "import (", `xt "example.com/dep/text"`, "type Client struct {", "func NewClient(opts Options) *Client"}, {"func body"}},
		"lib/options.go":   {{"type Options struct{ Timeout Duration }", "var Default = Options{Timeout: Second}", "var DefaultClient = NewClient(Default)"}, nil},
		"lib/std.go":       {{"var Std = std{}", "type std struct{}", "func (std) Sum() int { return 0 }"}, nil},
		"quiet/doc.go":     {{"package quiet"}, nil},
	} {
		src := read[file]
		for _, in := range parts[0] {
			if !strings.Contains(src, in) {
				t.Errorf("%s: %q not read in\n%s", file, in, src)
			}
		}
		for _, out := range parts[1] {
			if strings.Contains(src, out) {
				t.Errorf("%s: %q read in\n%s", file, out, src)
			}
		}
		if len(src) != len(sources[strings.Split(file, "/")[0]][path.Base(file)]) {
			t.Errorf("%s: %d bytes read as %d", file, len(sources[strings.Split(file, "/")[0]][path.Base(file)]), len(src))
		}
	}
}

// keptText is src with every byte outside keep but newlines a space.
func keptText(src string, keep []extract.Span) string {
	b := []byte(src)
	for i := range b {
		in := keep == nil
		for _, sp := range keep {
			in = in || int(sp.Start) <= i && i < int(sp.End)
		}
		if !in && b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

// testNames: name → files, file → imports.
type testNames struct{ files, imports map[string][]string }

func (n testNames) Named(name string) bool { return len(n.files[name]) > 0 }

func (n testNames) NamedThrough(importPath, name string) bool {
	for _, f := range n.files[name] {
		if slices.Contains(n.imports[f], importPath) {
			return true
		}
	}
	return false
}

// TestScanDecls: the tokenizer's view of declarations: groups, each spec
// read alone but for a const spec repeating the one before it, methods of
// generic types, a function's results but not its parameters.
func TestScanDecls(t *testing.T) {
	src := `package p

import (
	"fmt"
	y "gopkg.in/yaml.v3"
	. "strings"
)

type (
	A struct{ B B; c C }
	D = y.Node
)

const (
	E Kind = iota
	F
	G = "g"
)

var g, H = fmt.Sprint(), map[string]I{"k": J{}}

func (l *List[T]) Len() int { return K }

func M(n N) (O, error)

type Q interface {
	R(s S) T
	r() U
	V
}
`
	f := scanDecls(src)
	if f.pkg != "p" || !reflect.DeepEqual(f.imports, [][2]string{{"", "fmt"}, {"y", "gopkg.in/yaml.v3"}, {".", "strings"}}) {
		t.Fatalf("package %q imports %v", f.pkg, f.imports)
	}
	at := func(s string) int { return strings.Index(src, s) } // where a declaration starts
	typ, cst := at("type ("), at("const (")
	want := []goDecl{
		{names: []string{"A"}, uses: []string{"B"}, members: []string{"B"}, at: typ, inGroup: true, open: typ + 6, from: at("A struct"), to: at("D ="), shut: at(")\n\nconst")},
		{names: []string{"D"}, uses: []string{"y.Node"}, at: typ, inGroup: true, open: typ + 6, from: at("D ="), to: at(")\n\nconst"), shut: at(")\n\nconst")},
		{value: true, names: []string{"E", "F"}, uses: []string{"Kind", "iota"}, at: cst, inGroup: true, open: cst + 7, from: at("E Kind"), to: at("G ="), shut: at(")\n\nvar")},
		{value: true, names: []string{"G"}, at: cst, inGroup: true, open: cst + 7, from: at("G ="), to: at(")\n\nvar"), shut: at(")\n\nvar")},
		{value: true, names: []string{"g", "H"}, uses: []string{"fmt.Sprint", "string", "I"}, at: at("var g")},
		{recv: "List", names: []string{"Len"}, uses: []string{"int"}, at: at("func (l")},
		{names: []string{"M"}, uses: []string{"O", "error"}, at: at("func M")},                     // not its parameters' types
		{names: []string{"Q"}, uses: []string{"T", "V"}, members: []string{"R"}, at: at("type Q")}, // nor an unexported method's
	}
	if !reflect.DeepEqual(f.decls, want) {
		t.Errorf("decls %+v\nwant  %+v", f.decls, want)
	}
	back := decodeDecls(encodeDecls(f))
	for i := range back.decls {
		back.decls[i].decodeRefs()
	}
	if !reflect.DeepEqual(back, f) {
		t.Errorf("summary round trip %+v\nwant %+v", back, f)
	}
}

// TestSpansReadDeclarations: on the standard library, a file read in
// part (Input.Keep, the spans of the declarations kept) extracts exactly
// the declarations whole-file reading gives that lie in those parts:
// with every declaration kept, the same symbols, relations and facts;
// with every other declaration kept, a subset holding each kept
// declaration's symbols.
func TestSpansReadDeclarations(t *testing.T) {
	n := 0
	for _, dir := range []string{"io", "bufio", "net/http", "strings", "unicode", "reflect", "go/ast"} {
		entries, err := os.ReadDir(filepath.Join(runtime.GOROOT(), "src", dir))
		if err != nil {
			t.Skipf("GOROOT sources unavailable: %v", err)
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			f := decodeDecls(encodeDecls(scanDecls(string(src))))
			in := extract.Input{Path: "@go/" + dir + "/" + e.Name(), Content: src, Module: extract.ModuleContext{Root: "@go", Own: stdLibrary}, DeclarationsOnly: true}
			whole := New().Extract(in)
			all, half := map[*goDecl]bool{}, map[*goDecl]bool{}
			for i := range f.decls {
				all[&f.decls[i]] = true
				if i%2 == 0 {
					half[&f.decls[i]] = true
				}
			}
			in.Keep = f.spans(all)
			if got := New().Extract(in); !reflect.DeepEqual(got.Symbols, whole.Symbols) || !reflect.DeepEqual(got.Relations, whole.Relations) || !reflect.DeepEqual(got.Facts, whole.Facts) {
				t.Errorf("%s/%s: every declaration kept extracts otherwise than the whole file", dir, e.Name())
			}
			in.Keep = f.spans(half)

			// The symbols read in part are those of the whole file that
			// lie in the parts (a method whose type is not kept has no
			// parent then: compared by name and place).
			var want, got []string
			for _, s := range whole.Symbols {
				for _, sp := range in.Keep {
					if sp.Start <= s.Span.Start && s.Span.End <= sp.End {
						want = append(want, s.Qualified+"@"+strconv.Itoa(int(s.Span.Start)))
					}
				}
			}
			for _, s := range New().Extract(in).Symbols {
				got = append(got, s.Qualified+"@"+strconv.Itoa(int(s.Span.Start)))
			}
			sort.Strings(want)
			sort.Strings(got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s/%s: read in part %d symbols, of the whole file %d lie in the parts", dir, e.Name(), len(got), len(want))
			}
			n++
		}
	}
	if n < 50 {
		t.Fatalf("compared %d files", n)
	}
}
