package extract

// Version identifies what extractors produce. Bump it whenever any
// extractor's output changes, or how core resolves it; the DB path embeds
// it, so old indexes are rebuilt, never reused (DESIGN.md, Packages).
//
// Changelog (one line per bump):
//
//	1: Go and Python extractors.
//	2: Rust (clap commands), Java, Kotlin, C#, Ruby, C, C++,
//	   TypeScript/JavaScript, Markdown, config files; symbol imports match
//	   any separator.
//	3: pass-2 evidence: receivers, facts, alternatives, resolved imports;
//	   Go implicit implements.
//	4: members of declared library types graded by their import, not
//	   fuzzy_name (resolution only: old indexes hold the old grades).
//	5: Rust modules of a [lib] or [[bin]] target whose Cargo.toml path
//	   leaves the default layout are named from that target's root.
//	6: a name reached through an import of the index's own namespace that
//	   nothing defines is fuzzy_name, not import_resolved; a relation is
//	   stored under the supertype its re-exports lead to; a name written
//	   through an import is import_resolved wherever re-exports lead
//	   (resolution only).
//	7: cobra commands carry what holds them and their cross-file
//	   AddCommand edges (core names them by their full path); a RunE
//	   closure of several statements is the handler's body; Java
//	   receivers typed by inherited fields, anonymous classes and
//	   Outer.this; C function names used as values are refs; C/C++ export
//	   macros; TypeScript barrels of several export *, functions used as
//	   values, members of imported values; Python names and attributes
//	   read as values get use refs, class bodies bind in order; Go method
//	   values, range/index/multi-value/type-switch receivers; generated
//	   code is extracted (resolution only) rather than skipped; a command
//	   naming its handler is a ref of kind handler, not use; Java methods
//	   state their arity and calls their argument count (overloads).
//	8: C++ in-class method declarations are function_declarations, C++
//	   functions and calls state arities, gtest TEST/TEST_F bodies are
//	   tests; TypeScript resolves a package's imports of itself
//	   (package.json is a marker), infers returns from bodies and bound
//	   functions, states namespace re-exports; Python symbol spans start
//	   at def/class (decorators belong to the enclosing scope), receivers
//	   typed by inference (fixtures, isinstance, cast, overrides, loops,
//	   properties); Rust foreign impls' methods belong to the impl,
//	   #[path] modules are aliases, item macros' bodies are walked;
//	   Kotlin parses around two grammar recovery bugs; config reads
//	   CSV/TSV headers as keys.
//	9: Python: a class-body annotation of an attribute governs its type;
//	   what methods assign to self.x states no other.
//	10: every callable states a normalised body hash, body size and its
//	   decorators/annotations; closures (func literals, lambdas, arrow
//	   functions) are extracted; Go calls of min/max/clear/print/println
//	   are refs unless the file declares the name.
//	11: dependency packages for TypeScript/JavaScript (node_modules,
//	   @types, Node built-ins), Rust (Cargo registry, vendor/, path
//	   dependencies; Cargo.lock a marker with an empty extraction) and
//	   Java (src.zip, sources jars; pom.xml and build.gradle markers);
//	   TypeScript: a re-export inside `declare module "m"` states its facts
//	   for m, `export = X` makes the module's names X's members; a
//	   dependency's Go and Java files lose bodies and unexported
//	   package-level names before parsing; pass 2: a name after an
//	   import's path and '/' is not reached through that import.
//	12: Go dependency packages read selectively (the files declaring what
//	   the worktree names, with their closure); Ruby (gemspecs, Gemfiles,
//	   Gemfile.lock, gem homes, the standard library; .gemspec is Ruby)
//	   and C# (.csproj, PackageReference, NuGet; .csproj an empty msbuild
//	   file) dependency packages; Gradle catalogs, settings.gradle
//	   projects and BOMs; Kotlin a dependency language sharing Java's
//	   build files; Rust crates read for what a dependent can reach,
//	   bodies blanked, crates named inline imported; npm versions from
//	   lock files, a package without declarations read from its
//	   JavaScript entry.
//	13: dependency files read in part or by selection: Go parses only the
//	   declarations the worktree names (Input.Keep, included ranges);
//	   Java, Kotlin, Python, Ruby and Rust select the files declaring what
//	   it names; Java drops private members of a dependency's file, Kotlin
//	   and Python blank a dependency's bodies; gems.rb/gems.locked are
//	   Bundler's Gemfile/lock, gradle.properties a Gradle marker; an npm
//	   package is recorded at its installed version.
//	14: Python dependency files read statement by statement, Rust's item
//	   by item, Ruby's method by method (the rest blanked); TypeScript's
//	   lib.*.d.ts the standard library package lib, read in part, builtin
//	   receivers and facts naming it.
//	15: a builtin's static members in TypeScript (Object.keys) refs with
//	   lib's interface as receiver; a Python dependency's classes read
//	   member by member; Rust's cfg_if! branches decided for the host and
//	   glob re-exports' closures; Java dependency files' comments and
//	   unreachable members blanked before the parse; Go's pre-scan and
//	   selection summaries reworked.
//	16: dependency files read less: Java leaves out the methods no reference
//	   names, Ruby reads named methods without their bodies and leaves out
//	   comments, Python drops what states nothing (docstrings, untyped
//	   returns, constant tables) and restores the extent of a def it
//	   emptied, Rust's module tree is read lazily and its blanked parts are
//	   left out of the parse; summaries of Java, Ruby and Rust changed.
//	17: a Go dependency's grouped specs read one by one (a const spec
//	   repeating the one before it stays with it); a Python dependency's
//	   class ends where its source does although its last members are not
//	   read; a Rust path written inline through a crate the file also
//	   uses names its modules (an import row "::crate::module"), so the
//	   lazy module tree reads them; summaries of Go and Python changed.
const Version = 17
