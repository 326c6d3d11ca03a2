package resolve

import (
	"slices"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

type table map[string][]Symbol

func (t table) Lookup(q string) ([]Symbol, error)                    { return t[q], nil }
func (t table) Facts(kind, subject, member string) ([]string, error) { return nil, nil }
func (t table) Supers(q string) ([]string, error)                    { return nil, nil }
func (t table) Defines(ns string) (bool, error)                      { return defines(ns, t), nil }

// defines is Index.Defines over the keys of a map.
func defines[V any](ns string, defs map[string]V) bool {
	for q := range defs {
		if q == ns || slices.Contains(Namespaces(q), ns) {
			return true
		}
	}
	return false
}

func TestResolve(t *testing.T) {
	syms := table{
		"example.com/m/a.Run":    {{ID: 1, File: "a/run.go"}},
		"example.com/m/a.Helper": {{ID: 2, File: "a/helper.go"}},
		"example.com/m/b.Do":     {{ID: 3, File: "b/do.go"}},
		"pkg.dup":                {{ID: 4, File: "pkg.py"}, {ID: 5, File: "pkg.py"}},
		"clap":                   {{ID: 6, File: "clap/src/lib.rs"}},
		"idlelib":                {{ID: 7, File: "idlelib/__init__.py"}},
	}
	imports := []Import{{Path: "example.com/m/b"}, {Path: "fmt"}, {Path: "os.path", Symbol: "join"},
		{Path: "react", Symbol: "useState"}, {Path: "serde", Symbol: "Deserialize"}, {Path: "clap::Values"},
		{Path: "idlelib.idle_test.htest", Symbol: "run"}, {Path: "click.testing", Symbol: "CliRunner"}}
	for _, tc := range []struct {
		candidate, file string
		want            Result
	}{
		{"example.com/m/a.Run", "a/run.go", Result{Confidence: Exact, Hint: 1}},
		{"example.com/m/a.Helper", "a/run.go", Result{Confidence: SameModule, Hint: 2}},
		{"example.com/m/b.Do", "a/run.go", Result{Confidence: ImportResolved, Hint: 3}},
		{"fmt.Println", "a/run.go", Result{Confidence: ImportResolved, Hint: 0}}, // imported, outside the index
		{"os.path.join", "a/run.go", Result{Confidence: ImportResolved, Hint: 0}},
		{"os.path.split", "a/run.go", Result{Confidence: FuzzyName, Hint: 0}}, // not the imported symbol
		{"react:useState", "a/run.go", Result{Confidence: ImportResolved, Hint: 0}},
		{"react:useStateX", "a/run.go", Result{Confidence: FuzzyName, Hint: 0}},
		{"example.com/m/a.Missing", "a/run.go", Result{Confidence: FuzzyName, Hint: 0}},
		// Through an import of the index's own package, a name nothing
		// defines points at nothing; through a library's it is the library's.
		{"example.com/m/b.Gone", "a/run.go", Result{Confidence: FuzzyName, Hint: 0}},
		{"clap::Values", "a/run.go", Result{Confidence: FuzzyName, Hint: 0}}, // an item the index's clap lacks
		{"serde::Deserialize", "a/run.go", Result{Confidence: ImportResolved, Hint: 0}},
		// A module missing two levels below a package the index defines.
		{"idlelib.idle_test.htest.run", "a/run.go", Result{Confidence: FuzzyName, Hint: 0}},
		{"click.testing.CliRunner", "a/run.go", Result{Confidence: ImportResolved, Hint: 0}},
		{"fmtx.Println", "a/run.go", Result{Confidence: FuzzyName, Hint: 0}},
		{"", "a/run.go", Result{Confidence: FuzzyName, Hint: 0}},
		{"pkg.dup", "pkg.py", Result{Confidence: Exact, Hint: 0}}, // two definitions: no unique hint
	} {
		got, _, err := Resolve(syms, File{Path: tc.file, Imports: imports}, Ref{Qualified: tc.candidate})
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("Resolve(%q, %q) = %+v, want %+v", tc.candidate, tc.file, got, tc.want)
		}
	}
}

func TestParseConfidenceAndRank(t *testing.T) {
	for in, want := range map[string]Confidence{
		"exact": Exact, "import": ImportResolved, "import_resolved": ImportResolved,
		"same_module": SameModule, "fuzzy": FuzzyName, "fuzzy_name": FuzzyName,
	} {
		if got, err := ParseConfidence(in); err != nil || got != want {
			t.Errorf("ParseConfidence(%q) = %q, %v", in, got, err)
		}
	}
	_, err := ParseConfidence("certain")
	if want := `unknown confidence "certain" (want exact, import, same_module or fuzzy)`; err == nil || err.Error() != want {
		t.Errorf("ParseConfidence(certain) = %v, want %s", err, want)
	}
	if !(Rank(Exact) < Rank(ImportResolved) && Rank(ImportResolved) < Rank(SameModule) && Rank(SameModule) < Rank(FuzzyName)) {
		t.Error("ranks out of order")
	}
	if Rank("fuzzy") != 0 {
		t.Error("a floor name ranks as a stored level")
	}
}

// TestRegradeAgreesWithResolve: re-grading a stored ref after the symbol
// table changed must give what resolving it fresh gives.
func TestRegradeAgreesWithResolve(t *testing.T) {
	imports := []Import{{Path: "example.com/m/b"}}
	tables := []table{
		{},
		{"example.com/m/a.F": {{ID: 7, File: "a/other.go"}}},
		{"example.com/m/a.F": {{ID: 7, File: "a/other.go"}, {ID: 8, File: "a/third.go"}}},
		{"example.com/m/b.G": {{ID: 9, File: "b/g.go"}}},
		{"example.com/m/a.F": {{ID: 3, File: "a/x.go"}}},
	}
	for _, cand := range []string{"example.com/m/a.F", "example.com/m/b.G"} {
		for _, before := range tables {
			stored, _, _ := Resolve(before, File{Path: "a/x.go", Imports: imports}, Ref{Qualified: cand})
			for _, after := range tables {
				if before["example.com/m/a.F"] != nil && before["example.com/m/a.F"][0].File == "a/x.go" ||
					after["example.com/m/a.F"] != nil && after["example.com/m/a.F"][0].File == "a/x.go" {
					continue // a/x.go itself unchanged: its own definitions cannot come and go
				}
				want, _, _ := Resolve(after, File{Path: "a/x.go", Imports: imports}, Ref{Qualified: cand})
				defs, _ := after.Lookup(cand)
				if got := Regrade(stored.Confidence, "a/x.go", defs, extract.Arity{}); got != want {
					t.Errorf("%s: Regrade(%s) = %+v, want %+v", cand, stored.Confidence, got, want)
				}
			}
		}
	}
}

// TestViaImportStopsAtSlash: an import names one module, not the modules
// below it: encoding/json's names do not come through an import of
// encoding, nor does a name nothing defines make the file depend on it.
func TestViaImportStopsAtSlash(t *testing.T) {
	syms := table{
		"encoding.TextMarshaler": {{ID: 1, File: "encoding/encoding.go"}},
		"encoding/json.Marshal":  {{ID: 2, File: "encoding/json/encode.go"}},
		"src/util/index:f":       {{ID: 3, File: "src/util/index.ts"}},
	}
	goFile := File{Path: "encoding/json/decode.go", Imports: []Import{{Path: "encoding"}}}
	tsFile := File{Path: "src/app.ts", Imports: []Import{{Path: "./util", Symbol: "f", Resolved: "src/util"}}}
	for _, tc := range []struct {
		f    File
		ref  Ref
		want string
	}{
		{goFile, Ref{Qualified: "encoding.TextMarshaler"}, ImportResolved},
		{goFile, Ref{Qualified: "encoding/json.Marshal"}, SameModule}, // its own package, not the import
		{goFile, Ref{Qualified: "encoding/json.min"}, FuzzyName},
		// A directory's index module is reached through the name the file wrote.
		{tsFile, Ref{Qualified: "src/util:f", Alternatives: []string{"src/util/index:f"}}, ImportResolved},
	} {
		got, ch, err := Resolve(syms, tc.f, tc.ref)
		if err != nil {
			t.Fatal(err)
		}
		if got.Confidence != tc.want {
			t.Errorf("Resolve(%q) = %s, want %s", tc.ref.Qualified, got.Confidence, tc.want)
		}
		if slices.Contains(ch.Consulted, "encoding") {
			t.Errorf("Resolve(%q) consulted namespace encoding: %v", tc.ref.Qualified, ch.Consulted)
		}
	}
}
