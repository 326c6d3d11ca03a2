package store

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// ClearFile must delete from every table whose rows hang off a file but
// refs, resolve_deps and symbols (rewritten in place): a table added to
// the schema without a line in clearFile would keep a rewritten file's old
// rows.
func TestClearFileCoversEveryTable(t *testing.T) {
	st, err := Create(filepath.Join(t.TempDir(), "x.db"), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.db.Query(`SELECT m.name, f."from" FROM sqlite_master m, pragma_foreign_key_list(m.name) f
		WHERE m.type = 'table' AND f."table" = 'files'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			t.Fatal(err)
		}
		n++
		want := fmt.Sprintf("DELETE FROM %s WHERE %s = ?1", table, col)
		kept := table == "refs" || table == "resolve_deps" || table == "symbols"
		if got := slices.Contains(clearFile, want); got == kept {
			t.Errorf("table %s: clearFile holds %q: %v, want %v", table, want, got, !kept)
		}
	}
	if n < len(clearFile)+3 {
		t.Errorf("found %d tables referring to files, want at least %d", n, len(clearFile)+3)
	}
}

// ReplaceRefs leaves the refs of a file as InsertRefs would have after a
// delete, and keeps the rows that did not change, or changed only their
// span, under their ids.
func TestReplaceRefsRewritesOnlyWhatDiffers(t *testing.T) {
	st, err := Create(filepath.Join(t.TempDir(), "x.db"), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ref := func(start uint32, name string, conf string) RefRow {
		return RefRow{Span: extract.Span{Start: start, End: start + 3}, Name: name, Qualified: "p." + name, Kind: "call", Confidence: conf}
	}
	old := []RefRow{ref(1, "a", "exact"), ref(10, "b", "exact"), ref(20, "b", "exact"), ref(30, "c", "exact"), ref(40, "d", "fuzzy_name")}
	// a unchanged; the b at 10 gone, the one at 20 moved to 25; c moved;
	// d re-graded; e new.
	new := []RefRow{ref(1, "a", "exact"), ref(25, "b", "exact"), ref(35, "c", "exact"), ref(45, "d", "exact"), ref(50, "e", "exact")}
	tx, err := st.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := tx.InsertFile(FileRow{Path: "f.go", Hash: []byte{1}, Lang: "go"}, &extract.ExtractedFile{}); err != nil {
		t.Fatal(err)
	}
	if err := tx.InsertRefs("f.go", old); err != nil {
		t.Fatal(err)
	}
	if err := tx.Flush(); err != nil {
		t.Fatal(err)
	}
	ids := func() map[string]int64 {
		rows, err := tx.SQL().Query(`SELECT id, from_span_start, target_name, confidence FROM refs ORDER BY from_span_start`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]int64{}
		for rows.Next() {
			var id int64
			var start int
			var name, conf string
			if err := rows.Scan(&id, &start, &name, &conf); err != nil {
				t.Fatal(err)
			}
			out[fmt.Sprintf("%s@%d/%s", name, start, conf)] = id
		}
		return out
	}
	before := ids()
	if err := tx.ReplaceRefs("f.go", new); err != nil {
		t.Fatal(err)
	}
	if err := tx.Flush(); err != nil {
		t.Fatal(err)
	}
	after := ids()
	var got []string
	for k := range after {
		got = append(got, k)
	}
	slices.Sort(got)
	if want := "a@1/exact b@25/exact c@35/exact d@45/exact e@50/exact"; strings.Join(got, " ") != want {
		t.Fatalf("refs after ReplaceRefs: %v, want %s", got, want)
	}
	for k, was := range map[string]string{"a@1/exact": "a@1/exact", "b@25/exact": "b@10/exact", "c@35/exact": "c@30/exact"} {
		if after[k] != before[was] {
			t.Errorf("%s has id %d, want %d (the row of %s, kept)", k, after[k], before[was], was)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}
