package typescript

import (
	"reflect"
	"testing"
)

// TestMatchPaths checks tsc's pattern choice: an exact pattern first, else
// the longest prefix among one-"*" patterns, ties to the first written.
func TestMatchPaths(t *testing.T) {
	aliases := []PathAlias{
		{Pattern: "*", Targets: []string{"types/*"}},
		{Pattern: "@app/*", Targets: []string{"src/app/*"}},
		{Pattern: "@app/ui/*", Targets: []string{"src/ui/*"}},
		{Pattern: "@app/ui/*", Targets: []string{"second/*"}},
		{Pattern: "@app/exact", Targets: []string{"src/exact"}},
		{Pattern: "~/*.css", Targets: []string{"styles/*.css"}},
		{Pattern: "a*b*", Targets: []string{"never/*"}},
		{Pattern: "@none/*"},
	}
	for _, c := range []struct{ spec, pattern, star string }{
		{"react", "*", "react"},
		{"@app/x/y", "@app/*", "x/y"},
		{"@app/ui/button", "@app/ui/*", "button"},
		{"@app/exact", "@app/exact", ""},
		{"~/theme.css", "~/*.css", "theme"},
		{"theme.css", "*", "theme.css"}, // ties go to the first written
		{"axb", "*", "axb"},
		{"@none/x", "@none/*", "x"},
	} {
		pattern, targets, star := matchPaths(aliases, c.spec)
		if pattern != c.pattern || star != c.star || targets == nil {
			t.Errorf("matchPaths(%q) = %q, %v, %q; want %q, *=%q", c.spec, pattern, targets, star, c.pattern, c.star)
		}
	}
	if _, targets, _ := matchPaths(aliases, "@app/ui/x"); targets[0] != "src/ui/*" {
		t.Errorf("a repeated pattern: the first written wins, got %v", targets)
	}
	if _, targets, _ := matchPaths(aliases[1:3], "lodash"); targets != nil {
		t.Errorf("lodash matched %v", targets)
	}
}

func TestModuleRef(t *testing.T) {
	mod := Config{BaseURL: "web", Paths: []PathAlias{
		{Pattern: "@app/*", Targets: []string{"web/app/*", "web/app/*"}}, // a repeated target is tried once
		{Pattern: "@none/*"}, // no targets: as written
		{Pattern: "@types", Targets: []string{"web/types.d.ts"}},
	}}
	for _, c := range []struct {
		spec string
		want modRef
	}{
		{"@app/a", modRef{q: "web/app/a", alts: []string{"web/app/a/index", "@app/a"}, resolved: "web/app/a"}},
		{"@app/a/index.js", modRef{q: "web/app/a/index", alts: []string{"@app/a/index.js"}, resolved: "web/app/a/index"}},
		{"@types", modRef{q: "web/types", alts: []string{"@types"}, resolved: "web/types"}},
		{"@none/x", modRef{q: "@none/x"}},
		{"lib/x", modRef{q: "lib/x", alts: []string{"web/lib/x", "web/lib/x/index"}, resolved: "web/lib/x"}},
		{"node:fs", modRef{q: "node:fs"}},
		{"/abs/x", modRef{q: "/abs/x"}},
		{"../../../out", modRef{q: "../../../out"}},
		{"./rel", modRef{q: "web/src/rel", alts: []string{"web/src/rel/index"}, resolved: "web/src/rel"}},
	} {
		w := &walker{dir: "web/src", mod: mod}
		if got := w.moduleRef(c.spec); !reflect.DeepEqual(got, c.want) {
			t.Errorf("moduleRef(%q) = %+v, want %+v", c.spec, got, c.want)
		}
	}
	w := &walker{dir: "web/src", mod: Config{BaseURL: "."}}
	if got, want := w.moduleRef("../x/y"), (modRef{q: "web/x/y", alts: []string{"web/x/y/index"}, resolved: "web/x/y"}); !reflect.DeepEqual(got, want) {
		t.Errorf("relative with baseUrl: %+v, want %+v", got, want)
	}
}
