package golang

import (
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

func TestModules(t *testing.T) {
	e := New()
	var markers []extract.MarkerFile
	for p, content := range map[string]string{
		"go.mod":            "module example.com/m\n",
		"tools/go.mod":      "module example.com/m/tools\n",
		"goroot/src/go.mod": "module std\n",
		"x/go.modx":         "module nope\n",
	} {
		if marker, content2 := e.Marker(p); marker != (p != "x/go.modx") || marker && !content2 {
			t.Errorf("Marker(%s) = %v, %v", p, marker, content2)
		} else if marker {
			markers = append(markers, extract.MarkerFile{Path: p, Content: []byte(content)})
		}
	}
	m := e.Modules(markers)
	for p, want := range map[string]extract.ModuleContext{
		"a/b.go":                  {Root: "", Path: "example.com/m"},
		"tools/x/y.go":            {Root: "tools", Path: "example.com/m/tools"},
		"goroot/src/fmt/print.go": {Root: "goroot/src", Path: "", Own: stdLibrary}, // std has no prefix
	} {
		if got := m.ForFile(p); !reflect.DeepEqual(got, want) {
			t.Errorf("ForFile(%s) = %+v, want %+v", p, got, want)
		}
	}
	if got := e.Modules(nil).ForFile("a.go"); !reflect.DeepEqual(got, extract.ModuleContext{}) {
		t.Errorf("no go.mod: %+v", got)
	}
}
