package check

import (
	"fmt"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
)

// unreachable reports the callables no entry point reaches, one finding
// per subtree root. A finding of absence doubts every edge: it is graded
// exact when no reference of any grade reaches the root, fuzzy_name when
// only name-only references do (shown at --confidence fuzzy); a callable
// a reference graded same_module or better reaches is not dead.
func unreachable(in *input) []Finding {
	c := in.c
	fuzzy := int8(resolve.Rank(resolve.FuzzyName))
	strong := reach(c, in.entries, fuzzy-1, nil)
	any := reach(c, in.entries, fuzzy, nil)
	dead := make([]bool, len(c.Callables))
	for i, cl := range c.Callables {
		if strong[i] || cl.Generated || cl.Kind == ModuleInit || cl.abstract {
			continue
		}
		dead[i] = !any[i] || in.floor >= fuzzy
	}
	var out []Finding
	for _, group := range subtrees(c, dead, fuzzy) {
		root := c.Callables[group[0]]
		conf := resolve.Exact
		if any[group[0]] {
			conf = resolve.FuzzyName
		}
		msg := fmt.Sprintf("%s %s is not reached from any entry point", root.Kind, root.Qualified)
		if conf == resolve.FuzzyName {
			msg += " (a name-only reference may reach it)"
		}
		if n := len(group) - 1; n > 0 {
			msg += fmt.Sprintf(", nor are the %d callables only it reaches", n)
		}
		f := Finding{Rule: RuleUnreachable, Level: "warning", Message: msg, Confidence: string(conf),
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
