package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// RefsText renders refs grouped by confidence, strongest first (the order
// query.Refs returns them in), then the relations.
func RefsText(w io.Writer, r query.RefsResult) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s  %s:%d\n", r.Target.Kind, r.Target.Qualified, r.Target.Path, r.Target.Line)
	if len(r.Refs) == 0 && len(r.Relations) == 0 {
		b.WriteString("  no references\n")
	}
	// The enclosing symbols' module path, said once (issue 20: the bytes
	// an agent reads per entry).
	names := []string{r.Target.Qualified}
	for _, s := range r.Refs {
		names = append(names, s.From, s.Via)
	}
	for _, rel := range r.Relations {
		names = append(names, rel.From)
	}
	prefix := commonPrefix(names...)
	foldNote(&b, prefix)
	// One line per ref, written without fmt: the answer an agent asks for
	// most, and fmt spent 1 µs a line (issue 16).
	group := ""
	for _, s := range r.Refs {
		if s.Confidence != group {
			group = s.Confidence
			b.WriteString(group + ":\n")
		}
		b.WriteString("  ")
		padded(&b, s.Kind, 11)
		b.WriteString(" " + s.File + ":" + strconv.Itoa(s.Line) + ":" + strconv.Itoa(s.Column))
		if s.From != "" {
			b.WriteString("  in " + folded(s.From, prefix))
		}
		if s.Via != "" {
			b.WriteString("  via " + folded(s.Via, prefix) + " (dispatch)")
		}
		b.WriteByte('\n')
	}
	if len(r.Relations) > 0 {
		b.WriteString("relations:\n")
	}
	for _, rel := range r.Relations {
		fmt.Fprintf(&b, "  %-11s %s  %s:%d  (%s)\n", rel.Kind, folded(rel.From, prefix), rel.File, rel.Line, rel.Confidence)
	}
	skipped(&b, r.SkippedLowConfidence)
	_, err := io.WriteString(w, b.String())
	return err
}

// CalleesText renders calls in source order with where each one leads.
func CalleesText(w io.Writer, r query.CalleesResult) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s  %s:%d\n", r.Source.Kind, r.Source.Qualified, r.Source.Path, r.Source.Line)
	if len(r.Callees) == 0 {
		b.WriteString("  no calls\n")
	}
	// The module path the names share, said once; when calls also leave the
	// index (the standard library), the indexed targets' path, marked.
	names, indexed := []string{r.Source.Qualified}, []string{r.Source.Qualified}
	for _, c := range r.Callees {
		names = append(names, c.Qualified)
		if c.Target != nil {
			indexed = append(indexed, c.Qualified)
		}
	}
	fold, prefix := folded, commonPrefix(names...)
	if prefix != "" {
		foldNote(&b, prefix)
	} else if prefix = commonPrefix(indexed...); prefix != "" {
		fold = marked
		markedNote(&b, prefix)
	}
	names = names[:0]
	for _, c := range r.Callees {
		name := fold(c.Qualified, prefix)
		if name == "" {
			name = c.Name
		}
		names = append(names, name)
	}
	width := column(names)
	for i, c := range r.Callees {
		fmt.Fprintf(&b, "  :%d:%d  %-*s %s", c.Line, c.Column, width, names[i], c.Confidence)
		if c.Target != nil {
			fmt.Fprintf(&b, "  -> %s:%d", c.Target.Path, c.Target.Line)
		}
		b.WriteByte('\n')
	}
	skipped(&b, r.SkippedLowConfidence)
	_, err := io.WriteString(w, b.String())
	return err
}

// ImpactText renders touched symbols by distance, each with how it was
// reached.
func ImpactText(w io.Writer, r query.ImpactResult) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s  %s:%d  (depth %d)\n", r.Target.Kind, r.Target.Qualified, r.Target.Path, r.Target.Line, r.Depth)
	if len(r.Symbols) == 0 {
		b.WriteString("  nothing reached\n")
	}
	names := []string{r.Target.Qualified}
	for _, n := range r.Symbols {
		names = append(names, n.Qualified, n.Via)
	}
	prefix := commonPrefix(names...)
	foldNote(&b, prefix)
	names = names[:0]
	for _, n := range r.Symbols {
		names = append(names, folded(n.Qualified, prefix))
	}
	width := column(names)
	for i, n := range r.Symbols {
		arrow := "<-" // it refers to the symbol it was reached from
		if n.Direction == "outbound" {
			arrow = "->"
		}
		fmt.Fprintf(&b, "  %d %-9s %-*s %s:%d  %s %s %s (%s)\n", n.Distance, n.Kind, width, names[i], n.Path, n.Line,
			arrow, n.Edge, folded(n.Via, prefix), n.Confidence)
	}
	if r.Truncated {
		fmt.Fprintf(&b, "  … (truncated at %d symbols; lower --depth or start from a narrower symbol)\n", query.MaxImpactNodes)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TraceText renders the call tree indented by depth.
func TraceText(w io.Writer, r query.TraceResult) error {
	var b strings.Builder
	if r.Root == nil {
		b.WriteString("no such command, or its handler is unresolved\n")
	} else {
		// The indexed symbols' module path, said once; calls leaving the
		// index (the standard library, dependencies) keep their names.
		var names []string
		var walk func(*query.TraceNode)
		walk = func(n *query.TraceNode) {
			if n.QualifiedName != nil && n.Path != "" {
				names = append(names, *n.QualifiedName)
			}
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(r.Root)
		prefix := commonPrefix(names...)
		markedNote(&b, prefix)
		traceNode(&b, r.Root, 0, prefix)
	}
	if r.Truncated {
		fmt.Fprintf(&b, "… (truncated at %d nodes; trace a sub-handler or lower --depth)\n", r.VisitedNodes)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func traceNode(b *strings.Builder, n *query.TraceNode, depth int, prefix string) {
	name := n.Name
	if n.QualifiedName != nil {
		name = marked(*n.QualifiedName, prefix)
	}
	fmt.Fprintf(b, "%s%s", strings.Repeat("  ", depth), name)
	if n.Path != "" {
		fmt.Fprintf(b, "  %s:%d", n.Path, n.Line)
	}
	if n.Confidence != nil {
		fmt.Fprintf(b, "  (%s)", *n.Confidence)
	}
	b.WriteByte('\n')
	for _, c := range n.Children {
		traceNode(b, c, depth+1, prefix)
	}
}

func skipped(b *strings.Builder, n int) {
	if n > 0 {
		fmt.Fprintf(b, "(%d below the confidence floor skipped; --confidence fuzzy shows them)\n", n)
	}
}
