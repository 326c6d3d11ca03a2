package extract

import "testing"

func TestNotable(t *testing.T) {
	for s, want := range map[string]bool{
		"scheduler tick failed": true,
		"/api/v1/users":         true,
		"short":                 false,
		"%s: %v":                false,
		"%-10s %5d\n":           false,
		"{}: {}":                false,
		"-----------":           false,
		"   ...   ":             false,
		"error: %w":             true,
		"ключ-значение":         true,
		"{name} {value}":        false,
		"bad\x00string":         false,
	} {
		if got := Notable(s); got != want {
			t.Errorf("Notable(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestLineIndex(t *testing.T) {
	content := []byte("a\nbc\n\nd")
	idx := NewLineIndex(content)
	for off, want := range map[uint32]int{0: 1, 1: 1, 2: 2, 4: 2, 5: 3, 6: 4, 7: 4} {
		if got := idx.Line(off); got != want {
			t.Errorf("Line(%d) = %d, want %d", off, got, want)
		}
	}
}

func TestKindsRoundTrip(t *testing.T) {
	for _, name := range SymbolKinds() {
		k, ok := ParseSymbolKind(name)
		if !ok || k.String() != name {
			t.Errorf("ParseSymbolKind(%q) = %v, %v", name, k, ok)
		}
	}
	if _, ok := ParseSymbolKind("unknown"); ok {
		t.Error("unknown must not parse")
	}
}
