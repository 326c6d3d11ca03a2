package resolve

import (
	"slices"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// index is an in-memory Index for tests.
type index struct {
	defs   map[string]string   // qualified → kind (one definition, in file "x")
	facts  map[string][]string // "kind|subject|member" → objects
	supers map[string][]string
}

func (ix index) Lookup(q string) ([]Symbol, error) {
	if k, ok := ix.defs[q]; ok {
		return []Symbol{{ID: 1, File: "def.go", Kind: k}}, nil
	}
	return nil, nil
}

func (ix index) Facts(kind, subject, member string) ([]string, error) {
	return ix.facts[kind+"|"+subject+"|"+member], nil
}

func (ix index) Supers(q string) ([]string, error) { return ix.supers[q], nil }

func (ix index) Defines(ns string) (bool, error) { return defines(ns, ix.defs), nil }

var evidenceIndex = index{
	defs: map[string]string{
		"m.Store": "struct", "m.Store.Get": "method", "m.NewStore": "function",
		"m.Base": "struct", "m.Base.Hello": "method", "m.DB": "struct", "m.DB.Query": "method",
		"m.Default": "var", "m.mod": "module", "m.mod.f": "function",
		"p.sub.X": "class", "p.sub.X.run": "method", "w.Real": "class", "w.Real.go": "method",
		"src/util/index:helper": "function", "k.top": "function",
		"m.Store.Self": "method", "w.Holder": "class",
		"m.signals": "var", "m.started": "var", "m.loop": "var", "m.chained": "var", "m.Base.Make": "method",
	},
	facts: map[string][]string{
		"returns|m.NewStore|":    {"m.Store"},
		"type|m.Store|db":        {"m.DB"},
		"type|m.Default|":        {"m.NewStore()"},
		"alias|p.X|":             {"p.sub.X"},
		"alias|p2|*":             {"p"},
		"type|w.Holder|field":    {"w.Wrong\nw.Real"}, // a fact object with an alternative
		"alias|src/app:helper|":  {"src/util:helper"},
		"returns|m.Store.Self|":  {"m.Store"},
		"returns|m.Conflict|":    {"m.Store", "m.DB"},
		"type|m.Store|ambiguous": {"m.Store", "m.DB"},
		"type|m.signals|":        {"m.NewStore()"},
		"type|m.started|":        {"m.signals.Make()"}, // a method of a variable's type, inherited
		"returns|m.Base.Make|":   {"m.DB"},
		"returns|m.NewStore|[]":  {"m.DB"},         // NewStore also returns a container of DBs, say
		"type|m.loop|":           {"m.loop.Get()"}, // types itself: no answer, no endless loop
		"type|m.chained|":        {"m.NewStore().Self()"},
	},
	supers: map[string][]string{"m.Store": {"m.Base"}},
}

func TestChoose(t *testing.T) {
	for _, tc := range []struct {
		name, lang string
		ref        Ref
		want       string
		derived    bool
		missing    bool
	}{
		{"plain defined", "go", Ref{Qualified: "m.Store.Get"}, "m.Store.Get", false, false},
		{"plain undefined", "go", Ref{Qualified: "m.Nope"}, "m.Nope", false, false},
		{"no candidate", "go", Ref{Name: "x"}, "", false, false},
		{"receiver type", "go", Ref{Name: "Get", Receiver: []string{"m.Store"}}, "m.Store.Get", true, false},
		{"promoted through embedding", "go", Ref{Name: "Hello", Receiver: []string{"m.Store"}}, "m.Base.Hello", true, false},
		{"call result", "go", Ref{Name: "Get", Receiver: []string{"m.NewStore", "()"}}, "m.Store.Get", true, false},
		{"field of call result", "go", Ref{Name: "Query", Receiver: []string{"m.NewStore", "()", "db"}}, "m.DB.Query", true, false},
		{"typed var through a fact", "go", Ref{Name: "Get", Receiver: []string{"m.Default"}}, "m.Store.Get", true, false},
		{"method result chain", "go", Ref{Name: "Get", Receiver: []string{"m.Store", "Self", "()"}}, "m.Store.Get", true, false},
		{"method of a typed variable's type", "python", Ref{Name: "Query", Receiver: []string{"m.started"}}, "m.DB.Query", true, false},
		{"element of a call result", "go", Ref{Name: "Query", Receiver: []string{"m.NewStore", "()", "[]"}}, "m.DB.Query", true, false},
		{"element of no call", "go", Ref{Name: "Query", Receiver: []string{"m.Default", "[]"}}, "", true, false},
		{"method of a call's result", "python", Ref{Name: "Get", Receiver: []string{"m.chained"}}, "m.Store.Get", true, false},
		{"self-typing fact", "python", Ref{Name: "Get", Receiver: []string{"m.loop"}}, "", true, false},
		{"indexed type lacks member", "go", Ref{Name: "Nope", Receiver: []string{"m.Store"}}, "m.Store.Nope", true, true},
		{"external type named as written, graded by its import", "go", Ref{Name: "Write", Receiver: []string{"bytes.Buffer"}}, "bytes.Buffer.Write", true, false},
		{"unknown chain", "go", Ref{Name: "Write", Receiver: []string{"bytes.Buffer", "x"}}, "", true, false},
		{"conflicting facts give no answer", "go", Ref{Name: "Get", Receiver: []string{"m.Conflict", "()"}}, "", true, false},
		{"ambiguous field gives no answer", "go", Ref{Name: "Get", Receiver: []string{"m.Store", "ambiguous"}}, "", true, false},
		{"receiver alternative root", "go", Ref{Name: "Get", Receiver: []string{"x.Store"}, Alternatives: []string{"m.Store"}}, "m.Store.Get", true, false},
		{"fallback when no member", "kotlin", Ref{Name: "top", Qualified: "k.top", Receiver: []string{"m.Store"}}, "k.top", true, false},
		{"module receiver", "python", Ref{Name: "f", Receiver: []string{"m.mod"}}, "m.mod.f", true, false},
		{"alias", "python", Ref{Qualified: "p.X"}, "p.sub.X", true, false},
		{"wildcard alias", "python", Ref{Qualified: "p2.X.run"}, "p.sub.X.run", true, false},
		{"alternatives", "java", Ref{Qualified: "a.Nope", Alternatives: []string{"b.Nope", "m.Store"}}, "m.Store", true, false},
		{"fact object alternative", "python", Ref{Name: "go", Receiver: []string{"w.Holder", "field"}}, "w.Real.go", true, false},
		{"ts index file through an alias", "typescript", Ref{Qualified: "src/app:helper"}, "src/util/index:helper", true, false},
		{"ts plain ref: no index guess", "typescript", Ref{Qualified: "src/util:helper"}, "src/util:helper", false, false},
		{"ruby separator", "ruby", Ref{Name: "Get", Receiver: []string{"m.Store"}}, "m.Store#Get", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Choose(evidenceIndex, traitsOf(tc.lang), tc.ref)
			if err != nil {
				t.Fatal(err)
			}
			if got.Target != tc.want || got.Derived != tc.derived || got.Unverified != tc.missing {
				t.Errorf("Choose = %+v, want target %q derived %v missing %v", got, tc.want, tc.derived, tc.missing)
			}
			if got.Derived && got.Target != "" && !slices.Contains(got.Consulted, got.Target) && !tc.missing {
				t.Errorf("consulted %v lacks the target %q: incremental sync could not find this ref", got.Consulted, got.Target)
			}
		})
	}
}

func TestResolveGradesMissingMemberFuzzy(t *testing.T) {
	res, ch, err := Resolve(evidenceIndex, File{Path: "a.go", Imports: []Import{{Path: "m"}}}, Ref{Name: "Nope", Receiver: []string{"m.Store"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Confidence != FuzzyName || ch.Target != "m.Store.Nope" {
		t.Errorf("got %+v %+v, want fuzzy_name m.Store.Nope", res, ch)
	}
	res, _, _ = Resolve(evidenceIndex, File{Path: "a.go", Imports: []Import{{Path: "m"}}}, Ref{Name: "Get", Receiver: []string{"m.NewStore", "()"}})
	if res.Confidence != ImportResolved {
		t.Errorf("chain through an imported constructor graded %s, want import_resolved", res.Confidence)
	}
}

// traitsOf is the resolution traits of a registered language.
func traitsOf(lang string) extract.ResolutionTraits {
	for _, e := range all.Registry().Extractors() {
		if e.Lang() == lang {
			return extract.Traits(e)
		}
	}
	return extract.ResolutionTraits{}
}
