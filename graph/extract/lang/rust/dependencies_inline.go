package rust

import (
	"slices"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A path whose first segment nothing in scope binds names another crate
// (Rust 2018's extern prelude: every dependency is in scope by its name,
// as if `extern crate serde_json;` were written). Such a crate is
// imported like one an `extern crate` names, so that the dependency
// packages (DESIGN.md, Dependency packages) locate a crate that a file
// only names inline, `serde_json::to_string(…)` with no `use`.
//
// A file that already imports from the crate gets no such import (it
// would make the dependency's module tree read every module, and grade
// every inline path through it). The modules its inline paths pass
// through are named instead by an inline-module import (inlineModPath),
// so that the lazy module tree reads them.

// externCrateUse records the crate a path pathRef or a macro resolves
// names inline (segs, its first segment the crate), and the module path
// it passes through. Where a glob import is in scope (`use super::*;`,
// or a 2015 crate's `use lib::*;` whose lib re-exports core's fmt), the
// first segment may be a module that glob brings: it is not taken for a
// crate. Nor is a path starting with `::`, which a 2015 crate means from
// its own root (`::actually_private::T` in serde).
func (w *walker) externCrateUse(segs [][]byte, sc *scope) {
	if w.pathSpan == (extract.Span{}) {
		return // a path with no site of its own (an impl's, a receiver's)
	}
	for s := sc; s != nil; s = s.parent {
		if len(s.globs) > 0 {
			return
		}
	}
	if mod := inlineModPath(segs); mod != "" && !slices.ContainsFunc(w.inlineMods, func(im extract.RawImport) bool { return im.Path == mod }) {
		w.inlineMods = append(w.inlineMods, extract.RawImport{Path: mod, Span: w.pathSpan})
	}
	first := string(segs[0])
	for _, e := range w.externs {
		if e.Path == first {
			return
		}
	}
	w.externs = append(w.externs, extract.RawImport{Path: first, Span: w.pathSpan})
}

// inlineModPath is the import path naming the modules an inline path
// through a crate passes through: `::` and the crate, then its segments
// up to the last or the first upper-case one (a type: `Extra` of
// `checksum::extra::Extra::new`), "" when that leaves none
// (`checksum::adler32(…)`). The leading `::`, which no import the
// extractor writes and no candidate starts with, marks it: it binds
// nothing, no candidate comes through it (so it grades no ref), and
// the module tree reads the modules on it and none below
// (newModWants).
func inlineModPath(segs [][]byte) string {
	k := 1
	for k < len(segs)-1 && !isUpper(segs[k]) {
		k++
	}
	if k == 1 {
		return ""
	}
	return "::" + joinSegs("", segs[:k])
}

// isInlineModPath: path is an inline-module import (inlineModPath).
func isInlineModPath(path string) bool { return strings.HasPrefix(path, "::") }

// importExterns imports, in source order, the crates paths named inline
// that no import of the file names already and, for those it does name,
// the module paths of inline paths that its imports do not pass through
// or lie below.
func (w *walker) importExterns() {
	have := map[string][]string{} // crate → the paths the file imports from it, the crate left out
	for _, im := range w.out.Imports {
		first, rest, _ := strings.Cut(strings.TrimPrefix(im.Path, "::"), "::")
		have[first] = append(have[first], rest)
	}
	added := false
	for _, e := range w.externs {
		if _, ok := have[e.Path]; !ok && e.Path != "" && isIdentByte(e.Path[0]) {
			w.out.Imports = append(w.out.Imports, e)
			added = true
		}
	}
	for _, m := range w.inlineMods {
		crate, rest, _ := strings.Cut(m.Path[2:], "::")
		if paths, ok := have[crate]; ok && !slices.ContainsFunc(paths, func(p string) bool { return modCovers(p, rest) }) {
			w.out.Imports = append(w.out.Imports, m)
			added = true
		}
	}
	if added {
		sort.SliceStable(w.out.Imports, func(i, j int) bool { return w.out.Imports[i].Span.Start < w.out.Imports[j].Span.Start })
	}
}

// modCovers: the module tree reads every module on mod (a module path in
// a crate) for an import of path (in the same crate, "" for the crate):
// path passes through mod, or mod lies below it.
func modCovers(path, mod string) bool {
	return path == "" || path == mod || segPrefix(path, mod) || segPrefix(mod, path)
}

// segPrefix: s starts with the segments of prefix.
func segPrefix(s, prefix string) bool {
	return len(s) > len(prefix)+2 && strings.HasPrefix(s, prefix) && s[len(prefix):len(prefix)+2] == "::"
}
