package core_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// A module using the standard library: a writer of its own, calls of fmt
// and a testing.T method promoted from testing.common.
var stdUser = map[string]string{
	"go.mod": "module example.com/w\n\ngo 1.22\n",
	"w.go": `package w

import (
	"fmt"
	"io"
	"testing"
)

type Upper struct{ W io.Writer }

func (u Upper) Write(p []byte) (int, error) { return u.W.Write(p) }

func Hello(w io.Writer) {
	fmt.Fprintln(Upper{w}, "hello")
	fmt.Println("done")
}

func check(t *testing.T) { t.Fatalf("x") }

// Other reaches Hello only through fmt.Fprintln, which impact never walks.
func Other() { fmt.Fprintln(nil, "other") }
`,
}

// TestPackagesQueries: with dependency packages indexed, implementors of
// io.Writer lists the module's writer, refs of a standard library function
// list the module's calls, callees name the package and version of their
// external targets, show reads an external declaration, and search and
// overview leave externals out unless asked.
func TestPackagesQueries(t *testing.T) {
	repo := gittest.New(t, stdUser)
	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry(), Packages: true})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	rep, err := g.Sync(ctx, core.SyncAuto)
	if err != nil || rep.Packages == nil || rep.Packages.Indexed != 1 {
		t.Fatalf("sync: %+v, %v; want the standard library indexed", rep.Packages, err)
	}
	impl, err := g.Implementors(ctx, "ext:io#Writer")
	if err != nil || len(impl.Implementors) != 1 || impl.Implementors[0].Type != "example.com/w.Upper" {
		t.Errorf("implementors ext:io#Writer = %+v, %v; want example.com/w.Upper", impl.Implementors, err)
	}
	refs, err := g.Refs(ctx, "ext:fmt#Println", query.RefsOptions{})
	if err != nil || len(refs.Refs) != 1 || refs.Refs[0].File != "w.go" || refs.Refs[0].Confidence != "import_resolved" || refs.Target.Package != "std" {
		t.Errorf("refs ext:fmt#Println = %+v, %v; want the call in w.go, import_resolved, of std", refs, err)
	}
	callees, err := g.Callees(ctx, "symbol:w.go#check", query.CalleesOptions{})
	if err != nil || len(callees.Callees) != 1 || callees.Callees[0].Target == nil ||
		callees.Callees[0].Target.Qualified != "testing.common.Fatalf" || callees.Callees[0].Target.Version == "" {
		t.Errorf("callees of check = %+v, %v; want testing.common.Fatalf with its version", callees.Callees, err)
	}
	v, err := g.Show(ctx, "ext:io#Writer", 0)
	if err != nil || !strings.Contains(v.Source, "Write(p []byte) (n int, err error)") || !strings.HasPrefix(v.Path, "@go/io/") {
		t.Errorf("show ext:io#Writer = %+v, %v; want io.Writer's declaration", v, err)
	}
	// io.go is read in part (only the declarations the worktree names), and
	// its bytes are the ones indexed: not stale.
	if err == nil && v.Stale {
		t.Errorf("show ext:io#Writer: stale; want fresh (the file read in part is unchanged)")
	}
	// io.Pipe is io's, but nothing in the worktree names it: a package is
	// read only as far as the worktree names it, and the answer says so.
	var le *query.LookupError
	if _, err := g.Refs(ctx, "ext:io#Pipe", query.RefsOptions{}); !errors.As(err, &le) || le.Reason != "not_found" || !strings.Contains(le.Note, "only as far as the worktree's code names it") {
		t.Errorf("refs ext:io#Pipe: %v; want not found, with a note that only what the worktree names is read", err)
	}
	found := func(external bool) bool {
		res, err := g.Search(ctx, query.SearchQuery{Text: "Fprintln", External: external})
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Matches) > 0
	}
	if found(false) || !found(true) {
		t.Errorf("search Fprintln: found without --external %v, with %v; want false, true", found(false), found(true))
	}
	// External symbols have no full-text rows: a word that is only a prefix
	// of a term ("writ" of Writer, Write, WriteString) finds them by the
	// scan, after the worktree's own matches.
	res, err := g.Search(ctx, query.SearchQuery{Text: "writ", Kind: "symbol", External: true, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var ownAt, writerAt = -1, -1
	for i, m := range res.Matches {
		switch {
		case m.Qualified == "example.com/w.Upper.Write":
			ownAt = i
		case m.Qualified == "io.Writer" && strings.HasPrefix(m.Path, "@go/io/"):
			writerAt = i
		case !strings.HasPrefix(m.Path, "@go/") && ownAt < 0:
			t.Errorf("search writ: own match %+v before Upper.Write", m)
		}
	}
	if ownAt < 0 || writerAt < 0 || ownAt > writerAt {
		t.Errorf("search writ --external: Upper.Write at %d, io.Writer at %d; want both, the worktree's first: %+v", ownAt, writerAt, res.Matches)
	}
	if res, err := g.Search(ctx, query.SearchQuery{Text: "writ", Kind: "symbol"}); err != nil || len(res.Matches) != 2 {
		t.Errorf("search writ: %+v, %v; want only Upper.Write and Hello (its signature names io.Writer)", res.Matches, err)
	}
	ov, err := g.Overview(ctx, "", query.OverviewOptions{})
	if err != nil || ov.Files.Total != 2 {
		t.Errorf("overview: %d files, %v; want 2 (go.mod, w.go)", ov.Files.Total, err)
	}
	deps, err := g.Deps(ctx, "dir:.")
	if err != nil || len(deps.Packages) != 1 || !strings.HasPrefix(deps.Packages[0], "std@go") {
		t.Errorf("deps: packages %v, %v; want the standard library's", deps.Packages, err)
	}
	for _, f := range deps.Files {
		for _, d := range f.Imports {
			if d.InternalPath != "" {
				t.Errorf("deps: %s placed in the worktree at %s; it is a dependency's", d.TargetPath, d.InternalPath)
			}
		}
	}
	imp, err := g.Impact(ctx, "ext:fmt#Println", query.ImpactOptions{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	external := map[string]bool{}
	for _, n := range imp.Symbols {
		if n.Package != "" {
			external[n.Qualified] = true
		}
	}
	reached := false
	for _, n := range imp.Symbols {
		reached = reached || n.Qualified == "example.com/w.Hello"
		if external[n.Via] {
			t.Errorf("impact walked on from %s to %s; external symbols are listed, never walked from", n.Via, n.Qualified)
		}
	}
	if !reached {
		t.Errorf("impact of fmt.Println = %+v; want its caller example.com/w.Hello", imp.Symbols)
	}
}

// TestPackagesReservedRootDir: a directory at the root named as the
// standard library's files are indexed (`@go`) is left out as ignored, so
// its files cannot take the dependency's paths (refs of fmt.Println still
// reach the real one); the same name deeper down is the worktree's.
func TestPackagesReservedRootDir(t *testing.T) {
	files := map[string]string{
		"@go/fmt/print.go": "package fmt\n\nfunc Println(a ...any) {}\n\nfunc Impostor() {}\n",
		"sub/@go/deep.go":  "package deep\n\nfunc Deep() {}\n",
	}
	for k, v := range stdUser {
		files[k] = v
	}
	repo := gittest.New(t, files)
	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry(), Packages: true})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	rep, err := g.Sync(ctx, core.SyncAuto)
	if err != nil {
		t.Fatal(err)
	}
	if rep.FilesIndexed != 3 || rep.Skipped.Ignored != 1 || len(rep.Skipped.Files) != 1 || rep.Skipped.Files[0].Path != "@go/" {
		t.Errorf("indexed %d, skipped %+v; want go.mod, w.go and sub/@go/deep.go, @go/ ignored", rep.FilesIndexed, rep.Skipped)
	}
	v, err := g.Show(ctx, "ext:fmt#Println", 0)
	if err != nil || !strings.Contains(v.Source, "Fprintln(os.Stdout") {
		t.Errorf("show ext:fmt#Println = %+v, %v; want the standard library's", v, err)
	}
	if hits := search(t, g, "Impostor"); len(hits) != 0 {
		t.Errorf("search Impostor = %v; want nothing from the ignored @go/", hits)
	}
	if hits := search(t, g, "Deep"); !contains(hits, "symbol:Deep") {
		t.Errorf("search Deep = %v; want sub/@go/deep.go's", hits)
	}
}
