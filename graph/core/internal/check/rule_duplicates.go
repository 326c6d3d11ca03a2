package check

import (
	"fmt"
	"strconv"
)

// duplicates reports callables with the same normalised body (comments
// and layout aside) of at least the configured size, when they differ
// in qualified name or file: one finding per body.
func duplicates(in *input) []Finding {
	c := in.c
	minSize := in.cfg.DuplicateMinSize
	if minSize <= 0 {
		minSize = DefaultDuplicateMinSize
	}
	groups := map[uint64][]int32{}
	var order []uint64
	for i, cl := range c.Callables {
		if cl.BodyHash == 0 || cl.BodySize < minSize || cl.Generated {
			continue
		}
		if len(groups[cl.BodyHash]) == 0 {
			order = append(order, cl.BodyHash)
		}
		groups[cl.BodyHash] = append(groups[cl.BodyHash], int32(i))
	}
	var out []Finding
	for _, h := range order {
		g := groups[h]
		if len(g) < 2 || !differ(c, g) {
			continue
		}
		first := c.Callables[g[0]]
		f := Finding{Rule: RuleDuplicate, Level: "warning",
			Message: fmt.Sprintf("%s has the same body (%d bytes without comments and layout) as %d other callable(s)",
				first.Qualified, first.BodySize, len(g)-1),
			Fingerprint: fingerprint(RuleDuplicate, strconv.FormatUint(h, 16))}
		for i, m := range g {
			if i > in.related {
				break
			}
			f.Locations = append(f.Locations, locationOf(c.Callables[m]))
		}
		out = append(out, f)
	}
	return out
}

// differ reports whether some two members differ in name or file.
func differ(c *Catalog, g []int32) bool {
	a := c.Callables[g[0]]
	for _, m := range g[1:] {
		if b := c.Callables[m]; b.Qualified != a.Qualified || b.File != a.File {
			return true
		}
	}
	return false
}
