package render

// Pictures: impact, trace and deps drawn as Mermaid flowcharts or Graphviz
// DOT digraphs. Small by default: past a node budget the rest is collapsed
// into one "+k more" node per parent, and a note says what was cut. The same
// result gives the same bytes: nodes are numbered in the result's own order.

import (
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// Picture formats.
const (
	Mermaid = "mermaid"
	DOT     = "dot"
)

// IsPicture tells whether format is a picture format.
func IsPicture(format string) bool { return format == Mermaid || format == DOT }

// DefaultMaxNodes is how many nodes a picture draws, "+k more" nodes
// included, before it collapses the rest.
const DefaultMaxNodes = 40

// PictureOptions choose the format and the node budget.
type PictureOptions struct {
	Format   string // Mermaid or DOT
	MaxNodes int    // 0 means DefaultMaxNodes
}

// node shapes
const (
	shapeSymbol   = iota
	shapeRoot     // the symbol, command or scope the picture is about
	shapeExternal // outside the index
	shapeMore     // "+k more"
)

type pnode struct {
	key, label, tooltip string
	shape               int
	parent              int // the node it was reached from; -1 for none
}

type pedge struct {
	from, to int
	label    string
	weak     bool // confidence below import_resolved: drawn dashed
}

// picture is what both writers draw.
type picture struct {
	title string // a comment on top: the command that made it
	nodes []pnode
	edges []pedge
	index map[string]int  // key → node
	drawn map[[2]int]bool // edges by their ends
	notes []string        // what was cut, one line each
}

func newPicture(title string) *picture {
	return &picture{title: title, index: map[string]int{}, drawn: map[[2]int]bool{}}
}

// add returns the node with key, adding it when new.
func (p *picture) add(n pnode) int {
	if i, ok := p.index[n.key]; ok {
		return i
	}
	p.index[n.key] = len(p.nodes)
	p.nodes = append(p.nodes, n)
	return len(p.nodes) - 1
}

func (p *picture) edge(e pedge) {
	if ends := [2]int{e.from, e.to}; e.from != e.to && !p.drawn[ends] {
		p.drawn[ends] = true
		p.edges = append(p.edges, e)
	}
}

// weak is a confidence drawn dashed: resolved by module or name only.
func weak(c string) bool { return c == "same_module" || c == "fuzzy_name" }

// shortName drops the package path of a qualified name:
// "example.com/m/pkg.Type.Method" → "pkg.Type.Method".
func shortName(q string) string {
	if i := strings.LastIndexByte(q, '/'); i >= 0 && i < len(q)-1 {
		return q[i+1:]
	}
	return q
}

// ImpactPicture draws the target and the symbols impact reached, each joined
// to the symbol it was reached from by the edge that reached it (pointing
// from the symbol that refers to the other).
func ImpactPicture(w io.Writer, r query.ImpactResult, o PictureOptions) error {
	t := r.Target
	p := newPicture("orbit graph impact " + t.Qualified)
	root := p.add(pnode{key: symKey(t), label: shortName(t.Qualified), tooltip: loc(t.Path, t.Line), shape: shapeRoot, parent: -1})
	level := map[string]int{t.Qualified: root} // qualified → node, one distance up
	next := map[string]int{}
	dist := 1
	for _, s := range r.Symbols {
		if s.Distance != dist {
			level, next, dist = next, map[string]int{}, s.Distance
		}
		via, ok := level[s.Via]
		if !ok {
			via = root
		}
		i := p.add(pnode{key: symKey(s.SymbolRef), label: shortName(s.Qualified), tooltip: loc(s.Path, s.Line), parent: via})
		if _, seen := next[s.Qualified]; !seen {
			next[s.Qualified] = i
		}
		e := pedge{from: i, to: via, label: s.Edge, weak: weak(s.Confidence)}
		if s.Direction == "outbound" {
			e.from, e.to = via, i
		}
		p.edge(e)
	}
	if r.Truncated {
		p.notes = append(p.notes, fmt.Sprintf("impact stopped at its cap of %d symbols", query.MaxImpactNodes))
	}
	return p.write(w, o)
}

// TracePicture draws the call tree of a command; a symbol called from
// several places is one node with several callers.
func TracePicture(w io.Writer, r query.TraceResult, o PictureOptions) error {
	if r.Root == nil {
		p := newPicture("orbit graph trace")
		p.notes = append(p.notes, "no such command, or its handler is unresolved")
		return p.write(w, o)
	}
	p := newPicture(fmt.Sprintf("orbit graph trace %q", r.Root.Name))
	p.add(pnode{key: traceKey(r.Root), label: r.Root.Name, tooltip: loc(r.Root.Path, r.Root.Line), shape: shapeRoot, parent: -1})
	type item struct {
		n *query.TraceNode
		i int
	}
	queue := []item{{r.Root, 0}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, c := range it.n.Children {
			n := pnode{key: traceKey(c), label: c.Name, tooltip: loc(c.Path, c.Line), parent: it.i}
			if c.QualifiedName != nil {
				n.label = shortName(*c.QualifiedName)
			}
			if c.Path == "" {
				n.shape = shapeExternal
			}
			i := p.add(n)
			p.edge(pedge{from: it.i, to: i, weak: c.Confidence != nil && weak(*c.Confidence)})
			queue = append(queue, item{c, i})
		}
	}
	if r.Truncated {
		p.notes = append(p.notes, fmt.Sprintf("trace stopped at its cap of %d nodes", r.VisitedNodes))
	}
	return p.write(w, o)
}

// DepsPicture draws what imports what. A file: scope draws the file and
// each import, indexed ones first, then external modules, most imported
// first. A dir: scope draws directories (packages) by path, each joined to
// the directories its files import; external modules are only counted, as
// every package imports a few and their edges would hide the rest.
func DepsPicture(w io.Writer, r query.DepsResult, o PictureOptions) error {
	p := newPicture("orbit graph deps " + r.Scope)
	byFile := strings.HasPrefix(r.Scope, "file:")
	group := func(file string) string {
		if byFile {
			return file
		}
		return path.Dir(file)
	}
	internal := map[string]bool{}
	fanIn := map[string]int{} // external module → importing nodes
	type link struct{ from, to string }
	links := map[link]bool{}
	for _, f := range r.Files {
		src := group(f.File)
		internal[src] = true
		for _, d := range f.Imports {
			if d.InternalPath == "" {
				l := link{src, "ext:" + d.TargetPath}
				if !links[l] {
					links[l] = true
					fanIn[d.TargetPath]++
				}
				continue
			}
			to := d.InternalPath
			if !byFile && path.Ext(to) != "" { // a file: its directory
				to = path.Dir(to)
			}
			internal[to] = true
			links[link{src, to}] = true
		}
	}
	for _, k := range sortedKeys(internal) {
		p.add(pnode{key: k, label: k, parent: -1})
	}
	ext := sortedKeys(fanIn)
	if byFile {
		sort.SliceStable(ext, func(i, j int) bool { return fanIn[ext[i]] > fanIn[ext[j]] })
		for _, m := range ext {
			p.add(pnode{key: "ext:" + m, label: m, shape: shapeExternal, parent: -1})
		}
	} else if len(ext) > 0 {
		p.notes = append(p.notes, fmt.Sprintf("%d external modules not drawn (listed in the JSON answer)", len(ext)))
	}
	ls := make([]link, 0, len(links))
	for l := range links {
		if _, ok := p.index[l.to]; ok {
			ls = append(ls, l)
		}
	}
	sort.Slice(ls, func(i, j int) bool {
		a, b := ls[i], ls[j]
		if a.from != b.from {
			return p.index[a.from] < p.index[b.from]
		}
		return p.index[a.to] < p.index[b.to]
	})
	for _, l := range ls {
		p.edge(pedge{from: p.index[l.from], to: p.index[l.to]})
	}
	if len(r.Files) == 0 {
		p.notes = append(p.notes, "no imports in "+r.Scope)
	}
	return p.write(w, o)
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func symKey(s query.SymbolRef) string {
	return fmt.Sprintf("%s\x00%s\x00%d", s.Qualified, s.Path, s.Line)
}

func traceKey(n *query.TraceNode) string {
	if n.QualifiedName != nil {
		return *n.QualifiedName + "\x00" + n.Path
	}
	return n.Name + "\x00" + n.Path
}

func loc(file string, line int) string {
	if file == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// collapse keeps the nodes that fit the budget: the first k in order, plus
// one "+n more" node for each kept node with cut children, with k the
// largest that keeps the total within budget. Cut nodes whose parent is cut
// too, or that have none, are only counted in the note.
func (p *picture) collapse(budget int) *picture {
	if budget <= 0 {
		budget = DefaultMaxNodes
	}
	total := len(p.nodes)
	if total <= budget {
		return p
	}
	more := func(k int) map[int]int { // kept parent → cut children
		m := map[int]int{}
		for _, n := range p.nodes[k:] {
			if n.parent >= 0 && n.parent < k {
				m[n.parent]++
			}
		}
		return m
	}
	k := budget
	for k > 1 && k+len(more(k)) > budget {
		k--
	}
	out := newPicture(p.title)
	out.nodes = p.nodes[:k]
	for _, e := range p.edges {
		if e.from < k && e.to < k {
			out.edges = append(out.edges, e)
		}
	}
	m := more(k)
	collapsed := 0
	for parent := 0; parent < k; parent++ {
		if n := m[parent]; n > 0 {
			collapsed += n
			i := len(out.nodes)
			out.nodes = append(out.nodes, pnode{key: fmt.Sprintf("more:%d", parent), label: fmt.Sprintf("+%d more", n), shape: shapeMore, parent: parent})
			out.edges = append(out.edges, pedge{from: parent, to: i, weak: true})
		}
	}
	note := fmt.Sprintf("showing %d of %d nodes (budget %d)", k, total, budget)
	if collapsed > 0 {
		note += fmt.Sprintf("; %d collapsed into +more nodes", collapsed)
	}
	if rest := total - k - collapsed; rest > 0 {
		note += fmt.Sprintf("; %d further not drawn", rest)
	}
	out.notes = append([]string{note + "; raise the node budget to see more"}, p.notes...)
	return out
}

func (p *picture) write(w io.Writer, o PictureOptions) error {
	p = p.collapse(o.MaxNodes)
	var b strings.Builder
	switch o.Format {
	case Mermaid:
		p.mermaid(&b)
	case DOT:
		p.dot(&b)
	default:
		return fmt.Errorf("unknown picture format %q (want %s or %s)", o.Format, Mermaid, DOT)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mermaidEscape makes s safe inside a quoted Mermaid label: quotes, markup
// and '#' (which starts an entity) become entity codes.
var mermaidEscape = strings.NewReplacer(
	`#`, "#35;", `"`, "#quot;", `<`, "#lt;", `>`, "#gt;", `&`, "#amp;",
	"`", "#96;", `|`, "#124;", "\n", " ", "\r", " ",
)

func (p *picture) mermaid(b *strings.Builder) {
	b.WriteString("flowchart LR\n")
	fmt.Fprintf(b, "  %%%% %s\n", strings.ReplaceAll(p.title, "\n", " "))
	for _, n := range p.notes {
		fmt.Fprintf(b, "  %%%% %s\n", n)
	}
	var classes [4][]string
	for i, n := range p.nodes {
		open, close := `["`, `"]`
		if n.shape == shapeExternal {
			open, close = `(["`, `"])`
		}
		fmt.Fprintf(b, "  n%d%s%s%s\n", i, open, mermaidEscape.Replace(n.label), close)
		classes[n.shape] = append(classes[n.shape], fmt.Sprintf("n%d", i))
	}
	if len(p.notes) > 0 {
		fmt.Fprintf(b, "  note[\"%s\"]\n", mermaidEscape.Replace(strings.Join(p.notes, "; ")))
	}
	for _, e := range p.edges {
		arrow := "-->"
		switch {
		case p.nodes[e.to].shape == shapeMore:
			arrow = "-.-"
		case e.weak:
			arrow = "-.->"
		}
		if e.label != "" {
			arrow += "|" + mermaidEscape.Replace(e.label) + "|"
		}
		fmt.Fprintf(b, "  n%d %s n%d\n", e.from, arrow, e.to)
	}
	b.WriteString("  classDef root stroke-width:3px\n  classDef more stroke-dasharray:4 4\n  classDef note fill:#fff8dc\n")
	if len(classes[shapeRoot]) > 0 {
		fmt.Fprintf(b, "  class %s root\n", strings.Join(classes[shapeRoot], ","))
	}
	if len(classes[shapeMore]) > 0 {
		fmt.Fprintf(b, "  class %s more\n", strings.Join(classes[shapeMore], ","))
	}
	if len(p.notes) > 0 {
		b.WriteString("  class note note\n")
	}
}

// dotEscape makes s safe inside a quoted DOT string.
var dotEscape = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", "")

func (p *picture) dot(b *strings.Builder) {
	fmt.Fprintf(b, "// %s\n", strings.ReplaceAll(p.title, "\n", " "))
	for _, n := range p.notes {
		fmt.Fprintf(b, "// %s\n", n)
	}
	b.WriteString("digraph orbit {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n")
	for i, n := range p.nodes {
		attrs := fmt.Sprintf(`label="%s"`, dotEscape.Replace(n.label))
		if n.tooltip != "" {
			attrs += fmt.Sprintf(`, tooltip="%s"`, dotEscape.Replace(n.tooltip))
		}
		switch n.shape {
		case shapeRoot:
			attrs += ", penwidth=2.5"
		case shapeExternal:
			attrs += ", shape=ellipse"
		case shapeMore:
			attrs += ", style=dashed"
		}
		fmt.Fprintf(b, "  n%d [%s];\n", i, attrs)
	}
	if len(p.notes) > 0 {
		fmt.Fprintf(b, "  note [label=\"%s\", shape=note, style=filled, fillcolor=\"#fff8dc\"];\n", dotEscape.Replace(strings.Join(p.notes, "\n")))
	}
	for _, e := range p.edges {
		var attrs []string
		if e.label != "" {
			attrs = append(attrs, fmt.Sprintf(`label="%s"`, dotEscape.Replace(e.label)))
		}
		switch {
		case p.nodes[e.to].shape == shapeMore:
			attrs = append(attrs, "style=dotted", "arrowhead=none")
		case e.weak:
			attrs = append(attrs, "style=dashed")
		}
		fmt.Fprintf(b, "  n%d -> n%d", e.from, e.to)
		if len(attrs) > 0 {
			fmt.Fprintf(b, " [%s]", strings.Join(attrs, ", "))
		}
		b.WriteString(";\n")
	}
	b.WriteString("}\n")
}
