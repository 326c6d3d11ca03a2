package resolve

import (
	"fmt"
	"strings"
)

// Confidence is how sure pass 2 is of a reference's target (DESIGN.md, Confidence). It
// is a string so that the index's column and the JSON answers carry the
// level's name unchanged.
type Confidence string

// The levels of DESIGN.md, Confidence, strongest first. They are untyped so that the
// index's rows, which still hold plain strings, take them as they are.
const (
	Exact          = "exact"
	ImportResolved = "import_resolved"
	SameModule     = "same_module"
	FuzzyName      = "fuzzy_name"
)

// DefaultFloor is the floor queries use when none is given: everything but
// fuzzy_name (DESIGN.md, A query).
const DefaultFloor Confidence = SameModule

// floors are the names users write for each level, strongest first. The
// level's own name is accepted too.
var floors = []struct {
	name  string
	level Confidence
}{
	{"exact", Exact},
	{"import", ImportResolved},
	{"same_module", SameModule},
	{"fuzzy", FuzzyName},
}

// Levels lists the confidences strongest first.
func Levels() []Confidence {
	out := make([]Confidence, len(floors))
	for i, f := range floors {
		out[i] = f.level
	}
	return out
}

// Floors lists the names users write for a floor, strongest first.
func Floors() []string {
	out := make([]string, len(floors))
	for i, f := range floors {
		out[i] = f.name
	}
	return out
}

// FloorChoices is Floors as a sentence: "exact, import, same_module or
// fuzzy", for help texts and the error of ParseConfidence.
func FloorChoices() string {
	names := Floors()
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ParseConfidence reads a confidence floor as users write it: a name of
// Floors or a level's own name. Every front end reports its one error.
func ParseConfidence(s string) (Confidence, error) {
	for _, f := range floors {
		if s == f.name || s == string(f.level) {
			return f.level, nil
		}
	}
	return "", fmt.Errorf("unknown confidence %q (want %s)", s, FloorChoices())
}

// Rank orders confidences: 1 is exact, 4 fuzzy_name, 0 unknown.
func (c Confidence) Rank() int {
	for i, f := range floors {
		if f.level == c {
			return i + 1
		}
	}
	return 0
}

// Rank is the rank of a confidence read from the index.
func Rank(c string) int { return Confidence(c).Rank() }
