// Package render turns query results into the bytes front ends print: JSON
// in the shapes of DESIGN.md, A query (the same bytes for CLI and MCP), a compact
// text form for people, and pictures of impact, trace and deps as Mermaid or
// Graphviz DOT (picture.go).
//
// Layer: core. It imports query, sync and dbpath result types; never cli or
// mcp.
package render

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/indexer"
	"github.com/orbitgraph/orbit/graph/core/query"
)

// JSON writes v as one line of JSON. HTML escaping is off: source text and
// "<-" stay readable.
func JSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(NonNil(v))
}

// SearchText renders search matches one per line.
func SearchText(w io.Writer, r query.SearchResult) error {
	if len(r.Matches) == 0 {
		_, err := fmt.Fprintln(w, "no matches")
		return err
	}
	var qualified []string
	for _, m := range r.Matches {
		if m.Kind == "symbol" {
			qualified = append(qualified, m.Qualified)
		}
	}
	prefix := commonPrefix(qualified...)
	var b strings.Builder
	foldNote(&b, prefix)
	kinds, names := make([]string, len(r.Matches)), make([]string, len(r.Matches))
	for i, m := range r.Matches {
		switch m.Kind {
		case "symbol":
			kinds[i], names[i] = m.SymbolKind, folded(m.Qualified, prefix)
		case "string":
			kinds[i], names[i] = "string", strconv.Quote(m.Value)
		case "config":
			kinds[i], names[i] = "config:"+m.ConfigKind, m.Key
		}
	}
	width := column(names)
	for i, m := range r.Matches {
		fmt.Fprintf(&b, "%-9s %-*s %s:%d\n", kinds[i], width, names[i], m.Path, m.Line)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ShowText renders a node: a header, its children, then its source.
func ShowText(w io.Writer, v *query.NodeView) error {
	var b strings.Builder
	switch v.Kind {
	case "symbol":
		fmt.Fprintf(&b, "%s %s  %s:%d-%d\n", v.SymbolKind, v.Qualified, v.Path, v.Line, v.EndLine)
		if v.Signature != "" {
			fmt.Fprintf(&b, "  %s\n", v.Signature)
		}
	case "file":
		fmt.Fprintf(&b, "file %s (%s)\n", v.Path, v.Lang)
	case "module":
		fmt.Fprintf(&b, "%s %s  (%d files)\n", v.SymbolKind, v.Qualified, len(v.Files))
	case "command":
		fmt.Fprintf(&b, "command %q  %s:%d\n", v.Name, v.Path, v.Line)
		if v.Handler != nil {
			fmt.Fprintf(&b, "  handler %s %s  %s:%d\n", v.Handler.Kind, v.Handler.Qualified, v.Handler.Path, v.Handler.Line)
		} else {
			b.WriteString("  handler unresolved\n")
		}
	}
	if v.Stale {
		b.WriteString("  (stale: the file changed since the last sync)\n")
	}
	for _, c := range v.Children {
		fmt.Fprintf(&b, "  - %s %s  :%d\n", c.Kind, c.Name, c.Line)
	}
	if v.ChildrenTruncated {
		b.WriteString("  - …\n")
	}
	if v.Source != "" {
		b.WriteString("\n" + v.Source)
		if !strings.HasSuffix(v.Source, "\n") {
			b.WriteByte('\n')
		}
	}
	if v.Truncated {
		b.WriteString("… (truncated; raise --max-bytes)\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ReportText renders a sync report in one line plus warnings.
func ReportText(w io.Writer, r indexer.Report) error {
	s := r.Skipped
	_, err := fmt.Fprintf(w, "%s sync: %d files indexed, %d changed, %d removed in %.0f ms (skipped: %d large, %d binary, %d unreadable, %d symlinks",
		r.Mode, r.FilesIndexed, r.FilesChanged, r.FilesRemoved, r.DurationMs,
		s.Large, s.Binary, s.Unreadable, s.Symlinks)
	for _, c := range []struct {
		n    int
		what string
	}{{s.SymlinkDirs, "symlinks to directories"}, {s.SymlinkLoops, "symlink loops"}, {s.Special, "FIFOs/sockets/devices"}, {s.Ignored, "ignored"}} {
		if c.n > 0 {
			fmt.Fprintf(w, ", %d %s", c.n, c.what)
		}
	}
	fmt.Fprintln(w, ")")
	if c := r.Cache; c != nil && c.Seeded {
		fmt.Fprintf(w, "  extraction cache: started from the index of another checkout; %d hits, %d misses, %d corrupt\n", c.Hits, c.Misses, c.Corrupt)
	} else if c != nil && c.Hits+c.Misses+c.Corrupt > 0 {
		fmt.Fprintf(w, "  extraction cache: %d hits, %d misses, %d corrupt\n", c.Hits, c.Misses, c.Corrupt)
	}
	if p := r.Packages; p != nil {
		fmt.Fprintf(w, "  dependency packages: %d known, %d indexed, %d external files\n", p.Packages, p.Indexed, p.Files)
		for _, m := range p.Missing {
			fmt.Fprintf(w, "  missing %s\n", m)
		}
		if more := p.MissingCount - len(p.Missing); more > 0 {
			fmt.Fprintf(w, "  … and %d more missing\n", more)
		}
		for _, n := range p.Notes {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
		if more := p.NoteCount - len(p.Notes); more > 0 {
			fmt.Fprintf(w, "  … and %d more notes\n", more)
		}
	}
	// Named: the files a person may not expect to be left out (ignored
	// ones are counted above, named in JSON).
	named := 0
	for _, f := range s.Files {
		if f.Reason != indexer.SkipIgnored {
			fmt.Fprintf(w, "  skipped %s: %s\n", f.Reason, f.Path)
			named++
		}
	}
	total := s.Large + s.Binary + s.Unreadable + s.Symlinks + s.SymlinkDirs + s.SymlinkLoops + s.Special
	if more := total - named; more > 0 {
		fmt.Fprintf(w, "  … and %d more skipped\n", more)
	}
	for _, f := range r.RemovedIndexes {
		fmt.Fprintf(w, "  removed old index %s\n", f)
	}
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "  warning: %s\n", warn)
	}
	return err
}

// CleanText lists removed index files.
func CleanText(w io.Writer, r dbpath.CleanReport) error {
	if len(r.Removed) == 0 {
		_, err := fmt.Fprintln(w, "nothing to clean")
		return err
	}
	for _, f := range r.Removed {
		if _, err := fmt.Fprintf(w, "removed %s\n", f); err != nil {
			return err
		}
	}
	return nil
}
