package query

import (
	"errors"
	"testing"
)

func TestParseSelector(t *testing.T) {
	for in, want := range map[string]Selector{
		"symbol:a/b.go#Foo":            {Kind: SelSymbol, Path: "a/b.go", Name: "Foo"},
		"symbol:./a/b.go#T.M:method":   {Kind: SelSymbol, Path: "a/b.go", Name: "T.M", Sym: "method"},
		"file:pkg/x.py":                {Kind: SelFile, Path: "pkg/x.py"},
		"module:example.com/app/store": {Kind: SelModule, Name: "example.com/app/store"},
		"command:cli sync":             {Kind: SelCommand, Name: "cli sync"},
		"symbol:a/../b.go#F":           {Kind: SelSymbol, Path: "b.go", Name: "F"},
		// A Rust or C++ path keeps its "::"; only a single colon starts a kind.
		"symbol:src/lib.rs#Context::new":        {Kind: SelSymbol, Path: "src/lib.rs", Name: "Context::new"},
		"symbol:src/lib.rs#Context::new:method": {Kind: SelSymbol, Path: "src/lib.rs", Name: "Context::new", Sym: "method"},
		"symbol:a.go#F:bogus":                   {Kind: SelSymbol, Path: "a.go", Name: "F:bogus"},
		"symbol:src/util.ts#util:parse":         {Kind: SelSymbol, Path: "src/util.ts", Name: "util:parse"},
	} {
		got, err := ParseSelector(in)
		want.Raw = in
		if err != nil || got != want {
			t.Errorf("ParseSelector(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "Foo", "symbol:a.go", "symbol:#F", "thing:x", "file:", "file:../x.go", "file:/etc/passwd", "symbol:../../x.go#F"} {
		if _, err := ParseSelector(bad); !errors.Is(err, ErrBadSelector) {
			t.Errorf("ParseSelector(%q): err = %v, want ErrBadSelector", bad, err)
		}
	}
}

func TestFTSQuery(t *testing.T) {
	for in, want := range map[string]string{
		"handler":            `("handler"* OR "handl"*)`,
		"ParseFile":          `("parsefile"* OR "parsefil"*)`,
		"connection refused": `("connection"*) AND ("refused"* OR "refus"*)`,
		"a.b":                `("a"*) AND ("b"*)`,
		`"; DROP`:            `("drop"*)`,
		"  ":                 ``,
	} {
		if got := ftsQuery(searchWords(in)); got != want {
			t.Errorf("ftsQuery(searchWords(%q)) = %q, want %q", in, got, want)
		}
	}
}

func TestNearest(t *testing.T) {
	got := nearest("Gret", []string{"Greet", "Farewell", "greeting", "Other"})
	if len(got) != 1 || got[0] != "Greet" {
		t.Errorf("nearest = %v", got)
	}
	if got := nearest("zzzz", []string{"Greet"}); len(got) != 0 {
		t.Errorf("far names suggested: %v", got)
	}
}

func TestSuffixes(t *testing.T) {
	got := suffixes("orbit_core::model::Circle::new")
	want := []string{"new", "Circle::new", "model::Circle::new", "orbit_core::model::Circle::new"}
	if len(got) != len(want) {
		t.Fatalf("suffixes = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("suffixes = %q, want %q", got, want)
		}
	}
	if got := suffixes("example.com/m/a.T.M"); got[1] != "T.M" || got[2] != "a.T.M" {
		t.Errorf("suffixes of a Go name = %q", got)
	}
}

// TestSuggestionsResolve: every suffix a suggestion may print, pasted back
// as a selector, names the symbol again, whatever member separator the
// language writes (issue 13: Rust's Type::method did not).
func TestSuggestionsResolve(t *testing.T) {
	for _, r := range []symbolRow{
		{Name: "new", Qualified: "eng::model::Context::new", Kind: "method"},
		{Name: "M", Qualified: "example.com/m/a.T.M", Kind: "method"},
		{Name: "bar", Qualified: "App::Foo#bar", Kind: "method"},
		{Name: "f", Qualified: "src/util:Util.f", Kind: "method"},
		{Name: "parse", Qualified: "src/util:parse", Kind: "function"},
	} {
		for _, suffix := range suffixes(r.Qualified) {
			for _, form := range []string{suffix, suffix + ":" + r.Kind} {
				sel, err := ParseSelector("symbol:x#" + form)
				if err != nil || !nameMatches(r, sel.Name) || sel.Sym != "" && sel.Sym != r.Kind {
					t.Errorf("selector #%s (%+v, %v) does not name %s", form, sel, err, r.Qualified)
				}
			}
		}
	}
	rust := symbolRow{Name: "new", Qualified: "eng::Context::new"}
	for want, ok := range map[string]bool{"Context.new": true, "Context::new": true, "ontext::new": false, "Other::new": false} {
		if nameMatches(rust, want) != ok {
			t.Errorf("nameMatches(%s, %q) = %v", rust.Qualified, want, !ok)
		}
	}
}
