package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bazelbuild/buildtools/build"
)

// override is what MODULE.bazel says about one Go module.
type override struct {
	generation string   // gazelle_override build_file_generation
	directives []string // gazelle_override directives
	patches    []string // module_override patches
	strip      string   // module_override patch_strip
}

// check verifies that MODULE.bazel overrides exactly the modules that need
// a patch, that each committed patch is what gen writes for the pinned
// version, that it applies, that its BUILD files name only files that
// exist, and that the packages build and work the way Bazel would build
// them (see the package comment).
func check(root string, keep bool) error {
	mods, err := requiredModules(root)
	if err != nil {
		return err
	}
	overrides, err := readOverrides(filepath.Join(root, "MODULE.bazel"))
	if err != nil {
		return err
	}
	tags, err := ourBuildTags(filepath.Join(root, "BUILD.bazel"))
	if err != nil {
		return err
	}
	// One fixed work directory, emptied first: the Go build cache then
	// recognises the patched packages from the last run.
	cache, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	work := filepath.Join(cache, "orbit-bazeldeps")
	if err := os.RemoveAll(work); err != nil {
		return err
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	if keep {
		fmt.Println("work directory:", work)
	} else {
		defer os.RemoveAll(work)
	}
	var problems []string
	var patched []dep
	known := map[string]bool{}
	for _, d := range mods {
		known[d.Path] = true
		need, err := needsPatch(d)
		if err != nil {
			return err
		}
		o, has := overrides[d.Path]
		for _, tag := range tags {
			uses, err := usesTag(d.Dir, tag)
			if err != nil {
				return err
			}
			if uses && !contains(o.directives, "gazelle:build_tags "+tag) {
				problems = append(problems, fmt.Sprintf("%s: its files depend on our build tag %s: MODULE.bazel needs go_deps.gazelle_override(path = %q, directives = [\"gazelle:build_tags %s\"]), or gazelle leaves them out", d.Path, tag, d.Path, tag))
			}
		}
		if !need {
			if len(o.patches) > 0 {
				problems = append(problems, fmt.Sprintf("%s: MODULE.bazel patches it, but it needs no patch", d.Path))
			}
			continue
		}
		label := "//third_party:" + d.patchName()
		if !has || o.generation != "off" || len(o.patches) != 1 || o.patches[0] != label || o.strip != "1" {
			problems = append(problems, fmt.Sprintf("%s: MODULE.bazel needs go_deps.gazelle_override(path = %q, build_file_generation = \"off\") and go_deps.module_override(path = %q, patch_strip = 1, patches = [%q])", d.Path, d.Path, d.Path, label))
			continue
		}
		want, err := makePatch(d, mods)
		if err != nil {
			return err
		}
		file := filepath.Join(root, "third_party", d.patchName())
		have, err := os.ReadFile(file)
		if err != nil || !bytes.Equal(have, want) {
			problems = append(problems, fmt.Sprintf("%s: %s is not what %s@%s needs: run `go run ./tools/bazeldeps gen`", d.Path, file, d.Path, d.Version))
			continue
		}
		patched = append(patched, d)
	}
	for p := range overrides {
		if !known[p] {
			problems = append(problems, fmt.Sprintf("%s: MODULE.bazel overrides a module go.mod does not require", p))
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return fmt.Errorf("%d problem(s):\n  %s", len(problems), strings.Join(problems, "\n  "))
	}
	return emulate(root, work, mods, patched)
}

func readOverrides(file string) (map[string]override, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	f, err := build.ParseModule(file, data)
	if err != nil {
		return nil, err
	}
	out := map[string]override{}
	for _, stmt := range f.Stmt {
		call, ok := stmt.(*build.CallExpr)
		if !ok {
			continue
		}
		dot, ok := call.X.(*build.DotExpr)
		if !ok || (dot.Name != "gazelle_override" && dot.Name != "module_override") {
			continue
		}
		args := map[string]build.Expr{}
		for _, a := range call.List {
			if as, ok := a.(*build.AssignExpr); ok {
				if id, ok := as.LHS.(*build.Ident); ok {
					args[id.Name] = as.RHS
				}
			}
		}
		p := stringOf(args["path"])
		o := out[p]
		if dot.Name == "gazelle_override" {
			o.generation = stringOf(args["build_file_generation"])
			if l, ok := args["directives"].(*build.ListExpr); ok {
				for _, e := range l.List {
					o.directives = append(o.directives, stringOf(e))
				}
			}
		} else {
			if l, ok := args["patches"].(*build.ListExpr); ok {
				for _, e := range l.List {
					o.patches = append(o.patches, stringOf(e))
				}
			}
			if lit, ok := args["patch_strip"].(*build.LiteralExpr); ok {
				o.strip = lit.Token
			}
		}
		out[p] = o
	}
	return out, nil
}

func stringOf(e build.Expr) string {
	if s, ok := e.(*build.StringExpr); ok {
		return s.Value
	}
	return ""
}

// rule is a cc_library or go_library of a patched module.
type rule struct {
	mod  dep
	dir  string // module-relative package
	kind string
	r    *build.Rule
}

// emulate applies each patch to a copy of its module, checks the BUILD
// files it adds, and builds our own binaries and extractor tests against
// the copies: each cc_library compiled on its own into an archive, each
// Go package reduced to its go_library's srcs, as Bazel would.
func emulate(root, work string, mods []dep, patched []dep) error {
	var rules []rule
	copies := map[string]string{}
	for _, d := range patched {
		dir := filepath.Join(work, "mods", strings.TrimSuffix(d.patchName(), ".patch"))
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			return err
		}
		if out, err := exec.Command("cp", "-r", d.Dir, dir).CombinedOutput(); err != nil {
			return fmt.Errorf("copy %s: %v: %s", d.Path, err, out)
		}
		if out, err := exec.Command("chmod", "-R", "u+w", dir).CombinedOutput(); err != nil {
			return fmt.Errorf("chmod: %v: %s", err, out)
		}
		cmd := exec.Command("patch", "-p1", "--batch", "--forward", "--silent", "-i", filepath.Join(root, "third_party", d.patchName()))
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: the patch does not apply: %v: %s", d.Path, err, out)
		}
		copies[d.Path] = dir
		rs, err := moduleRules(d, dir)
		if err != nil {
			return err
		}
		rules = append(rules, rs...)
	}
	if err := checkRules(rules, copies, mods); err != nil {
		return err
	}
	if err := checkOurLabels(root, rules); err != nil {
		return err
	}
	archives, includeFlags, err := compileCC(work, rules, copies)
	if err != nil {
		return err
	}
	if err := trimGoPackages(rules, copies); err != nil {
		return err
	}
	return buildAgainst(root, work, copies, archives, includeFlags)
}

// moduleRules parses every BUILD.bazel file of a patched module.
func moduleRules(d dep, dir string) ([]rule, error) {
	var out []rule
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || e.Name() != "BUILD.bazel" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := build.ParseBuild(p, data)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, filepath.Dir(p))
		for _, r := range f.Rules("") {
			if k := r.Kind(); k == "cc_library" || k == "go_library" {
				out = append(out, rule{mod: d, dir: filepath.ToSlash(rel), kind: k, r: r})
			} else {
				return fmt.Errorf("%s: unexpected rule %s", p, k)
			}
		}
		return nil
	})
	return out, err
}

var fileAttrs = []string{"srcs", "hdrs", "textual_hdrs"}

// checkRules: every file a rule names exists, every cdeps names a
// cc_library of the module, every deps a package of a module of go.mod.
func checkRules(rules []rule, copies map[string]string, mods []dep) error {
	repos := map[string]bool{}
	for _, m := range mods {
		repos[repoName(m.Path)] = true
	}
	cc := map[string]bool{}
	for _, r := range rules {
		if r.kind == "cc_library" {
			cc[r.mod.Path+" "+path.Join(r.dir, r.r.Name())] = true
		}
	}
	var problems []string
	for _, r := range rules {
		where := fmt.Sprintf("%s//%s:%s", r.mod.Path, r.dir, r.r.Name())
		for _, attr := range fileAttrs {
			if r.r.Attr(attr) != nil && r.r.AttrStrings(attr) == nil {
				problems = append(problems, fmt.Sprintf("%s: %s is not a list of file names", where, attr))
			}
			for _, f := range r.r.AttrStrings(attr) {
				if !exists(copies[r.mod.Path], path.Join(r.dir, f)) {
					problems = append(problems, fmt.Sprintf("%s: %s names %s, which %s@%s does not have", where, attr, f, r.mod.Path, r.mod.Version))
				}
			}
		}
		for _, l := range r.r.AttrStrings("cdeps") {
			target := strings.TrimPrefix(strings.TrimPrefix(l, "//"), ":")
			if !strings.HasPrefix(l, "//") {
				target = path.Join(r.dir, target)
			}
			target = strings.Replace(target, ":", "/", 1)
			if !cc[r.mod.Path+" "+strings.TrimPrefix(target, "/")] {
				problems = append(problems, fmt.Sprintf("%s: cdeps %s is no cc_library of the module", where, l))
			}
		}
		for _, l := range r.r.AttrStrings("deps") {
			repo := strings.TrimPrefix(strings.SplitN(l, "//", 2)[0], "@")
			if !repos[repo] {
				problems = append(problems, fmt.Sprintf("%s: deps %s is in no module of go.mod", where, l))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%d problem(s) in the patched BUILD files:\n  %s", len(problems), strings.Join(problems, "\n  "))
	}
	return nil
}

// compileCC compiles each cc_library's C sources into its own archive;
// it returns the archives and the -I flags the libraries export.
func compileCC(work string, rules []rule, copies map[string]string) ([]string, []string, error) {
	var archives, incs []string
	for _, r := range rules {
		if r.kind != "cc_library" {
			continue
		}
		modDir := copies[r.mod.Path]
		var flags []string
		for _, inc := range r.r.AttrStrings("includes") {
			flags = append(flags, "-I"+filepath.Join(modDir, r.dir, inc))
		}
		incs = append(incs, flags...)
		out := filepath.Join(work, "cc", r.mod.patchName(), r.r.Name())
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, nil, err
		}
		var objs []string
		for _, src := range r.r.AttrStrings("srcs") {
			if !strings.HasSuffix(src, ".c") {
				continue
			}
			obj := filepath.Join(out, strings.ReplaceAll(src, "/", "_")+".o")
			args := append([]string{"-c", "-O0", "-fPIC", "-w"}, r.r.AttrStrings("copts")...)
			args = append(args, flags...)
			args = append(args, filepath.Join(modDir, r.dir, src), "-o", obj)
			if b, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
				return nil, nil, fmt.Errorf("%s: gcc %s: %v\n%s", r.mod.Path, src, err, b)
			}
			objs = append(objs, obj)
		}
		lib := filepath.Join(out, "lib.a")
		if b, err := exec.Command("ar", append([]string{"rcs", lib}, objs...)...).CombinedOutput(); err != nil {
			return nil, nil, fmt.Errorf("ar: %v: %s", err, b)
		}
		archives = append(archives, lib)
	}
	return archives, incs, nil
}

// trimGoPackages removes from each go_library's directory the Go and C
// files its srcs do not list, so `go build` sees what Bazel compiles.
func trimGoPackages(rules []rule, copies map[string]string) error {
	for _, r := range rules {
		if r.kind != "go_library" {
			continue
		}
		dir := filepath.Join(copies[r.mod.Path], r.dir)
		keep := map[string]bool{}
		for _, s := range r.r.AttrStrings("srcs") {
			keep[s] = true
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || keep[n] {
				continue
			}
			switch filepath.Ext(n) {
			case ".go", ".c", ".cc", ".s", ".S":
				if err := os.Remove(filepath.Join(dir, n)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// buildAgainst builds orbit and runs the extractor tests with each patched
// module replacing the original, linking the C archives.
func buildAgainst(root, work string, copies map[string]string, archives, incs []string) error {
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return err
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.Write(gomod)
	var paths []string
	for p := range copies {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fmt.Fprintf(&b, "\nreplace %s => %s\n", p, copies[p])
	}
	modfile := filepath.Join(work, "go.mod")
	if err := os.WriteFile(modfile, b.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(work, "go.sum"), gosum, 0o644); err != nil {
		return err
	}
	env := append(os.Environ(),
		"CGO_ENABLED=1",
		"CGO_CFLAGS="+strings.Join(incs, " "),
		"CGO_LDFLAGS=-Wl,--start-group "+strings.Join(archives, " ")+" -Wl,--end-group",
		"GOFLAGS=-modfile="+modfile+" -tags=sqlite_fts5 -mod=mod",
	)
	for _, args := range [][]string{
		{"build", "-o", filepath.Join(work, "orbit"), "./graph/cli"},
		{"test", "-count=1", "./graph/extract/..."},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("go %s against the patched modules: %v\n%s", strings.Join(args, " "), err, out)
		}
		fmt.Printf("go %s against the patched modules: ok\n", strings.Join(args, " "))
	}
	return nil
}

// checkOurLabels: every label our own BUILD files use into a patched
// module names a go_library the patch defines (the patch replaces what
// gazelle would have generated, names included).
func checkOurLabels(root string, rules []rule) error {
	defined := map[string]bool{}
	patchedRepos := map[string]bool{}
	for _, r := range rules {
		repo := repoName(r.mod.Path)
		patchedRepos[repo] = true
		pkg := r.dir
		if pkg == "." {
			pkg = ""
		}
		defined["@"+repo+"//"+pkg+":"+r.r.Name()] = true
	}
	out, err := exec.Command("git", "-C", root, "ls-files", "*BUILD.bazel").Output()
	if err != nil {
		return fmt.Errorf("git ls-files: %w", err)
	}
	var problems []string
	for _, file := range strings.Fields(string(out)) {
		data, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			return err
		}
		f, err := build.ParseBuild(file, data)
		if err != nil {
			return err
		}
		for _, r := range f.Rules("") {
			for _, l := range append(r.AttrStrings("deps"), r.AttrStrings("embed")...) {
				repo := strings.TrimPrefix(strings.SplitN(l, "//", 2)[0], "@")
				if !patchedRepos[repo] {
					continue
				}
				full := l
				if !strings.Contains(strings.SplitN(l, "//", 2)[1], ":") {
					full = l + ":" + pathpkg(l)
				}
				if !defined[full] {
					problems = append(problems, fmt.Sprintf("%s: %s names %s, which no patch defines", file, r.Name(), l))
				}
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%d label(s) into patched modules:\n  %s", len(problems), strings.Join(problems, "\n  "))
	}
	return nil
}

// ourBuildTags are the tags of `# gazelle:build_tags` in our root BUILD file.
func ourBuildTags(file string) ([]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var tags []string
	for _, l := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "# gazelle:build_tags "); ok {
			tags = append(tags, strings.Split(strings.TrimSpace(rest), ",")...)
		}
	}
	return tags, nil
}

// usesTag reports whether a non-test Go file of the module has a build
// constraint naming tag: gazelle, which takes unknown tags as false, would
// leave it out unless told the tag.
func usesTag(dir, tag string) (bool, error) {
	found := false
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || found {
			return err
		}
		if e.IsDir() {
			if n := e.Name(); p != dir && (n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !isGoSource(e.Name()) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "package ") {
				break
			}
			if strings.HasPrefix(l, "//go:build ") && containsWord(l, tag) {
				found = true
				break
			}
		}
		return nil
	})
	return found, err
}

func containsWord(s, w string) bool {
	return contains(strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}), w)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
