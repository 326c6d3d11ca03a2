package check

import (
	"fmt"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
)

// unreachable reports the callables no entry point reaches through call
// edges graded at the floor or stronger, one finding per subtree root.
// Its confidence is the weakest grade at which the root stays
// unreachable: fuzzy_name means not even a name-only match reaches it.
func unreachable(in *input) []Finding {
	c := in.c
	levels := resolve.Levels()
	reached := make([][]bool, len(levels)+1) // by rank
	for r := in.floor; r <= int8(len(levels)); r++ {
		reached[r] = reach(c, in.entries, r, nil)
	}
	dead := make([]bool, len(c.Callables))
	for i, cl := range c.Callables {
		dead[i] = !reached[in.floor][i] && !cl.Generated && cl.Kind != ModuleInit && !cl.abstract
	}
	var out []Finding
	for _, group := range subtrees(c, dead, in.floor) {
		root := c.Callables[group[0]]
		conf := in.floor
		for r := in.floor + 1; r <= int8(len(levels)); r++ {
			if reached[r][group[0]] {
				break
			}
			conf = r
		}
		msg := fmt.Sprintf("%s %s is not reached from any entry point", root.Kind, root.Qualified)
		if n := len(group) - 1; n > 0 {
			msg += fmt.Sprintf(", nor are the %d callables only it reaches", n)
		}
		f := Finding{Rule: RuleUnreachable, Level: "warning", Message: msg, Confidence: string(levels[conf-1]),
			Fingerprint: fingerprint(RuleUnreachable, root.Qualified)}
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
