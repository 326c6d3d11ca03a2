package main

import "testing"

// TestMonotone: a confident level less precise than one below it fails;
// empty levels and fuzzy_name are not compared.
func TestMonotone(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    map[string]*Tally
		ok   bool
	}{
		{"ordered", map[string]*Tally{"exact": {10, 10}, "import_resolved": {10, 9}, "same_module": {10, 8}, "fuzzy_name": {10, 1}}, true},
		{"exact below same_module", map[string]*Tally{"exact": {100, 99}, "same_module": {10, 10}}, false},
		{"empty import level", map[string]*Tally{"exact": {10, 10}, "import_resolved": {0, 0}, "same_module": {10, 10}}, true},
		{"fuzzy is not compared", map[string]*Tally{"same_module": {10, 9}, "fuzzy_name": {1, 1}}, true},
	} {
		if err := monotone(tc.t); (err == nil) != tc.ok {
			t.Errorf("%s: monotone = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}
