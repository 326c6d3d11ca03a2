package check

import "slices"

// input is what every rule sees: the frozen catalog, the entry points
// and the options. Rules never change it and never depend on each other.
type input struct {
	c       *Catalog
	entries []Entry
	floor   int8 // rank of the weakest call edge that counts
	cfg     Config
	related int // the most further locations a finding lists
}

// subtrees splits a set of callables into the subtrees of its roots:
// each root is a member no other member calls (edges ranked at most
// floor), and its subtree is what it reaches inside the set; members left
// over lie on cycles, and the first of each becomes a root. Roots come in
// catalog order, each with its members after it.
func subtrees(c *Catalog, in []bool, floor int8) [][]int32 {
	called := make([]bool, len(in))
	for from, edges := range c.out {
		if !in[from] {
			continue
		}
		for _, e := range edges {
			if e.rank <= floor && in[e.to] && e.to != int32(from) {
				called[e.to] = true
			}
		}
	}
	claimed := make([]bool, len(in))
	var out [][]int32
	grow := func(root int32) {
		group := []int32{root}
		claimed[root] = true
		for i := 0; i < len(group); i++ {
			for _, e := range c.out[group[i]] {
				if e.rank <= floor && in[e.to] && !claimed[e.to] {
					claimed[e.to] = true
					group = append(group, e.to)
				}
			}
		}
		slices.Sort(group[1:]) // catalog order, whatever order the edges came in
		out = append(out, group)
	}
	for i := range in {
		if in[i] && !called[i] {
			grow(int32(i))
		}
	}
	for i := range in {
		if in[i] && !claimed[i] {
			grow(int32(i))
		}
	}
	return out
}

// maxRelated caps the further locations one finding lists.
const maxRelated = 20
