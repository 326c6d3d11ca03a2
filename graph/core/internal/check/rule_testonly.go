package check

import (
	"fmt"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
)

// testOnly reports the callables outside test files that tests reach
// through edges at the floor but no other entry point reaches through
// any edge (absence doubts every edge, as for unreachable code): dead
// code kept alive by its own tests. One finding per subtree root.
func testOnly(in *input) []Finding {
	c := in.c
	prod := reach(c, in.entries, int8(resolve.Rank(resolve.FuzzyName)), func(e Entry) bool { return !isTestEntry(c, e) })
	all := reach(c, in.entries, in.floor, nil)
	only := make([]bool, len(c.Callables))
	for i, cl := range c.Callables {
		only[i] = all[i] && !prod[i] && !cl.TestFile && cl.Kind != "test" && !cl.Generated && cl.Kind != ModuleInit && !cl.abstract
	}
	var out []Finding
	for _, group := range subtrees(c, only, in.floor) {
		root := c.Callables[group[0]]
		msg := fmt.Sprintf("%s %s is reached only from tests", root.Kind, root.Qualified)
		if n := len(group) - 1; n > 0 {
			msg += fmt.Sprintf(", as are the %d callables only it reaches", n)
		}
		f := Finding{Rule: RuleTestOnly, Level: "note", Message: msg, Fingerprint: fingerprint(RuleTestOnly, root.Qualified)}
		for i, m := range group {
			if i > in.related {
				break
			}
			f.Locations = append(f.Locations, locationOf(c.Callables[m]))
		}
		out = append(out, f)
	}
	return out
}
