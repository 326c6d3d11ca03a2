package typescript

import (
	"path"
	"strings"
)

// modRef is where an import specifier leads: the first candidate module
// path, the alternatives to try in order when nothing defines it, and the
// namespace recorded as the import's RawImport.Resolved ("" when that is
// the specifier as written).
type modRef struct {
	q        string
	alts     []string
	resolved string
}

// moduleRef resolves an import specifier the way tsc would, as far as one
// file and its tsconfig context (Config, the file's extract.ModuleContext.Own)
// tell:
//
//   - a relative specifier joins the file's directory (see module), with
//     the index file as the alternative;
//   - a bare one that matches a compilerOptions.paths pattern maps to the
//     pattern's first target; the alternatives are that target's index file,
//     the other targets (each followed by its index file) and last the
//     specifier as written (a package, a `declare module`). The catch-all
//     pattern "*" maps every package, so for it the specifier as written
//     stays first and the targets are alternatives (a scheme such as
//     "node:fs" is left alone);
//   - a bare one that names the file's own package (package.json "name"
//     and "exports", see parsePackageJSON) maps like a paths pattern;
//   - any other bare one, with a baseUrl, keeps the specifier as written
//     (a package) and offers the baseUrl-relative path and its index file
//     as alternatives ("lib/util" → "lib/util", "src/lib/util",
//     "src/lib/util/index").
func (w *walker) moduleRef(spec string) modRef {
	if isRelative(spec) || w.mod.Paths == nil && w.mod.BaseURL == "" && w.mod.Self == nil {
		mp, index := w.module(spec)
		m := modRef{q: mp}
		if index != "" {
			m.alts = []string{index}
		}
		if mp != spec {
			m.resolved = mp
		}
		return m
	}
	if strings.HasPrefix(spec, "/") {
		return modRef{q: spec} // rooted: tsc takes it as a path, never mapped
	}
	if pattern, targets, star := matchPaths(w.mod.Paths, spec); targets != nil && !(pattern == "*" && strings.Contains(spec, ":")) {
		var cands []string
		for _, t := range targets {
			cands = withIndex(cands, substitute(t, star))
		}
		switch {
		case len(cands) == 0:
			return modRef{q: spec}
		case pattern == "*":
			return modRef{q: spec, alts: without(cands, spec), resolved: cands[0]}
		}
		return modRef{q: cands[0], alts: without(append(cands[1:], spec), cands[0]), resolved: cands[0]}
	}
	if _, targets, star := matchPaths(w.mod.Self, spec); len(targets) > 0 {
		var cands []string
		for _, t := range targets {
			cands = withIndex(cands, substitute(t, star))
		}
		return modRef{q: cands[0], alts: without(append(cands[1:], spec), cands[0]), resolved: cands[0]}
	}
	base := w.mod.BaseURL
	if base == "" || strings.Contains(spec, ":") { // a scheme ("node:fs") or URL is no path
		return modRef{q: spec}
	}
	mp := path.Join(base, spec)
	if mp == ".." || strings.HasPrefix(mp, "../") {
		return modRef{q: spec}
	}
	m := modRef{q: spec, alts: without(withIndex(nil, mp), spec)}
	if stripExt(mp) != spec {
		m.resolved = stripExt(mp)
	}
	return m
}

// without is list less the entries equal to s, nil when that leaves none.
func without(list []string, s string) []string {
	out := list[:0:0]
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// matchPaths finds the paths entry a specifier matches as tsc does: an
// exact pattern first, else the pattern with one "*" whose prefix is the
// longest; it returns the pattern, its targets and what "*" matched. No
// match gives nil targets. Patterns with more than one "*" are invalid to
// tsc and are skipped.
func matchPaths(aliases []PathAlias, spec string) (pattern string, targets []string, star string) {
	best := -1
	for _, a := range aliases {
		i := strings.IndexByte(a.Pattern, '*')
		if i < 0 {
			if a.Pattern == spec {
				return a.Pattern, nonNil(a.Targets), ""
			}
			continue
		}
		prefix, suffix := a.Pattern[:i], a.Pattern[i+1:]
		if strings.Contains(suffix, "*") || len(prefix) <= best || len(spec) < len(prefix)+len(suffix) ||
			!strings.HasPrefix(spec, prefix) || !strings.HasSuffix(spec, suffix) {
			continue
		}
		best = len(prefix)
		pattern, targets, star = a.Pattern, nonNil(a.Targets), spec[len(prefix):len(spec)-len(suffix)]
	}
	return pattern, targets, star
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// substitute puts what "*" matched into a target ("src/app/*" →
// "src/app/x").
func substitute(target, star string) string {
	return path.Clean(strings.Replace(target, "*", star, 1))
}

// withIndex appends the module path of a repo-relative target and, when it
// may name a directory, its index file: "src/app/x" → "src/app/x",
// "src/app/x/index"; "src/types.d.ts" → "src/types". A target already
// listed is not repeated.
func withIndex(dst []string, target string) []string {
	mp := stripExt(target)
	add := func(p string) {
		for _, d := range dst {
			if d == p {
				return
			}
		}
		dst = append(dst, p)
	}
	add(mp)
	if mp == target && path.Base(mp) != "index" {
		add(path.Join(mp, "index"))
	}
	return dst
}

// members suffixes each alternative with sep and name; nil for none.
func members(alts []string, sep byte, name string) []string {
	if len(alts) == 0 {
		return nil
	}
	out := make([]string, len(alts))
	for i, a := range alts {
		out[i] = a + string(sep) + name
	}
	return out
}
