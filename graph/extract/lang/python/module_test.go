package python

import (
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

func TestModules(t *testing.T) {
	e := New()
	var markers []extract.MarkerFile
	for _, p := range []string{"lib/pkg/__init__.py", "lib/pkg/sub/__init__.py", "lib/pkg/init.py"} {
		if marker, content := e.Marker(p); marker != (p != "lib/pkg/init.py") || content {
			t.Errorf("Marker(%s) = %v, %v; want existence only", p, marker, content)
		} else if marker {
			markers = append(markers, extract.MarkerFile{Path: p})
		}
	}
	m := e.Modules(markers)
	for p, want := range map[string]extract.ModuleContext{
		"lib/pkg/sub/m.py": {Root: "lib"},
		"scripts/run.py":   {Root: "scripts"},
	} {
		if got := m.ForFile(p); !reflect.DeepEqual(got, want) {
			t.Errorf("ForFile(%s) = %+v, want %+v", p, got, want)
		}
	}
}
