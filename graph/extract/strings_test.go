package extract

import (
	"math/rand/v2"
	"slices"
	"testing"
)

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

// TestLineIndexMatchesScan checks the vectorised index against a plain
// scan of every byte.
func TestLineIndexMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		content := make([]byte, r.IntN(200))
		for i := range content {
			content[i] = "ab\n"[r.IntN(3)]
		}
		var want LineIndex
		for i, c := range content {
			if c == '\n' {
				want = append(want, uint32(i))
			}
		}
		if got := NewLineIndex(content); !slices.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("NewLineIndex(%q) = %v, want %v", content, got, want)
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
