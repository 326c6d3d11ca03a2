package store

import (
	"path/filepath"
	"slices"
	"testing"
)

// A cold build creates the indexes of its largest tables only when sealing
// (bulkIndexes); the sealed file must hold every index all the same.
func TestSealCreatesEveryIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	st, err := Create(path, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Seal(); err != nil {
		t.Fatal(err)
	}
	st, err = Open(path, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.db.Query(`SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		got = append(got, n)
	}
	for _, want := range []string{"refs_from_file", "refs_target_name", "refs_target_qualified", "refs_fuzzy_name", "strings_context", "strings_file",
		"symbols_qualified", "relations_to", "facts_subject"} {
		if !slices.Contains(got, want) {
			t.Errorf("index %s missing from a sealed index; have %v", want, got)
		}
	}
	var mode string
	if err := st.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal mode %q (%v), want wal", mode, err)
	}
}
