package typescript

import (
	"strings"
	"testing"
)

// TestLibKeep: a lib file's scan finds each top-level declaration and an
// interface's members (a header's `<T = {}>`, readonly, accessors, a
// string holding a brace, call and construct signatures without a name),
// and the parts kept for the names given are the builtin's header, its
// named members and its closing brace, a named declaration whole, and
// nothing of an interface nobody reaches.
func TestLibKeep(t *testing.T) {
	src := libHeader + `/** Maps. */
interface Map<K, V = {}> {
    /** Gets. */
    get(key: K): V | undefined;
    readonly size: number;
    get first(): K;
    tag: "}";
    (x: number): void;
    new (x: number): Map<K, V>;
}
declare var Map: MapConstructor;
interface Unreached {
    get(): void;
}
declare function setTimeout(handler: () => void): number;
`
	d := &npmDeps{}
	decls := parseLibSummary(d.Summarize([]byte(src)))
	var got []string
	for _, dc := range decls {
		var ms []string
		for _, m := range dc.members {
			ms = append(ms, m.name)
		}
		got = append(got, dc.name+"("+strings.Join(ms, ",")+")")
	}
	if want := "Map(get,size,first,tag) Map() Unreached(get) setTimeout()"; strings.Join(got, " ") != want {
		t.Errorf("scan = %s; want %s", strings.Join(got, " "), want)
	}
	named := map[string]bool{"get": true, "first": true, "setTimeout": true}
	var kept []string
	for _, s := range libKeep(decls, func(n string) bool { return named[n] }) {
		kept = append(kept, src[s.Start:s.End])
	}
	want := []string{"interface Map<K, V = {}> {", "get(key: K): V | undefined;", "get first(): K;", "}",
		"declare function setTimeout(handler: () => void): number;"}
	if strings.Join(kept, "|") != strings.Join(want, "|") {
		t.Errorf("kept %q; want %q", kept, want)
	}
}

const libHeader = "/*! licence */\n/// <reference no-default-lib=\"true\"/>\n"
