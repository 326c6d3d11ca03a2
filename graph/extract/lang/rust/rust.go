// Package rust is the Rust extractor of Orbit Graph: functions, methods,
// structs, enums, unions, traits, impl blocks, modules, consts, statics,
// type aliases, macro_rules and #[test] functions; use trees; call, type,
// use and trait-bound references with candidate qualified names; `impl
// Trait for Type` and supertrait relations; notable strings; environment
// reads (env!, std::env::var, clap's env =) and #[serde(rename)] keys; and
// clap-derive commands (DESIGN.md, Confidence).
//
// Layer: extract (leaf); imports only extract, extract/internal/tsutil and
// the tree-sitter bindings. It must not import os, database/sql or any other
// graph package: Extract is a pure function of its Input. The syntax tree is
// copied once, by tsutil.ParseFlat, into a flat, pointer-free array, and the
// tree-sitter tree is closed before any analysis runs.
//
// # Qualified names
//
// Names are `::`-joined Rust paths rooted at the crate name: the crate is
// ModuleContext.Path (the Cargo package name with - → _), or the literal
// "crate" when no Cargo.toml was found; the crate directory is
// ModuleContext.Root (the repository root without one). A file's module
// path, its Namespace, follows Cargo's layout (see locate):
//
//	src/lib.rs, src/main.rs                 <crate>
//	src/a.rs, src/a/mod.rs                  <crate>::a
//	src/a/b.rs                              <crate>::a::b
//	src/bin/tool.rs, src/bin/tool/main.rs   <crate>::bin::tool
//	tests/it.rs, examples/demo.rs, benches/b.rs, build.rs
//	                                        <crate>::it, <crate>::demo, ...
//	tests/common/mod.rs                     <crate>::common
//	anything else                           <crate>::<dir>::...::<stem>
//
// Files outside src/ are crate roots of their own (a test, an example),
// named <crate>::<stem> with - → _ as Cargo does for target names; a
// `mod x;` in such a root is the sibling file, <crate>::x. Inline `mod x {
// … }` nests. Items are <module>::Name; methods of `impl Type` and of
// `impl Trait for Type` are <Type>::method, Type resolved like any type
// reference; trait methods <Trait>::method; items inside a function body
// <function>::name; #[macro_export] macros <crate>::name. An impl block
// is a symbol of kind impl named after its header with paths cut to their
// last segment and the impl's own generic parameters dropped, "impl
// Display for Wrapper<T>", qualified <module>::impl Display for
// Wrapper<T>; a second block with the same header in the file gets " (2)".
//
// # Candidates
//
// `crate::x` → <crate>::x; `self::` and `super::` resolve against the
// enclosing module; a first segment bound by a `use`, or naming an item
// of the enclosing module, is replaced by what it names, following the
// file's own modules (a `use` in a parent module is seen through
// super::X). `Self` is the enclosing impl's or trait's type. Other plain
// names are local (<module>::name), or come through the glob import in
// scope (the innermost glob first, the others as Alternatives);
// multi-segment paths with an unknown lower-case first segment (std,
// other crates) stay as written, which is also how 2015-edition
// crate-relative `use` paths end up. Prelude names (Option, Some, Vec,
// String, Clone, ...), primitive types, generic parameters and local
// variables get no reference; Type::Variant and Type::CONST refer to
// Type. A method call x.m() has a Receiver when the file says what x is
// (receivers.go: self, typed parameters and lets, T { … }, T::new(),
// fields through self, call results; shadowing followed by vars.go), and
// is by name only otherwise (generic parameters, impl Trait, dyn Trait).
// Calls written inside macro invocations are read from the token tree: a
// path followed by (…). The file's facts (facts.go) state what its
// functions return, what its fields and statics hold and what its
// `pub use` declarations re-export.
//
// # Commands
//
// A #[derive(Parser)] struct or enum that no other clap type of the file
// nests is a root command, named by #[command(name = "…")] (or clap 3's
// #[clap]), else by the binary for a src/bin or examples target root,
// else by the crate name with _ → -. Its #[command(subcommand)] field's
// enum (a Parser enum: its own variants) gives the subcommands, kebab-case
// by default or per rename_all, nested through tuple payloads that are
// subcommand enums or Args structs with a subcommand field, flattened
// enums merged in, skip and external_subcommand left out. Handlers: what
// every single-call match arm on the variant calls (through ?, .await,
// Ok(…), .context(…)), a method called on the arm's payload binding, else
// the payload type's execute or run method in the file; the root's is the
// one function that calls Root::parse(). A subcommand enum no root
// reaches, and a root named by an expression, give command refs instead
// of rows (DESIGN.md, Confidence). StructOpt derives are read the same way.
package rust

import (
	"path"
	"time"

	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// langName is the language name stored in files.lang.
const langName = "rust"

// Extractor extracts Rust source files. It is safe for concurrent use.
type Extractor struct {
	door tsutil.LazyDoor
}

// sharedDoor is the grammar, parser pool and table of node kind and field
// ids (sharedIDs) every extractor shares, built on the first Extract, not
// when the registry is made: a process that parses no Rust file (a query)
// never builds them (tsutil.LazyDoor).
var (
	sharedIDs  *ids
	sharedDoor = tsutil.Lazy(func() *tsutil.Door {
		l := tsutil.NewLang(tsrust.Language())
		sharedIDs = newIDs(l)
		// A walk that panics keeps what it found.
		return &tsutil.Door{Name: langName, Lang: l, Flags: sharedIDs.kindFlags, KeepPartial: true}
	})
)

// New returns the Rust extractor.
func New() *Extractor { return &Extractor{door: sharedDoor} }

// WithTimeout returns an extractor with its own parser pool whose parses
// give up after d (tsutil.DefaultTimeout otherwise).
func (e *Extractor) WithTimeout(d time.Duration) *Extractor {
	return &Extractor{door: e.door.WithTimeout(d)}
}

var _ extract.Extractor = (*Extractor)(nil)

// Lang returns "rust".
func (e *Extractor) Lang() string { return langName }

// Supports accepts .rs files, and Cargo.lock, a marker only (its
// extraction is empty), so that a scan sees it change.
func (e *Extractor) Supports(p string) bool {
	return extract.HasExt(p, ".rs") || path.Base(p) == cargoLock
}

// cargoLock is the name of Cargo's lock file.
const cargoLock = "Cargo.lock"

// Extract parses one file. Syntax errors give a partial result plus
// diagnostics; a parse failure or timeout gives a diagnostic and an
// otherwise empty result.
func (e *Extractor) Extract(in extract.Input) *extract.ExtractedFile {
	if path.Base(in.Path) == cargoLock || unreachable(in) {
		return &extract.ExtractedFile{Lang: langName}
	}
	if in.DeclarationsOnly {
		var bodies []extract.Span
		in.Content, bodies = blankFnBodies(extract.BlankOutside(in.Content, in.Keep)) // same offsets, a fraction of the parse
		in.Keep = withoutSpans(in.Keep, bodies)
	}
	loc := locate(in.Path, in.Module)
	out := &extract.ExtractedFile{Lang: langName, Namespace: loc.mod}
	door := e.door() // builds sharedIDs on first use
	return door.Extract(in, out, func(nodes []tsutil.Node, lines extract.LineIndex) {
		t := &tree{tsutil.Tree[[]byte]{Nodes: nodes, Src: in.Content}}
		w := newWalker(sharedIDs, t, loc, lines, out)
		w.file, w.where, w.lang = in.Path, in.Module, door.Lang
		w.run()
	})
}
