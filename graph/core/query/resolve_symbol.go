package query

import (
	"context"
	"database/sql"
	"fmt"
	"path"
	"strings"
)

// resolveSymbol finds the one symbol a symbol: selector names. The name is a
// symbol's short name or a dotted suffix of its qualified name (Type.Method).
// No match is a LookupError with near names; several distinct symbols are a
// LookupError listing selectors that pick each one. Rows sharing a qualified
// name and kind (a redefinition) are one symbol by identity (spec §6.3); the
// first is returned.
func resolveSymbol(ctx context.Context, db *sql.DB, src *sources, sel Selector) (symbolRow, error) {
	rows, err := querySymbols(ctx, db, `SELECT `+symbolCols+` FROM symbols WHERE file_path = ? ORDER BY span_start, id`, sel.Path)
	if err != nil {
		return symbolRow{}, err
	}
	if len(rows) == 0 {
		return symbolRow{}, fileNotFound(ctx, db, sel)
	}
	var hits []symbolRow
	seen := map[string]bool{}
	for _, r := range rows {
		if !nameMatches(r, sel.Name) || sel.Sym != "" && r.kind != sel.Sym {
			continue
		}
		if id := r.qualified + "\x00" + r.kind; !seen[id] {
			seen[id] = true
			hits = append(hits, r)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		elsewhere, err := definedElsewhere(ctx, db, sel)
		if err != nil {
			return symbolRow{}, err
		}
		sugg := append(elsewhere, symbolSuggestions(sel, rows)...)
		return symbolRow{}, &LookupError{Selector: sel.Raw, Reason: "not_found", Suggestions: capSuggestions(sugg)}
	}
	return symbolRow{}, &LookupError{Selector: sel.Raw, Reason: "ambiguous", Candidates: candidates(src, sel, hits)}
}

// nameMatches: the short name, or a dotted suffix of the qualified name on a
// segment boundary.
func nameMatches(r symbolRow, want string) bool {
	if r.name == want {
		return true
	}
	if !strings.ContainsAny(want, ".:") || !strings.HasSuffix(r.qualified, want) {
		return false
	}
	i := len(r.qualified) - len(want)
	return i == 0 || strings.ContainsRune("./:#", rune(r.qualified[i-1]))
}

func symbolSuggestions(sel Selector, rows []symbolRow) []string {
	names := make([]string, 0, len(rows))
	for _, r := range rows {
		names = append(names, r.name)
	}
	var out []string
	for _, n := range nearest(sel.Name, names) {
		out = append(out, "symbol:"+sel.Path+"#"+n)
	}
	return out
}

// candidates gives each hit the shortest selector that picks it alone.
func candidates(src *sources, sel Selector, hits []symbolRow) []Candidate {
	out := make([]Candidate, len(hits))
	for i, h := range hits {
		out[i] = Candidate{Selector: uniqueSelector(sel.Path, h, hits), Qualified: h.qualified, Kind: h.kind, Line: src.line(h.path, h.start)}
	}
	return out
}

func uniqueSelector(p string, h symbolRow, all []symbolRow) string {
	for _, suffix := range suffixes(h.qualified) {
		for _, withKind := range []bool{false, true} {
			count := 0
			for _, o := range all {
				if nameMatches(o, suffix) && (!withKind || o.kind == h.kind) {
					count++
				}
			}
			if count == 1 {
				s := "symbol:" + p + "#" + suffix
				if withKind {
					s += ":" + h.kind
				}
				return s
			}
		}
	}
	return "symbol:" + p + "#" + h.qualified + ":" + h.kind
}

// suffixes lists a qualified name's segment-boundary suffixes, shortest
// first, spelled as in the name itself ("Type.Method", "Type::method").
func suffixes(q string) []string {
	var out []string
	for i := len(q) - 1; i > 0; i-- {
		if strings.ContainsRune("./:#", rune(q[i-1])) && !strings.ContainsRune("./:#", rune(q[i])) {
			out = append(out, q[i:])
		}
	}
	return append(out, q)
}

// fileNotFound suggests indexed files with the same or a similar name.
func fileNotFound(ctx context.Context, db *sql.DB, sel Selector) error {
	base := path.Base(sel.Path)
	paths, err := column(ctx, db, `SELECT path FROM files WHERE path LIKE ? ESCAPE '\' ORDER BY path LIMIT 50`, "%"+likeEscape(base))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		all, err := column(ctx, db, `SELECT path FROM files ORDER BY path`)
		if err != nil {
			return err
		}
		paths = nearest(sel.Path, all)
	}
	var sugg []string
	if sel.Kind == SelSymbol {
		if sugg, err = definedElsewhere(ctx, db, sel); err != nil {
			return err
		}
	}
	for _, p := range nearest(sel.Path, paths) {
		if sel.Kind == SelSymbol {
			sugg = append(sugg, fmt.Sprintf("symbol:%s#%s", p, sel.Name))
		} else {
			sugg = append(sugg, "file:"+p)
		}
	}
	if len(sugg) == 0 {
		for i, p := range paths {
			if i == maxSuggestions {
				break
			}
			sugg = append(sugg, "file:"+p)
		}
	}
	return &LookupError{Selector: sel.Raw, Reason: "not_found", Suggestions: capSuggestions(sugg)}
}

// definedElsewhere suggests the files that do define the name asked for
// (its last segment), nearest directories first: the usual mistake is the
// right name in the wrong file.
func definedElsewhere(ctx context.Context, db *sql.DB, sel Selector) ([]string, error) {
	name := sel.Name
	if i := strings.LastIndexAny(name, ".:#"); i >= 0 {
		name = name[i+1:]
	}
	if name == "" {
		return nil, nil
	}
	dir := path.Dir(sel.Path)
	paths, err := column(ctx, db, `SELECT file_path FROM symbols WHERE name = ? AND file_path <> ?
		GROUP BY file_path ORDER BY (file_path LIKE ? ESCAPE '\') DESC, file_path LIMIT ?`,
		name, sel.Path, likeEscape(dir)+"/%", maxSuggestions)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = "symbol:" + p + "#" + sel.Name
	}
	return out, nil
}

// capSuggestions drops repeats and keeps the first maxSuggestions.
func capSuggestions(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range s {
		if !seen[x] && len(out) < maxSuggestions {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func likeEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s)
}
