package check

import (
	"fmt"
	"sort"
)

// Coupling is the package × package matrix of call edges: how many
// edges at the floor or stronger go from a callable of one package to
// one of another.
type Coupling struct {
	Packages []string       `json:"packages"`
	Cells    []CouplingCell `json:"cells"`
}

// CouplingCell is one nonzero cell of the matrix, by index in Packages.
type CouplingCell struct {
	From  int `json:"from"`
	To    int `json:"to"`
	Count int `json:"count"`
}

// coupling builds the matrix of direct calls (test files left out: tests
// reach into whatever they test; a call by dispatch is no dependency on
// the implementation).
func coupling(c *Catalog, floor int8) Coupling {
	ids := map[string]int{}
	var pkgs []string
	for _, cl := range c.Callables {
		if _, ok := ids[cl.Package]; !ok && !cl.TestFile {
			ids[cl.Package] = 0
			pkgs = append(pkgs, cl.Package)
		}
	}
	sort.Strings(pkgs)
	for i, p := range pkgs {
		ids[p] = i
	}
	counts := map[[2]int]int{}
	for from, edges := range c.out {
		a := c.Callables[from]
		if a.TestFile {
			continue
		}
		for _, e := range edges {
			b := c.Callables[e.to]
			if e.rank > floor || e.dispatch || b.TestFile || a.Package == b.Package {
				continue
			}
			counts[[2]int{ids[a.Package], ids[b.Package]}]++
		}
	}
	m := Coupling{Packages: pkgs}
	for k, n := range counts {
		m.Cells = append(m.Cells, CouplingCell{From: k[0], To: k[1], Count: n})
	}
	sort.Slice(m.Cells, func(i, j int) bool {
		a, b := m.Cells[i], m.Cells[j]
		return a.From < b.From || a.From == b.From && a.To < b.To
	})
	return m
}

// couplingRule reports the packages that call more other packages than
// the configured fan-out.
func couplingRule(in *input) []Finding {
	m := coupling(in.c, in.floor)
	limit := in.cfg.CouplingMaxFanOut
	if limit <= 0 {
		limit = DefaultCouplingMaxFanOut
	}
	fanOut := make([]int, len(m.Packages))
	for _, cell := range m.Cells {
		fanOut[cell.From]++
	}
	var out []Finding
	for i, n := range fanOut {
		if n <= limit {
			continue
		}
		p := m.Packages[i]
		out = append(out, Finding{Rule: RuleCoupling, Level: "note",
			Message:     fmt.Sprintf("package %s calls into %d other packages (more than %d)", p, n, limit),
			Locations:   []Location{{File: firstFile(in.c, "package", p)}},
			Fingerprint: fingerprint(RuleCoupling, p)})
	}
	return out
}
