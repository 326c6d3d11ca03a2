package core_test

import (
	"context"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// npmUser is an npm package whose dependency evlib is installed in
// node_modules (declarations in dist/, the entry re-exporting them), with
// @types/node for fs; node_modules stays out of git.
var npmUser = map[string]string{
	".gitignore":   "node_modules/\n",
	"package.json": `{"name": "app", "dependencies": {"evlib": "^1.2.0"}, "devDependencies": {"@types/node": "^22.0.0"}}`,
	"src/app.ts": `import { Emitter, Listener } from "evlib";
import { readFileSync } from "fs";

export class Logger implements Listener {
  handle(ev: string): void {}
}

export function main(): void {
  const e = new Emitter();
  e.on("x", new Logger());
  e.emit(readFileSync("f"));
}
`,
	"node_modules/evlib/package.json":    `{"name": "evlib", "version": "1.2.0", "exports": {".": {"types": "./dist/index.d.ts", "default": "./dist/index.js"}}}`,
	"node_modules/evlib/dist/index.d.ts": "export * from './emitter';\n",
	"node_modules/evlib/dist/emitter.d.ts": `export interface Listener {
    handle(ev: string): void;
}
export declare class Emitter {
    on(ev: string, l: Listener): this;
    emit(ev: string): boolean;
}
`,
	"node_modules/@types/node/package.json": `{"name": "@types/node", "version": "22.7.5", "types": "index.d.ts"}`,
	"node_modules/@types/node/fs.d.ts":      "declare module \"fs\" {\n    export function readFileSync(path: string): string;\n}\n",
}

// TestPackagesNPMQueries: refs of a dependency's method list the
// repository's calls, implementors of its interface the repository's
// class, show reads its declaration, and refs of a built-in reach the
// call through @types/node.
func TestPackagesNPMQueries(t *testing.T) {
	repo := gittest.New(t, npmUser)
	g, err := core.Open(repo.Root, core.Options{Registry: all.Registry(), Packages: true})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	rep, err := g.Sync(ctx, core.SyncAuto)
	if err != nil || rep.Packages == nil || rep.Packages.Indexed != 2 {
		t.Fatalf("sync: %+v, %v; want evlib and @types/node indexed", rep.Packages, err)
	}
	refs, err := g.Refs(ctx, "ext:evlib#Emitter.emit", query.RefsOptions{})
	if err != nil || len(refs.Refs) != 1 || refs.Refs[0].File != "src/app.ts" || refs.Target.Package != "evlib" || refs.Target.Version != "1.2.0" {
		t.Errorf("refs ext:evlib#Emitter.emit = %+v, %v; want the call in src/app.ts, of evlib 1.2.0", refs, err)
	}
	impl, err := g.Implementors(ctx, "ext:evlib#Listener")
	if err != nil || len(impl.Implementors) != 1 || impl.Implementors[0].Type != "src/app:Logger" {
		t.Errorf("implementors ext:evlib#Listener = %+v, %v; want src/app:Logger", impl.Implementors, err)
	}
	v, err := g.Show(ctx, "ext:evlib#Emitter", 0)
	if err != nil || !strings.Contains(v.Source, "emit(ev: string): boolean;") || v.Path != "@typescript/evlib/dist/emitter.d.ts" {
		t.Errorf("show ext:evlib#Emitter = %+v, %v; want its declaration in dist/emitter.d.ts", v, err)
	}
	fs, err := g.Refs(ctx, "ext:@types/node#readFileSync", query.RefsOptions{})
	if err != nil || len(fs.Refs) != 2 || fs.Refs[1].Confidence != "import_resolved" || fs.Target.Package != "node" {
		t.Errorf("refs ext:@types/node#readFileSync = %+v, %v; want the import and the call, import_resolved, of node", fs, err)
	}
}
