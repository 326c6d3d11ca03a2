package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// OverviewText renders an overview: totals, the language and kind tables,
// the top files and, in full format, each file with its symbols indented
// under their parents.
func OverviewText(w io.Writer, r query.OverviewResult) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d files, %s, %d symbols\n", r.Scope, r.Files.Total, byteSize(r.Files.Bytes), r.Symbols.Total)
	b.WriteString("\nlanguages:\n")
	for _, l := range r.Files.ByLang {
		fmt.Fprintf(&b, "  %-12s %6d files  %9s\n", l.Lang, l.Files, byteSize(l.Bytes))
	}
	if len(r.Symbols.ByKind) > 0 {
		b.WriteString("\nsymbols:\n")
		width := 12
		for _, k := range r.Symbols.ByKind {
			width = max(width, len(k.Kind))
		}
		for _, k := range r.Symbols.ByKind {
			fmt.Fprintf(&b, "  %-*s %6d\n", width, k.Kind, k.Count)
		}
	}
	if len(r.TopFiles) > 0 {
		b.WriteString("\nmost symbols:\n")
		for _, f := range r.TopFiles {
			fmt.Fprintf(&b, "  %6d  %s\n", f.Symbols, f.Path)
		}
	}
	if r.Format == query.OverviewFull {
		b.WriteString("\nfiles:\n")
		for _, f := range r.FileList {
			writeOverviewFile(&b, f)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeOverviewFile(b *strings.Builder, f query.OverviewFile) {
	stale := ""
	if f.Stale {
		stale = "  (stale: changed since the last sync)"
	}
	fmt.Fprintf(b, "  %s (%s, %s)%s\n", f.Path, f.Lang, byteSize(f.Bytes), stale)
	depth := map[string]int{} // qualified → nesting depth, parents come first
	for _, s := range f.Symbols {
		d := 0
		if s.Parent != "" {
			d = depth[s.Parent] + 1
		}
		depth[s.Qualified] = d
		fmt.Fprintf(b, "    %s- %s %s  :%d\n", strings.Repeat("  ", d), s.Kind, s.Name, s.Line)
	}
}

// byteSize is a human size: 512 B, 3.4 KiB, 12.0 MiB.
func byteSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// ImplementorsText renders one implementor per line: type, relation kind,
// the trait as written, location and confidence.
func ImplementorsText(w io.Writer, r query.ImplementorsResult) error {
	if len(r.Implementors) == 0 {
		_, err := fmt.Fprintf(w, "no implementors of %s\n", r.Trait)
		return err
	}
	var b strings.Builder
	for _, im := range r.Implementors {
		match := ""
		if im.Match == query.MatchName && r.Qualified != "" {
			match = "  (name match only)"
		}
		if im.Package != "" {
			match += "  (" + strings.TrimSpace(im.Package+" "+im.Version) + ")"
		}
		fmt.Fprintf(&b, "%-50s %-10s %-40s %s:%d  %s%s\n", im.Type, im.Kind, im.Trait, im.File, im.Line, im.Confidence, match)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// DepsText renders each file's imports, marking where internal ones live,
// then the external modules.
func DepsText(w io.Writer, r query.DepsResult) error {
	var b strings.Builder
	if len(r.Files) == 0 {
		fmt.Fprintf(&b, "no imports in %s\n", r.Scope)
	}
	// The import path of the indexed packages, said once.
	var names []string
	for _, f := range r.Files {
		for _, d := range f.Imports {
			if d.InternalPath != "" {
				names = append(names, d.TargetPath)
			}
		}
	}
	prefix := commonPrefix(names...)
	markedNote(&b, prefix)
	for _, f := range r.Files {
		b.WriteString(f.File + "\n")
		for _, d := range f.Imports {
			target := marked(d.TargetPath, prefix)
			if d.TargetSymbol != "" {
				target += " (" + d.TargetSymbol + ")"
			}
			if d.InternalPath != "" {
				target += "  -> " + d.InternalPath
			}
			b.WriteString("  " + target + "\n")
		}
	}
	if len(r.External) > 0 {
		b.WriteString("\nexternal:\n")
		for _, m := range r.External {
			b.WriteString("  " + m + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
