package rust

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// noCrate is the crate name used when core found no Cargo.toml.
const noCrate = "crate"

// location is where a file sits in its crate.
type location struct {
	crate string // crate name: what `crate::` stands for
	mod   string // the file's module path
	// mods is where the file's out-of-line `mod x;` declarations live:
	// its own module path, except in a crate root named after its file
	// (tests/it.rs, src/bin/tool.rs), whose module files are its siblings.
	mods string
	// command is the default name of a clap root command declared in the
	// file: the binary's name for a src/bin or examples target root, the
	// crate name with _ → - otherwise.
	command string
}

// locate computes a file's crate, module path and default command name
// from its repo-relative path and the crate directory core found.
func locate(file string, m extract.ModuleContext) location {
	loc := location{crate: m.Path}
	if loc.crate == "" {
		loc.crate = noCrate
	}
	loc.command = strings.ReplaceAll(loc.crate, "_", "-")
	rel := relToRoot(file, m.Root)
	segs, bin, root := moduleSegments(rel)
	if t, ok := declaredTarget(rel, m); ok {
		segs, bin, root = t.segments(rel), t.bin, false
	}
	if bin != "" {
		loc.command = bin
	}
	loc.mod = loc.crate
	for _, s := range segs {
		loc.mod, loc.mods = loc.mod+"::"+strings.ReplaceAll(s, "-", "_"), loc.mod
	}
	if !root {
		loc.mods = loc.mod
	}
	return loc
}

// relToRoot strips a crate directory from a repo-relative file path.
func relToRoot(file, root string) string {
	root = path.Clean("/" + root)[1:] // "" for the repository root
	if rest, ok := strings.CutPrefix(file, root+"/"); ok && root != "" {
		return rest
	}
	return file
}

// moduleSegments maps a path relative to the crate directory to module
// segments below the crate name, following Cargo's target layout; it
// names the binary when the file is the root of a src/bin or examples
// target, and reports a crate root named after its file (root), whose
// modules are its siblings.
func moduleSegments(rel string) (segs []string, bin string, root bool) {
	rel = strings.TrimSuffix(rel, path.Ext(rel))
	segs = strings.Split(rel, "/")
	target := "" // the Cargo target directory the file is under
	switch segs[0] {
	case "src":
		segs = segs[1:]
		if len(segs) >= 2 && segs[0] == "bin" {
			target = "bin"
		}
	case "tests", "examples", "benches":
		if len(segs) > 1 {
			target = segs[0]
			segs = segs[1:]
		}
	}
	last := len(segs) - 1
	switch {
	case last < 0:
	case segs[last] == "mod" && last > 0:
		segs = segs[:last]
	case (segs[last] == "lib" || segs[last] == "main") && last == 0:
		segs = segs[:last]
	case segs[last] == "main" && target == "bin" && last == 2:
		segs = segs[:last] // src/bin/tool/main.rs
	case segs[last] == "main" && target != "" && target != "bin" && last == 1:
		segs = segs[:last] // examples/demo/main.rs
	}
	switch {
	case target == "bin" && len(segs) == 2:
		bin, root = segs[1], last == 1
	case target != "" && target != "bin" && len(segs) == 1:
		root = last == 0
		if target == "examples" {
			bin = segs[0]
		}
	case target == "" && rel == "build":
		root = true
	}
	return segs, bin, root
}

// declaredTarget is the target Cargo.toml names by `path` (see manifest)
// whose root's directory holds rel, the deepest one; its modules live
// there, whatever the default layout would say.
func declaredTarget(rel string, m extract.ModuleContext) (target, bool) {
	targets := ownTargets(m.Own)
	best, found := target{}, false
	for _, t := range targets {
		dir := extract.ParentDir(t.root)
		if (rel == t.root || claims(dir, rel)) && (!found || len(dir) > len(extract.ParentDir(best.root))) {
			best, found = t, true
		}
	}
	return best, found
}

// segments are the module path of rel below the target's root: none for
// the root file itself, a/b for a/b.rs and a/b/mod.rs.
func (t target) segments(rel string) []string {
	if rel == t.root {
		return nil
	}
	sub := strings.TrimSuffix(rel, path.Ext(rel))
	if dir := extract.ParentDir(t.root); dir != "" {
		sub = strings.TrimPrefix(sub, dir+"/")
	}
	segs := strings.Split(sub, "/")
	if last := len(segs) - 1; segs[last] == "mod" && last > 0 {
		segs = segs[:last]
	}
	return segs
}

// claims reports whether a target rooted in dir holds rel: everything
// below dir, except that a root at the crate's top leaves Cargo's default
// target directories to their own targets.
func claims(dir, rel string) bool {
	if dir != "" {
		return extract.Under(rel, dir)
	}
	first, _, _ := strings.Cut(rel, "/")
	return first != "src" && first != "tests" && first != "examples" && first != "benches"
}
