package query

import (
	"os"
	"path/filepath"
	"testing"
)

func TestInnermost(t *testing.T) {
	e := &enclosers{files: map[string][]symbolRow{}}
	// class C [0,100) holds method m [10,50) holds closure-less body;
	// function f [60,90) is a sibling of m inside C.
	e.files["x.py"] = []symbolRow{
		{id: 1, qualified: "C", start: 0, end: 100},
		{id: 2, qualified: "C.m", start: 10, end: 50},
		{id: 3, qualified: "C.f", start: 60, end: 90},
	}
	for _, tc := range []struct {
		start, end int64
		want       string
	}{{20, 25, "C.m"}, {55, 58, "C"}, {60, 65, "C.f"}, {95, 99, "C"}, {45, 55, "C"}} {
		got, ok := e.innermost("x.py", tc.start, tc.end)
		if !ok || got.qualified != tc.want {
			t.Errorf("innermost(%d,%d) = %q, %v; want %q", tc.start, tc.end, got.qualified, ok, tc.want)
		}
	}
	if _, ok := e.innermost("x.py", 100, 101); ok {
		t.Error("a site past every symbol has no encloser")
	}
}

func TestColumn(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "f.go"), []byte("ab\n\tcé(x)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSources(root)
	for _, tc := range []struct {
		off       int64
		line, col int
	}{{0, 1, 1}, {1, 1, 2}, {3, 2, 1}, {4, 2, 2}, {7, 2, 5}} { // é is two bytes: ( is byte column 5
		if l, c := s.line("f.go", tc.off), s.column("f.go", tc.off); l != tc.line || c != tc.col {
			t.Errorf("offset %d = %d:%d, want %d:%d", tc.off, l, c, tc.line, tc.col)
		}
	}
}
