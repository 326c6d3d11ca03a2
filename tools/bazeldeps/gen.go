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

// gen rewrites third_party/<module>.patch for every module that needs one.
func gen(root string) error {
	mods, err := requiredModules(root)
	if err != nil {
		return err
	}
	for _, d := range mods {
		need, err := needsPatch(d)
		if err != nil {
			return err
		}
		if !need {
			continue
		}
		patch, err := makePatch(d, mods)
		if err != nil {
			return err
		}
		out := filepath.Join(root, "third_party", d.patchName())
		if err := os.WriteFile(out, patch, 0o644); err != nil {
			return err
		}
		fmt.Printf("%s: %s@%s\n", out, d.Path, d.Version)
	}
	return nil
}

// makePatch is the patch (-p1) that gives d its BUILD files.
func makePatch(d dep, mods []dep) ([]byte, error) {
	pl, err := planModule(d, mods)
	if err != nil {
		return nil, err
	}
	files, err := buildFiles(d, pl)
	if err != nil {
		return nil, err
	}
	var names []string
	for name := range files {
		names = append(names, name)
	}
	for name := range pl.Rewrites {
		names = append(names, name)
	}
	sort.Strings(names)
	var out bytes.Buffer
	for _, name := range names {
		if content, ok := files[name]; ok {
			out.WriteString(newFileDiff(name, content))
			continue
		}
		diff, err := fileDiff(filepath.Join(d.Dir, name), name, pl.Rewrites[name])
		if err != nil {
			return nil, err
		}
		out.Write(diff)
	}
	return out.Bytes(), nil
}

// buildFiles renders the plan as BUILD.bazel files, formatted as
// buildifier formats them.
func buildFiles(d dep, pl plan) (map[string]string, error) {
	type body struct {
		loads []string
		rules []string
	}
	pkgs := map[string]*body{}
	get := func(dir string) *body {
		if pkgs[dir] == nil {
			pkgs[dir] = &body{}
		}
		return pkgs[dir]
	}
	if len(pl.Libs) > 0 {
		b := get(".")
		b.loads = append(b.loads, `load("@rules_cc//cc:defs.bzl", "cc_library")`)
		for _, l := range pl.Libs {
			b.rules = append(b.rules, ccRule(l))
		}
	}
	for _, g := range pl.Go {
		b := get(g.Dir)
		b.loads = append(b.loads, `load("@io_bazel_rules_go//go:def.bzl", "go_library")`)
		b.rules = append(b.rules, goRule(g))
	}
	files := map[string]string{}
	for dir, b := range pkgs {
		name := path.Join(dir, "BUILD.bazel")
		text := fmt.Sprintf("# Written by Orbit Graph's tools/bazeldeps for %s@%s\n# (third_party/README.md): not part of the module.\n\n%s\n\n%s\n",
			d.Path, d.Version, strings.Join(b.loads, "\n"), strings.Join(b.rules, "\n\n"))
		f, err := build.ParseBuild(name, []byte(text))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		files[name] = string(build.Format(f))
	}
	return files, nil
}

func ccRule(l ccLib) string {
	var b strings.Builder
	fmt.Fprintf(&b, "cc_library(\n    name = %q,\n", l.Name)
	list(&b, "srcs", l.Srcs)
	list(&b, "hdrs", l.Hdrs)
	list(&b, "textual_hdrs", l.TextualHdrs)
	list(&b, "copts", l.Copts)
	list(&b, "includes", l.Includes)
	b.WriteString("    visibility = [\"//:__subpackages__\"],\n)")
	return b.String()
}

func goRule(g goLib) string {
	var b strings.Builder
	fmt.Fprintf(&b, "go_library(\n    name = %q,\n", g.Name)
	list(&b, "srcs", g.Srcs)
	b.WriteString("    cgo = True,\n")
	var cdeps []string
	for _, c := range g.CDeps {
		if g.Dir == "." {
			cdeps = append(cdeps, ":"+c)
		} else {
			cdeps = append(cdeps, "//:"+c)
		}
	}
	list(&b, "cdeps", cdeps)
	fmt.Fprintf(&b, "    importpath = %q,\n", g.ImportPath)
	b.WriteString("    visibility = [\"//visibility:public\"],\n")
	list(&b, "deps", g.Deps)
	b.WriteString(")")
	return b.String()
}

func list(b *strings.Builder, attr string, items []string) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(b, "    %s = [\n", attr)
	for _, it := range items {
		fmt.Fprintf(b, "        %q,\n", it)
	}
	b.WriteString("    ],\n")
}

// newFileDiff is a unified diff creating name with content.
func newFileDiff(name, content string) string {
	lines := strings.SplitAfter(content, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- /dev/null\n+++ b/%s\n@@ -0,0 +1,%d @@\n", name, len(lines))
	for _, l := range lines {
		b.WriteString("+" + l)
	}
	return b.String()
}

// fileDiff is a unified diff from the file at old to content, labelled
// a/name and b/name.
func fileDiff(old, name, content string) ([]byte, error) {
	tmp, err := os.CreateTemp("", "bazeldeps-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(content); err != nil {
		return nil, err
	}
	tmp.Close()
	out, err := exec.Command("diff", "-u", "--label", "a/"+name, "--label", "b/"+name, old, tmp.Name()).Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil // differences found
	}
	return out, err
}
