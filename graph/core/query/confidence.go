package query

import "github.com/orbitgraph/orbit/graph/core/internal/resolve"

// The confidence vocabulary of resolve (DESIGN.md, Confidence), re-exported here because
// the options and answers of refs, callees, impact and trace carry it and the
// front ends may not import resolve.

// Confidence is a reference's grade: exact, import_resolved, same_module or
// fuzzy_name.
type Confidence = resolve.Confidence

// DefaultConfidence is the floor used when an option leaves it empty.
const DefaultConfidence = resolve.DefaultFloor

// ParseConfidence reads a floor as users write it ("exact", "import",
// "same_module", "fuzzy", or a level's own name).
func ParseConfidence(s string) (Confidence, error) {
	c, err := resolve.ParseConfidence(s)
	if err != nil {
		return "", &ValueError{Name: "confidence", Value: s, Valid: ConfidenceFloors()}
	}
	return c, nil
}

// ConfidenceLevels lists the levels strongest first.
func ConfidenceLevels() []Confidence { return resolve.Levels() }

// ConfidenceFloors lists the names users write for a floor, strongest first.
func ConfidenceFloors() []string { return resolve.Floors() }

// ConfidenceChoices is ConfidenceFloors as a sentence, for help texts:
// "exact, import, same_module or fuzzy".
func ConfidenceChoices() string { return resolve.FloorChoices() }
