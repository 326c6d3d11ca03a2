// Package resolve is pass 2 of spec §7.1: it grades each reference's
// candidate qualified name against the whole index and assigns the
// confidence of spec §11.
//
// Layer: core. It depends only on extract; the symbol table comes in through
// the Symbols interface so that a cold build (in memory) and an incremental
// sync (SQL) share one rule and so agree byte for byte.
package resolve

import "strings"

// Confidence levels of spec §11, strongest first.
const (
	Exact          = "exact"
	ImportResolved = "import_resolved"
	SameModule     = "same_module"
	FuzzyName      = "fuzzy_name"
)

// Levels lists the confidences strongest first.
var Levels = []string{Exact, ImportResolved, SameModule, FuzzyName}

// Rank orders confidences: 1 is exact, 4 fuzzy_name, 0 unknown.
func Rank(c string) int {
	for i, l := range Levels {
		if l == c {
			return i + 1
		}
	}
	return 0
}

// ParseFloor maps a user's --confidence value (exact, import, import_resolved,
// same_module, fuzzy, fuzzy_name) to a level.
func ParseFloor(s string) (string, bool) {
	switch s {
	case "exact":
		return Exact, true
	case "import", "import_resolved":
		return ImportResolved, true
	case "same_module":
		return SameModule, true
	case "fuzzy", "fuzzy_name":
		return FuzzyName, true
	}
	return "", false
}

// Symbol is where one definition of a qualified name lives.
type Symbol struct {
	ID   int64
	File string
}

// Symbols looks up definitions by qualified name.
type Symbols interface {
	Lookup(qualified string) ([]Symbol, error)
}

// Import is one import of the referring file.
type Import struct{ Path, Symbol string }

// Result is a graded reference.
type Result struct {
	Confidence string
	Hint       int64 // the unique target's symbol id, or 0
}

// Resolve grades a candidate qualified name written in fromFile.
//
//   - exact: a definition exists in fromFile itself;
//   - import_resolved: the candidate was built from one of fromFile's imports
//     (the target may be outside the index: an imported library);
//   - same_module: the candidate is in fromFile's own namespace and is
//     defined in another file of it (a Go package's other files);
//   - fuzzy_name: no candidate, or a local candidate nothing defines.
//
// Whether a candidate came from an import is read off the file's imports, not
// remembered from extraction, so re-resolving a stored ref gives the same
// answer as resolving it fresh.
func Resolve(candidate, fromFile string, imports []Import, syms Symbols) (Result, error) {
	if candidate == "" {
		return Result{Confidence: FuzzyName}, nil
	}
	defs, err := syms.Lookup(candidate)
	if err != nil {
		return Result{}, err
	}
	var r Result
	if len(defs) == 1 {
		r.Hint = defs[0].ID
	}
	viaImport := ViaImport(candidate, imports)
	switch {
	case inFile(defs, fromFile):
		r.Confidence = Exact
	case viaImport:
		r.Confidence = ImportResolved
	case len(defs) > 0:
		r.Confidence = SameModule
	default:
		r.Confidence = FuzzyName
	}
	return r, nil
}

func inFile(defs []Symbol, file string) bool {
	for _, d := range defs {
		if d.File == file {
			return true
		}
	}
	return false
}

// ViaImport reports whether candidate is an import of the file or a name
// inside one: the import's path equals the candidate or is followed in it by
// a separator, and when the import names a symbol (`from a import b`,
// `import {b} from "a"`) that symbol comes next, whatever separator the
// language writes between them (".", "::", ":").
func ViaImport(candidate string, imports []Import) bool {
	for _, im := range imports {
		if im.Path == "" || !hasSegmentPrefix(candidate, im.Path) {
			continue
		}
		if im.Symbol == "" || im.Symbol == "*" {
			return true
		}
		rest := candidate[len(im.Path):]
		trimmed := strings.TrimLeft(rest, ".:/#")
		if trimmed != rest && hasSegmentPrefix(trimmed, im.Symbol) {
			return true
		}
	}
	return false
}

// hasSegmentPrefix: s == prefix, or s starts with prefix and the next byte
// cannot continue an identifier ("fmt" is a prefix of "fmt.Println", not of
// "fmtx.Println").
func hasSegmentPrefix(s, prefix string) bool {
	if !strings.HasPrefix(s, prefix) {
		return false
	}
	if len(s) == len(prefix) {
		return true
	}
	c := s[len(prefix)]
	return !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80)
}

// Regrade re-resolves a stored reference from an unchanged file after other
// files changed. It needs no imports: whether the candidate came through an
// import is a property of the unchanged file, and the stored confidence
// already says so (import_resolved), so the answer equals a fresh Resolve.
func Regrade(stored, fromFile string, defs []Symbol) Result {
	var r Result
	if len(defs) == 1 {
		r.Hint = defs[0].ID
	}
	switch {
	case inFile(defs, fromFile):
		r.Confidence = Exact
	case stored == ImportResolved:
		r.Confidence = ImportResolved
	case len(defs) > 0:
		r.Confidence = SameModule
	default:
		r.Confidence = FuzzyName
	}
	return r
}
