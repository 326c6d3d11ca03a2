package main

import (
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// Texts shared by the tool descriptions, so every tool says the same thing
// the same way.
const (
	selectorHelp = `Selectors: symbol:<path>#<name>[:<kind>] (a symbol defined in a file; <name> may be a dotted suffix of the qualified name such as Type.Method, and :<kind> disambiguates, e.g. :function), file:<path>, module:<qualified package or module>, command:<CLI command name>, ext:<import path>#<name> (a dependency's symbol). Paths are relative to the worktree root. Get selectors from orbit_graph_search results (path + name) rather than guessing. An unknown selector fails with "did you mean" suggestions; an ambiguous one lists a selector for each candidate.`

	confidenceHelp = `Confidence of each edge: exact (same file, unambiguous), import_resolved (through an explicit import), same_module (unique name in the same module without an import), fuzzy_name (only the short name matches, e.g. a method call on a value of unknown type; a guess). The floor defaults to same_module, so fuzzy_name edges are left out and counted in skipped_low_confidence; pass confidence "fuzzy" to include them, "exact" for the strongest evidence only.`

	pagingHelp = `Paging: at most limit entries and max_bytes bytes per response; when more remain, truncated is true and cursor continues (pass it back with the same arguments).`

	freshnessHelp = `The index reflects files as of the last sync; call orbit_graph_sync after editing files when the answer must include the edits.`
)

// confidenceArg is the confidence floor input of refs, callees, impact and
// trace; confidenceSchema describes it.
type confidenceArg struct {
	Confidence string `json:"confidence,omitempty"`
}

// confidenceSchema says which floors ParseConfidence accepts: each name
// users write, with the level it means when that differs ("import
// (import_resolved)"), in the description, and both spellings in the enum.
func confidenceSchema(s *jsonschema.Schema) {
	var said []string
	var enum []any
	for _, name := range query.ConfidenceFloors() {
		level, _ := query.ParseConfidence(name)
		enum = append(enum, name)
		if string(level) != name {
			name += " (" + string(level) + ")"
			enum = append(enum, string(level))
		}
		if level == query.DefaultConfidence {
			name += " (default)"
		}
		said = append(said, name)
	}
	s.Description = "lowest confidence included"
	s.Enum = enum
	s.Default = mustJSON(query.DefaultConfidence)
}

// schemaFor infers the input schema of T (descriptions from jsonschema
// tags) and lets tweak add defaults, enums and bounds the tags cannot say.
func schemaFor[T any](tweak func(props map[string]*jsonschema.Schema)) *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("schema of %T: %v", *new(T), err)) // a programming error, caught by every test
	}
	if s.Properties == nil {
		s.Properties = map[string]*jsonschema.Schema{}
	}
	p := s.Properties
	if m, ok := p["max_bytes"]; ok {
		setInt(m, defaultMaxBytes, minMaxBytes, maxMaxBytes)
	}
	if c, ok := p["confidence"]; ok {
		confidenceSchema(c)
	}
	if tweak != nil {
		tweak(p)
	}
	return s
}

// setInt gives an integer property a default and bounds.
func setInt(s *jsonschema.Schema, def, lo, hi int) {
	s.Default = mustJSON(def)
	l, h := float64(lo), float64(hi)
	s.Minimum, s.Maximum = &l, &h
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
