package graph_test

import (
	"context"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// toy is a language written for this test alone, to show that a language
// with a module system and a whole-index derivation plugs in through the
// extractor's abilities (graph/extract/abilities.go) with no change under
// graph/core. A .toy file is lines: "type T", "iface I", "method T.m",
// "call T". toy.mod ("module NAME") names the module of the files below
// it; a type implements an interface when it has all its methods.
type toy struct{}

func (toy) Lang() string { return "toy" }

func (toy) Supports(p string) bool { return strings.HasSuffix(p, ".toy") || path.Base(p) == "toy.mod" }

func (toy) Extract(in extract.Input) *extract.ExtractedFile {
	x := &extract.ExtractedFile{Lang: "toy", Namespace: in.Module.Path}
	start := uint32(0)
	for _, line := range strings.SplitAfter(string(in.Content), "\n") {
		span := extract.Span{Start: start, End: start + uint32(len(line))}
		start = span.End
		word, name, _ := strings.Cut(strings.TrimSpace(line), " ")
		q := in.Module.Path + "." + name
		switch word {
		case "type", "iface", "method":
			kind := map[string]extract.SymbolKind{"type": extract.KindStruct, "iface": extract.KindInterface, "method": extract.KindMethod}[word]
			x.Symbols = append(x.Symbols, extract.RawSymbol{Name: name, Qualified: q, Kind: kind, Span: span, Parent: extract.NoParent})
		case "call":
			x.Refs = append(x.Refs, extract.RawRef{Span: span, Name: name, Qualified: q, Kind: extract.RefCall})
		}
	}
	return x
}

// The ModuleAware ability: toy.mod, by content.
func (toy) Marker(p string) (marker, content bool) {
	m := path.Base(p) == "toy.mod"
	return m, m
}

func (toy) Modules(markers []extract.MarkerFile) extract.Modules {
	mods := toyModules{}
	for _, m := range markers {
		mods[extract.ParentDir(m.Path)] = strings.TrimSpace(strings.TrimPrefix(string(m.Content), "module"))
	}
	return mods
}

type toyModules map[string]string

func (m toyModules) ForFile(p string) extract.ModuleContext {
	if d, name, ok := extract.Nearest(m, p); ok {
		return extract.ModuleContext{Root: d, Path: name}
	}
	return extract.ModuleContext{Path: "main"}
}

// The Deriving ability: implements, by method names.
func (toy) Derivation() extract.Derivation {
	return extract.Derivation{
		Produces: extract.RelImplements,
		Symbols:  []extract.SymbolKind{extract.KindStruct, extract.KindInterface, extract.KindMethod},
	}
}

func (toy) Derive(ix extract.DerivationIndex) ([]extract.DerivedRelation, error) {
	decls, err := ix.Declarations()
	if err != nil {
		return nil, err
	}
	methods := map[string]map[string]bool{}
	var types, ifaces []extract.Declaration
	for _, d := range decls {
		switch d.Kind {
		case extract.KindMethod:
			owner, m := d.Qualified[:strings.LastIndexByte(d.Qualified, '.')], d.Qualified[strings.LastIndexByte(d.Qualified, '.')+1:]
			if methods[owner] == nil {
				methods[owner] = map[string]bool{}
			}
			methods[owner][m] = true
		case extract.KindInterface:
			ifaces = append(ifaces, d)
		default:
			types = append(types, d)
		}
	}
	var out []extract.DerivedRelation
	for _, t := range types {
		for _, i := range ifaces {
			if hasAll(methods[t.Qualified], methods[i.Qualified]) {
				seen := extract.SameModule
				if t.File == i.File {
					seen = extract.SameFile
				}
				out = append(out, extract.DerivedRelation{From: t.Qualified, To: i.Qualified, File: t.File, Span: t.Span, Seen: seen})
			}
		}
	}
	return out, nil
}

func hasAll(have, want map[string]bool) bool {
	for m := range want {
		if !have[m] {
			return false
		}
	}
	return len(want) > 0
}

func TestToyLanguage(t *testing.T) {
	ctx := context.Background()
	repo := gittest.New(t, map[string]string{
		"toy.mod": "module alpha\n",
		"a.toy":   "iface Runner\nmethod Runner.run\n",
		"b.toy":   "type Job\nmethod Job.run\ntype Idle\ncall Job\n",
	})
	reg := extract.NewRegistry(toy{})
	g, err := core.Open(repo.Root, core.Options{Registry: reg})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	sync := func() {
		t.Helper()
		if _, err := g.Sync(ctx, core.SyncAuto); err != nil {
			t.Fatal(err)
		}
	}
	implementors := func() []string {
		t.Helper()
		res, err := g.Implementors(ctx, "Runner")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, im := range res.Implementors {
			out = append(out, im.Type+" "+im.Kind+" "+im.Trait+" "+im.Confidence)
		}
		return out
	}
	sync()
	if got, want := strings.Join(implementors(), "; "), "alpha.Job implements alpha.Runner same_module"; got != want {
		t.Errorf("implementors after a cold build: %q, want %q", got, want)
	}
	// The module context: a new module name re-extracts the files below.
	repo.Write("toy.mod", "module beta\n")
	sync()
	if got, want := strings.Join(implementors(), "; "), "beta.Job implements beta.Runner same_module"; got != want {
		t.Errorf("implementors after toy.mod changed: %q, want %q", got, want)
	}
	refs, err := g.Refs(ctx, "symbol:b.toy#Job", query.RefsOptions{})
	if err != nil || len(refs.Refs) != 1 {
		t.Errorf("refs of beta.Job: %+v, %v; want the one call", refs, err)
	}
	// The derivation follows the index: Idle gains the method, Job loses it.
	repo.Write("b.toy", "type Job\ntype Idle\nmethod Idle.run\ncall Job\n")
	sync()
	if got, want := strings.Join(implementors(), "; "), "beta.Idle implements beta.Runner same_module"; got != want {
		t.Errorf("implementors after b.toy changed: %q, want %q", got, want)
	}
	// And incremental equals cold.
	cold, err := core.Open(repo.Root, core.Options{Registry: reg, IndexPath: filepath.Join(t.TempDir(), "cold.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer cold.Close()
	if _, err := cold.Sync(ctx, core.SyncFull); err != nil {
		t.Fatal(err)
	}
	a, errA := core.DumpIndex(g.Location().Path)
	b, errB := core.DumpIndex(cold.Location().Path)
	if errA != nil || errB != nil || a != b {
		t.Errorf("incremental index differs from a cold build (%v, %v):\n%s\n---\n%s", errA, errB, a, b)
	}
}
