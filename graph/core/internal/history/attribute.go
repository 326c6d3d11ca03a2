package history

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// Change kinds: what a commit did to a symbol.
const (
	Created   = "created"   // the parent's version of the file has no symbol of that name
	Signature = "signature" // a hunk touches the symbol's first line
	Body      = "body"      // a hunk touches the rest of it
	Deleted   = "deleted"   // the commit's version has no symbol of that name
)

// Symbol is a definition in one version of a file, named by its local
// name: its own name joined to its parents' ("Graph.Sync"), which does not
// depend on the module context the index computes from disk.
type Symbol struct {
	Local      string
	Kind       string
	Start, End int // 1-based lines
}

// fileSymbols extracts the definitions of one version of a file; package,
// module and namespace symbols are left out (they span whole files).
func fileSymbols(reg *extract.Registry, path string, content []byte) []Symbol {
	ex := reg.For(path)
	if ex == nil {
		return nil
	}
	f := ex.Extract(extract.Input{Path: path, Content: content})
	lines := extract.NewLineIndex(content)
	locals := make([]string, len(f.Symbols))
	var out []Symbol
	for i, s := range f.Symbols {
		locals[i] = s.Name
		if s.Parent >= 0 && s.Parent < i {
			if p := f.Symbols[s.Parent].Kind; p != extract.KindPackage && p != extract.KindModule && p != extract.KindNamespace {
				locals[i] = locals[s.Parent] + "." + s.Name
			}
		}
		switch s.Kind {
		case extract.KindPackage, extract.KindModule, extract.KindNamespace:
			continue
		}
		end := s.Span.End
		if end > s.Span.Start {
			end-- // the last byte of the definition, not the one after it
		}
		out = append(out, Symbol{Local: locals[i], Kind: s.Kind.String(), Start: lines.Line(s.Span.Start), End: lines.Line(end)})
	}
	return out
}

// FileChange is what one commit did to one symbol of one file.
type FileChange struct {
	Symbol Symbol // in the commit's version; the parent's when Deleted
	What   string
}

// attribute maps a file's hunks onto the symbols of its two versions.
func attribute(d FileDiff, old, cur []Symbol) []FileChange {
	had := map[string]bool{}
	for _, s := range old {
		had[s.Local] = true
	}
	has := map[string]bool{}
	var out []FileChange
	for _, s := range cur {
		has[s.Local] = true
		switch {
		case !had[s.Local]:
			out = append(out, FileChange{s, Created})
		case touches(d.Hunks, s, true, true):
			out = append(out, FileChange{s, Signature})
		case touches(d.Hunks, s, false, true):
			out = append(out, FileChange{s, Body})
		}
	}
	for _, s := range old {
		if !has[s.Local] {
			out = append(out, FileChange{s, Deleted})
		}
	}
	return out
}

// touches reports whether a hunk changes lines of s on the new side
// (newSide) or the old one: only its first line when firstOnly.
func touches(hunks []Hunk, s Symbol, firstOnly, newSide bool) bool {
	lo, hi := s.Start, s.End
	if firstOnly {
		hi = lo
	}
	for _, h := range hunks {
		start, n := h.NewStart, h.NewLen
		if !newSide {
			start, n = h.OldStart, h.OldLen
		}
		if n == 0 {
			// A pure deletion (or insertion, on the old side) after line
			// start: inside s when both neighbours are.
			if start >= lo && start < hi {
				return true
			}
			continue
		}
		if start <= hi && start+n-1 >= lo {
			return true
		}
	}
	return false
}
