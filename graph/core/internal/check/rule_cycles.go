package check

import (
	"fmt"
	"sort"
	"strings"
)

// cycles reports the strongly connected components of the call graph at
// three levels: callables (mutual recursion), files and packages (the
// directories of files). A component of one member is no cycle. Calls
// count at the floor or stronger, dispatch included; the implied edges
// of a type's use do not (they are no call).
func cycles(in *input) []Finding {
	c := in.c
	var out []Finding
	// Callables.
	fn := sccs(len(c.Callables), func(n int, visit func(int)) {
		for _, e := range c.out[n] {
			if e.rank <= in.floor && !e.implied {
				visit(int(e.to))
			}
		}
	})
	for _, comp := range fn {
		f := Finding{Rule: RuleCycle, Level: "note"}
		var names []string
		for i, m := range comp {
			cl := c.Callables[m]
			names = append(names, cl.Qualified)
			if i <= in.related {
				f.Locations = append(f.Locations, locationOf(cl))
			}
		}
		f.Message = fmt.Sprintf("%d callables call each other in a cycle: %s", len(comp), list(names))
		f.Fingerprint = fingerprint(RuleCycle, append([]string{"function"}, names...)...)
		out = append(out, f)
	}
	out = append(out, groupCycles(in, "file", func(cl Callable) string { return cl.File })...)
	out = append(out, groupCycles(in, "package", func(cl Callable) string { return cl.Package })...)
	return out
}

// groupCycles reports the cycles between groups of callables (files,
// packages): group a calls group b when a callable of a calls one of b
// directly. A call by dispatch does not make a depend on the
// implementation's group, and test files are left out (a test reaches
// into whatever it tests), so these are dependency cycles.
func groupCycles(in *input, level string, key func(Callable) string) []Finding {
	c := in.c
	ids := map[string]int{}
	var names []string
	of := make([]int, len(c.Callables))
	for i, cl := range c.Callables {
		k := key(cl)
		id, ok := ids[k]
		if !ok {
			id = len(names)
			ids[k] = id
			names = append(names, k)
		}
		of[i] = id
	}
	adj := make([]map[int]bool, len(names))
	for from, edges := range c.out {
		if c.Callables[from].TestFile {
			continue
		}
		for _, e := range edges {
			a, b := of[from], of[e.to]
			if e.rank > in.floor || e.dispatch || a == b || c.Callables[e.to].TestFile {
				continue
			}
			if adj[a] == nil {
				adj[a] = map[int]bool{}
			}
			adj[a][b] = true
		}
	}
	var out []Finding
	for _, comp := range sccs(len(names), func(n int, visit func(int)) {
		ks := make([]int, 0, len(adj[n]))
		for k := range adj[n] {
			ks = append(ks, k)
		}
		sort.Ints(ks)
		for _, k := range ks {
			visit(k)
		}
	}) {
		var members []string
		for _, m := range comp {
			members = append(members, names[m])
		}
		sort.Strings(members)
		f := Finding{Rule: RuleCycle, Level: "note",
			Message:     fmt.Sprintf("%d %ss call each other in a cycle: %s", len(members), level, list(members)),
			Fingerprint: fingerprint(RuleCycle, append([]string{level}, members...)...)}
		if level == "package" {
			f.Level = "warning"
		}
		for i, m := range members {
			if i > in.related {
				break
			}
			f.Locations = append(f.Locations, Location{File: firstFile(c, level, m)})
		}
		out = append(out, f)
	}
	return out
}

// firstFile is a file to point at for a file or package: a package's
// first file by name that is no test file, if it has one.
func firstFile(c *Catalog, level, name string) string {
	if level == "file" {
		return name
	}
	best, bestTest := "", true
	for _, cl := range c.Callables {
		if cl.Package != name {
			continue
		}
		if best == "" || bestTest && !cl.TestFile || bestTest == cl.TestFile && cl.File < best {
			best, bestTest = cl.File, cl.TestFile
		}
	}
	if best == "" {
		return name
	}
	return best
}

// list joins names for a message, at most five of them.
func list(names []string) string {
	if len(names) > 5 {
		return strings.Join(names[:5], ", ") + fmt.Sprintf(" and %d more", len(names)-5)
	}
	return strings.Join(names, ", ")
}

// sccs is Tarjan's algorithm, iterative, over n nodes whose successors
// succ visits; it returns the components of two or more nodes, each
// sorted, in order of their least node.
func sccs(n int, succ func(n int, visit func(int))) [][]int {
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var out [][]int
	next := 0
	type frame struct {
		node int
		kids []int
		at   int
	}
	for s := 0; s < n; s++ {
		if index[s] >= 0 {
			continue
		}
		var call []frame
		push := func(v int) {
			index[v], low[v] = next, next
			next++
			stack = append(stack, v)
			onStack[v] = true
			var kids []int
			succ(v, func(w int) { kids = append(kids, w) })
			call = append(call, frame{node: v, kids: kids})
		}
		push(s)
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.at < len(f.kids) {
				w := f.kids[f.at]
				f.at++
				if index[w] < 0 {
					push(w)
				} else if onStack[w] {
					low[f.node] = min(low[f.node], index[w])
				}
				continue
			}
			v := f.node
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].node
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				var comp []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				if len(comp) > 1 {
					sort.Ints(comp)
					out = append(out, comp)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}
