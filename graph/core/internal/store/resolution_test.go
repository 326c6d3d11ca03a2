package store

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A resolution digest tells apart any two lists of refs or names that
// store differently, so equal digests mean rows that need no rewrite.
func TestResolutionDigestTellsRowsApart(t *testing.T) {
	base := RefRow{Span: extract.Span{Start: 3, End: 9}, Name: "Get", Qualified: "p.Get", Hint: 7, Kind: "call", Confidence: "exact",
		Args: extract.Arity{Known: true, Min: 1, Max: 1}}
	variants := map[string]func(*RefRow){
		"start":      func(r *RefRow) { r.Span.Start++ },
		"end":        func(r *RefRow) { r.Span.End++ },
		"name":       func(r *RefRow) { r.Name = "Put" },
		"qualified":  func(r *RefRow) { r.Qualified = "" },
		"hint":       func(r *RefRow) { r.Hint = 0 },
		"kind":       func(r *RefRow) { r.Kind = "type" },
		"confidence": func(r *RefRow) { r.Confidence = "fuzzy_name" },
		"args":       func(r *RefRow) { r.Args.Min = 2 },
		"no args":    func(r *RefRow) { r.Args = extract.Arity{} },
	}
	want := ResolutionDigest([]RefRow{base}, []string{"p.Get"})
	if !bytes.Equal(want, ResolutionDigest([]RefRow{base}, []string{"p.Get"})) {
		t.Fatal("the same refs digest differently")
	}
	for what, change := range variants {
		r := base
		change(&r)
		if bytes.Equal(want, ResolutionDigest([]RefRow{r}, []string{"p.Get"})) {
			t.Errorf("a ref differing in its %s has the same digest", what)
		}
	}
	// Strings are delimited: moving a byte from one to the next changes it.
	moved := base
	moved.Name, moved.Qualified = "Ge", "tp.Get"
	if bytes.Equal(want, ResolutionDigest([]RefRow{moved}, []string{"p.Get"})) {
		t.Error("refs whose strings differ only in where they split have the same digest")
	}
	for what, names := range map[string][]string{"no names": nil, "another name": {"p.Put"}, "one more": {"p", "p.Get"}} {
		if bytes.Equal(want, ResolutionDigest([]RefRow{base}, names)) {
			t.Errorf("%s: same digest", what)
		}
	}
	if bytes.Equal(ResolutionDigest([]RefRow{base, base}, nil), ResolutionDigest([]RefRow{base}, nil)) {
		t.Error("a repeated ref leaves the digest as it was")
	}
}

// SetResolution records a file's digest, which InsertFile's update of a
// kept file leaves as it is, and a re-grade of one of its refs clears.
func TestSetRefGradeClearsResolution(t *testing.T) {
	st, err := Create(filepath.Join(t.TempDir(), "x.db"), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tx, err := st.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	refs := []RefRow{{Span: extract.Span{Start: 1, End: 4}, Name: "a", Qualified: "p.a", Kind: "call", Confidence: "exact"}}
	for _, p := range []string{"f.go", "g.go"} {
		if _, _, err := tx.InsertFile(FileRow{Path: p, Hash: []byte{1}, Lang: "go"}, &extract.ExtractedFile{}); err != nil {
			t.Fatal(err)
		}
		if err := tx.InsertRefs(p, refs); err != nil {
			t.Fatal(err)
		}
		if err := tx.SetResolution(p, ResolutionDigest(refs, nil)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := tx.ClearFile("g.go"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := tx.InsertFile(FileRow{Path: "g.go", Hash: []byte{2}, Lang: "go"}, &extract.ExtractedFile{}); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := tx.SQL().QueryRow(`SELECT id FROM refs WHERE from_file = 'f.go'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if err := tx.SetRefGrade(id, "fuzzy_name", 0); err != nil {
		t.Fatal(err)
	}
	got, err := tx.Resolutions()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got["f.go"]; ok {
		t.Error("f.go's digest survived a re-grade of its ref")
	}
	if !bytes.Equal(got["g.go"], ResolutionDigest(refs, nil)) {
		t.Errorf("g.go's digest is %x after its rows were rewritten in place, want the one recorded", got["g.go"])
	}
}
