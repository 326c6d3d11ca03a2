package history

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// Change kinds: what a commit did to a symbol.
const (
	Created   = "created"   // the parent's version of the file has no symbol of that name
	Signature = "signature" // a hunk touches it and its signature differs
	Body      = "body"      // a hunk touches it, the signature is the same
	Deleted   = "deleted"   // the commit's version has no symbol of that name
	// Only an accepted operation log says these (the matcher sees a
	// deletion and a creation); a compound is joined: "renamed+moved".
	Renamed = "renamed" // same file and kind, another name
	Moved   = "moved"   // same name and kind, another file
	Split   = "split"   // one symbol became several (recorded on each)
	Merged  = "merged"  // several became one (recorded on each)
)

// Symbol is a definition in one version of a file, named by its local
// name: its own name joined to its parents' ("Graph.Sync"), which does not
// depend on the module context the index computes from disk.
type Symbol struct {
	Local      string
	Kind       string
	Signature  string // the extractor's one-line signature, "" when none
	Start, End int    // 1-based lines
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
		out = append(out, Symbol{Local: locals[i], Kind: s.Kind.String(), Signature: s.Signature,
			Start: lines.Line(s.Span.Start), End: lines.Line(end)})
	}
	return out
}

// FileChange is what one commit did to one symbol of one file.
type FileChange struct {
	Symbol Symbol // in the commit's version; the parent's when Deleted
	What   string
}

// attribute maps a file's hunks onto the symbols of its two versions; a
// symbol is the same in both when its local name and kind are (the
// identity matcher's key, with the path).
func attribute(d FileDiff, old, cur []Symbol) []FileChange {
	type key struct{ local, kind string }
	had := map[key]Symbol{}
	for _, s := range old {
		had[key{s.Local, s.Kind}] = s
	}
	has := map[key]bool{}
	var out []FileChange
	for _, s := range cur {
		has[key{s.Local, s.Kind}] = true
		before, existed := had[key{s.Local, s.Kind}]
		switch {
		case !existed:
			out = append(out, FileChange{s, Created})
		case !touches(d.Hunks, s):
		case before.Signature != s.Signature:
			out = append(out, FileChange{s, Signature})
		default:
			out = append(out, FileChange{s, Body})
		}
	}
	for _, s := range old {
		if !has[key{s.Local, s.Kind}] {
			out = append(out, FileChange{s, Deleted})
		}
	}
	return out
}

// touches reports whether a hunk changes lines of s (on the new side).
func touches(hunks []Hunk, s Symbol) bool {
	for _, h := range hunks {
		if h.NewLen == 0 {
			// A pure deletion after line NewStart: inside s when both
			// neighbours are.
			if h.NewStart >= s.Start && h.NewStart < s.End {
				return true
			}
			continue
		}
		if h.NewStart <= s.End && h.NewStart+h.NewLen-1 >= s.Start {
			return true
		}
	}
	return false
}
