package main

// The confidence ladder of DESIGN.md, Confidence, strongest first, and the default floor
// of refs, impact and trace.
var levels = []string{"exact", "import_resolved", "same_module", "fuzzy_name"}

const defaultFloor = "same_module"

// rank orders confidences: 1 is exact, 4 fuzzy_name, 5 anything else.
func rank(c string) int {
	for i, l := range levels {
		if l == c {
			return i + 1
		}
	}
	return len(levels) + 1
}

// atOrAbove reports whether an answer of confidence c passes floor.
func atOrAbove(c, floor string) bool {
	return c != "" && rank(c) <= rank(floor)
}
