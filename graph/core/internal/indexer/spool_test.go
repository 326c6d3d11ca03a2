package indexer

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/extract"
)

// The spool gives pass 2 back every file's imports, relations and refs as
// added, in order, from memory or (past its limit) from its file, which
// close removes.
func TestSpoolRoundTrip(t *testing.T) {
	files := []struct {
		path string
		x    extract.ExtractedFile
	}{
		{"a.go", extract.ExtractedFile{
			Imports:   []extract.RawImport{{Path: "fmt", Symbol: "", Resolved: "x/fmt"}, {Path: "os", Symbol: "Open"}},
			Relations: []extract.RawRelation{{From: "a.T", To: "io.Reader", Kind: extract.RelationKind(2), Span: extract.Span{Start: 3, End: 90}}},
			Refs: []extract.RawRef{
				{Span: extract.Span{Start: 1, End: 2}, Name: "Println", Qualified: "fmt.Println", Kind: extract.RefKind(1), Args: extract.Arity{Known: true, Min: 2, Max: -1}},
				{Span: extract.Span{Start: 70000, End: 70010}, Name: "Read", Alternatives: []string{"p.Read", "q.Read"}, Receiver: []string{"a.r", extract.CallResult, "b"}},
			},
		}},
		{"empty.go", extract.ExtractedFile{}},
		{"b/ü.py", extract.ExtractedFile{Refs: []extract.RawRef{{Name: "x", Args: extract.Arity{Min: 4}}}}},
	}
	for _, limit := range []int{spoolMemLimit, 1} {
		path := filepath.Join(t.TempDir(), "spool")
		s := newSpool(path)
		s.limit = limit
		for _, f := range files {
			if err := s.add(f.path, &f.x); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := os.Stat(path); (err == nil) != (limit == 1) {
			t.Errorf("limit %d: spool file exists: %v", limit, err == nil)
		}
		for _, refs := range []bool{false, true, true} {
			i := 0
			err := s.each(refs, func(p *pendingFile) error {
				f := files[i]
				i++
				want := pendingFile{path: f.path, imports: []resolve.Import{}, relations: f.x.Relations, refs: nil}
				for _, im := range f.x.Imports {
					want.imports = append(want.imports, resolve.Import{Path: im.Path, Symbol: im.Symbol, Resolved: im.Resolved})
				}
				if want.relations == nil {
					want.relations = []extract.RawRelation{}
				}
				if refs {
					want.refs = f.x.Refs
					if want.refs == nil {
						want.refs = []extract.RawRef{}
					}
				}
				if !reflect.DeepEqual(*p, want) {
					t.Errorf("limit %d, refs %v: got %+v, want %+v", limit, refs, *p, want)
				}
				return nil
			})
			if err != nil || i != len(files) {
				t.Fatalf("limit %d: read %d files: %v", limit, i, err)
			}
		}
		s.close()
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("limit %d: spool file left after close: %v", limit, err)
		}
	}
}
