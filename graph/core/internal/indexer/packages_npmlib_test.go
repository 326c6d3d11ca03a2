package indexer

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// libHeader starts every lib.*.d.ts of TypeScript.
const libHeader = "/*! ****\nCopyright (c) Microsoft Corporation.\n**** */\n\n/// <reference no-default-lib=\"true\"/>\n\n"

// npmLibFiles is a TypeScript project whose node_modules holds TypeScript's
// standard library: its tsconfig's lib names es2015 (which references es5
// and es2015.collection) and dom; webworker is installed but not chosen.
// lib.dom.d.ts is larger than the index's file size limit, as the real
// one is.
func npmLibFiles() map[string]string {
	huge := "interface Huge {\n" + strings.Repeat("    member: number;\n", (DefaultMaxFileSize/20)+1) + "}\n"
	return map[string]string{
		".gitignore":    "node_modules/\n",
		"package.json":  `{"name": "app"}`,
		"tsconfig.json": `{"compilerOptions": {"target": "es2020", "lib": ["es2015", "DOM"]}}`,
		"src/app.ts": `export function main(xs: string[], el: HTMLElement): number {
  const m = new Map<string, number>();
  m.set("a", xs.push("b"));
  el.click();
  return m.get("a") ?? Array.from(xs).length + JSON.parse("0");
}
`,
		"node_modules/typescript/package.json": `{"name": "typescript", "version": "5.9.3"}`,
		"node_modules/typescript/lib/lib.es2015.d.ts": libHeader +
			"/// <reference lib=\"es5\" />\n/// <reference lib=\"es2015.collection\" />\n" +
			"interface ArrayConstructor {\n    from<T>(iterable: Iterable<T>): T[];\n}\n",
		"node_modules/typescript/lib/lib.es5.d.ts": libHeader + `interface Array<T> {
    /** Appends new elements. */
    push(...items: T[]): number;
    pop(): T | undefined;
}
interface ArrayConstructor {
    isArray(arg: any): arg is any[];
}
declare var Array: ArrayConstructor;
interface JSON {
    parse(text: string): any;
    stringify(value: any): string;
}
declare var JSON: JSON;
`,
		"node_modules/typescript/lib/lib.es2015.collection.d.ts": libHeader + `interface Map<K, V> {
    clear(): void;
    get(key: K): V | undefined;
    set(key: K, value: V): this;
}
`,
		"node_modules/typescript/lib/lib.dom.d.ts": libHeader + huge + `interface HTMLElement {
    click(): void;
    readonly hidden: boolean;
}
`,
		"node_modules/typescript/lib/lib.webworker.d.ts": libHeader + "interface WorkerGlobalScope {\n    push(x: number): void;\n}\n",
	}
}

// TestPackagesNPMLib: with TypeScript installed, its standard library is a
// package "lib" chosen by the tsconfig's lib, read in part: the members of
// builtins the worktree calls (an array's push, a constructed Map's get
// and set, a DOM type's click, the static Array.from and JSON.parse)
// resolve to their declarations, members it
// does not name and lib files the tsconfig does not choose stay out, and
// lib.dom.d.ts is read though the whole file is over the size limit.
// Without a tsconfig or a dependency on typescript it is not read.
func TestPackagesNPMLib(t *testing.T) {
	files := npmLibFiles()
	repo := gittest.New(t, files)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	syncPackages(t, loc, false, true)
	d := dump(t, loc.Path)
	for _, want := range []string{
		"\"typescript\"\t\"lib\"\t\"5.9.3\"\t\"stdlib\"",
		"\"push\"\t\"@typescript/@lib:Array.push\"\t\"@typescript/@lib/lib.es5.d.ts\"",
		"\"set\"\t\"@typescript/@lib:Map.set\"\t\"@typescript/@lib/lib.es2015.collection.d.ts\"",
		"\"get\"\t\"@typescript/@lib:Map.get\"\t\"@typescript/@lib/lib.es2015.collection.d.ts\"",
		"\"click\"\t\"@typescript/@lib:HTMLElement.click\"\t\"@typescript/@lib/lib.dom.d.ts\"",
		"\"from\"\t\"@typescript/@lib:ArrayConstructor.from\"\t\"@typescript/@lib/lib.es2015.d.ts\"",
		"\"parse\"\t\"@typescript/@lib:JSON.parse\"\t\"@typescript/@lib/lib.es5.d.ts\"",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("dump lacks %s", want)
		}
	}
	for _, bad := range []string{"Array.pop", "Map.clear", "isArray", "stringify", "HTMLElement.hidden", "Huge", "lib.webworker", "WorkerGlobalScope"} {
		if strings.Contains(d, bad) {
			t.Errorf("dump holds %s: members nobody names and lib files the tsconfig does not choose stay out", bad)
		}
	}

	delete(files, "tsconfig.json")
	repo = gittest.New(t, files)
	loc, _ = dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	syncPackages(t, loc, false, true)
	if d := dump(t, loc.Path); strings.Contains(d, "@typescript/@lib/lib.") {
		t.Errorf("without a tsconfig or typescript among the dependencies, lib is read:\n%s", d)
	}
}

// TestPackagesNPMLibIncrementalEqualsCold: dropping dom from the
// tsconfig's lib, naming a member of a lib interface already read in
// part, unnaming it, and removing the tsconfig give, incrementally, the
// index a cold build gives.
func TestPackagesNPMLibIncrementalEqualsCold(t *testing.T) {
	repo := gittest.New(t, npmLibFiles())
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "inc.db")
	coldLoc := loc
	coldLoc.Path = filepath.Join(t.TempDir(), "cold.db")
	steps := []struct {
		name      string
		do        func()
		want, not string // in the dump after the step, and not
	}{
		{"initial", func() {}, "@typescript/@lib:HTMLElement.click", "Array.pop"},
		{"drop dom", func() {
			gittest.WriteFile(t, repo.Root, "tsconfig.json", `{"compilerOptions": {"lib": ["es2015"]}}`)
		}, "@typescript/@lib:Map.get", "lib.dom.d.ts"},
		{"name pop", func() {
			gittest.WriteFile(t, repo.Root, "src/pop.ts", "export const last = (xs: number[]) => xs.pop();\n")
		}, "@typescript/@lib:Array.pop", "lib.dom.d.ts"},
		{"unname it", func() { removeIf(t, repo.Root, "src/pop.ts") }, "@typescript/@lib:Array.push", "Array.pop"},
		{"no tsconfig", func() { removeIf(t, repo.Root, "tsconfig.json") }, "\"src/app.ts\"", "@typescript/@lib/lib."},
	}
	for _, s := range steps {
		s.do()
		d, _ := syncEqualsCold(t, s.name, loc, coldLoc, true)
		if !strings.Contains(d, s.want) || strings.Contains(d, s.not) {
			t.Errorf("step %s: want %s and not %s in the dump", s.name, s.want, s.not)
		}
	}
}
