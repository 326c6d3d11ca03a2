package store

import "strconv"

// SchemaVersion is the layout of the tables below. A DB with another version
// is rebuilt, never migrated (the index is derived data, DESIGN.md, Packages).
//
// Changelog (one line per bump):
//
//	1: the schema of DESIGN.md, The tables, plus indexes on foreign-key child columns.
//	2: facts and resolve_deps, the evidence pass 2 follows and who followed it.
//	3: commands keep the path their file states, what holds them and a
//	   handler written in place; command_edges link them across files;
//	   files.generated marks a generator's output (resolution only);
//	   symbols.arity_min/max and refs.args tell overloads apart.
//	4: skipped remembers the files a sync read and left out (binary, grown
//	   too large), so an unchanged one is not read again.
//	5: symbols.body_hash/body_size digest a callable's body,
//	   symbols.decorators lists its decorators and closures holds the
//	   anonymous functions, for graph check's catalog.
//	   refs_fuzzy_name indexes the fuzzy_name refs by name, so counting a
//	   name's fuzzy refs (refs, below the floor) reads those rows only.
//	   packages lists the worktree's own packages and its dependencies;
//	   files.package and symbols.package say which one a row belongs to
//	   (DESIGN.md, Dependency packages).
//	6: files.resolution digests a file's refs and resolve_deps rows, so a
//	   file resolved again to the same rows is not read nor written.
//	7: symbols.external marks a dependency package's declaration, fixed
//	   when the row is written; such a symbol has no symbols_fts row.
const SchemaVersion = 7

// schema is DESIGN.md, The tables, verbatim in tables, columns, STRICT, indexes and FTS5
// tables, plus the foreign-key indexes marked below.
const schema = `
-- Beyond the core tables: the worktree's own packages and the dependency
-- packages (standard library included) its manifests pin, per language
-- (DESIGN.md, Dependency packages). kind is own, dependency or stdlib;
-- root is repo-relative for own packages and absolute for the others;
-- missing says why a dependency is not on disk.
CREATE TABLE packages (
  id         INTEGER PRIMARY KEY,
  lang       TEXT NOT NULL,
  name       TEXT NOT NULL,
  version    TEXT NOT NULL,
  kind       TEXT NOT NULL,
  root       TEXT NOT NULL,
  index_dir  TEXT NOT NULL,
  missing    TEXT NOT NULL,
  UNIQUE (lang, name)
) STRICT;

CREATE TABLE files (
  path          TEXT PRIMARY KEY,
  content_hash  BLOB NOT NULL,
  mtime_ns      INTEGER NOT NULL,
  lang          TEXT NOT NULL,
  byte_len      INTEGER NOT NULL,
  extracted_at  INTEGER NOT NULL,
  generated     INTEGER NOT NULL,
  package       INTEGER,
  resolution    BLOB
) STRICT;

CREATE TABLE symbols (
  id             INTEGER PRIMARY KEY,
  file_path      TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  name           TEXT NOT NULL,
  qualified      TEXT NOT NULL,
  kind           TEXT NOT NULL,
  span_start     INTEGER NOT NULL,
  span_end       INTEGER NOT NULL,
  signature      TEXT,
  parent_symbol  INTEGER REFERENCES symbols(id) ON DELETE CASCADE,
  arity_min      INTEGER,
  arity_max      INTEGER,
  body_hash      INTEGER,
  body_size      INTEGER,
  decorators     TEXT,
  package        INTEGER,
  external       INTEGER NOT NULL
) STRICT;

CREATE INDEX symbols_name ON symbols(name);
CREATE INDEX symbols_qualified ON symbols(qualified);
CREATE INDEX symbols_file ON symbols(file_path);

CREATE TABLE refs (
  id                  INTEGER PRIMARY KEY,
  from_file           TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  from_span_start     INTEGER NOT NULL,
  from_span_end       INTEGER NOT NULL,
  target_name         TEXT NOT NULL,
  target_qualified    TEXT,
  target_symbol_hint  INTEGER,
  kind                TEXT NOT NULL,
  confidence          TEXT NOT NULL,
  args                INTEGER
) STRICT;

-- refs' indexes: bulkIndexes.

CREATE TABLE relations (
  id              INTEGER PRIMARY KEY,
  from_qualified  TEXT NOT NULL,
  to_qualified    TEXT NOT NULL,
  kind            TEXT NOT NULL,
  def_file        TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  def_span_start  INTEGER NOT NULL,
  def_span_end    INTEGER NOT NULL,
  confidence      TEXT NOT NULL
) STRICT;

CREATE INDEX relations_from ON relations(from_qualified);
CREATE INDEX relations_to ON relations(to_qualified);
CREATE INDEX relations_kind ON relations(kind);

CREATE TABLE imports (
  from_file      TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  target_path    TEXT NOT NULL,
  target_symbol  TEXT
) STRICT;

CREATE TABLE commands (
  id              INTEGER PRIMARY KEY,
  name            TEXT NOT NULL,
  local_name      TEXT NOT NULL,
  file_path       TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  span_start      INTEGER NOT NULL,
  handler_symbol  INTEGER REFERENCES symbols(id),
  body_start      INTEGER,
  body_end        INTEGER,
  bindings        TEXT NOT NULL,
  top             TEXT NOT NULL
) STRICT;

-- A command's name is its full path: local_name, as its file states it,
-- under the path of the command another file adds its tree to
-- (command_edges, by the names in bindings and top; DESIGN.md, Commands).
CREATE TABLE command_edges (
  file_path   TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  span_start  INTEGER NOT NULL,
  parent      TEXT NOT NULL,
  child       TEXT NOT NULL
) STRICT;

CREATE TABLE strings (
  id              INTEGER PRIMARY KEY,
  file_path       TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  line            INTEGER NOT NULL,
  value           TEXT NOT NULL,
  context_symbol  INTEGER REFERENCES symbols(id)
) STRICT;

CREATE TABLE configs (
  id         INTEGER PRIMARY KEY,
  file_path  TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  line       INTEGER NOT NULL,
  key        TEXT NOT NULL,
  kind       TEXT NOT NULL
) STRICT;

CREATE VIRTUAL TABLE symbols_fts USING fts5(name, qualified, signature, content='symbols');
CREATE VIRTUAL TABLE strings_fts USING fts5(value, content='strings');
CREATE VIRTUAL TABLE configs_fts USING fts5(key, content='configs');

-- Beyond the core tables: an index on every foreign-key child column. Without them
-- each cascade delete of a file (and each deleted symbol) scans whole tables,
-- which turns a one-file sync into seconds on a large index.
CREATE INDEX symbols_parent ON symbols(parent_symbol) WHERE parent_symbol IS NOT NULL;
CREATE INDEX relations_def_file ON relations(def_file);
CREATE INDEX imports_from_file ON imports(from_file);
CREATE INDEX commands_file ON commands(file_path);
CREATE INDEX commands_name ON commands(name);
-- Search and overview leave generated files out by path: a partial index
-- keeps that set small to read.
CREATE INDEX files_generated ON files(path) WHERE generated = 1;
CREATE INDEX files_package ON files(package) WHERE package IS NOT NULL;
CREATE INDEX command_edges_file ON command_edges(file_path);
CREATE INDEX commands_handler ON commands(handler_symbol) WHERE handler_symbol IS NOT NULL;
CREATE INDEX configs_file ON configs(file_path);

-- Beyond the core tables: what pass 2 needs beyond symbols to resolve receivers
-- and re-exports (graph/extract/RESOLUTION.md). facts are type evidence a
-- file states about its own declarations; resolve_deps records, per file,
-- every name its resolution consulted besides the targets it stored, so an
-- incremental sync can re-resolve exactly the files a change can affect
-- (DESIGN.md, A sync: incremental must equal cold).
CREATE TABLE facts (
  def_file  TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  kind      TEXT NOT NULL,
  subject   TEXT NOT NULL,
  member    TEXT NOT NULL,
  object    TEXT NOT NULL
) STRICT;

CREATE INDEX facts_subject ON facts(subject, member);
CREATE INDEX facts_def_file ON facts(def_file);

CREATE TABLE resolve_deps (
  name       TEXT NOT NULL,
  from_file  TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  PRIMARY KEY (name, from_file)
) STRICT, WITHOUT ROWID;

CREATE INDEX resolve_deps_file ON resolve_deps(from_file);

-- Beyond the core tables: files a sync read and left out, with the state
-- it saw (reason "binary" or "large"), so the next sync passes over them
-- unread while their size and mtime stay put (a no-op stays a no-op).
CREATE TABLE skipped (
  path          TEXT PRIMARY KEY,
  reason        TEXT NOT NULL,
  content_hash  BLOB,
  mtime_ns      INTEGER NOT NULL,
  byte_len      INTEGER NOT NULL
) STRICT;

-- Beyond the core tables: anonymous functions (func literals, lambdas,
-- arrow functions, closures), for graph check's catalog (DESIGN.md, Checks).
CREATE TABLE closures (
  file_path   TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  span_start  INTEGER NOT NULL,
  span_end    INTEGER NOT NULL,
  line        INTEGER NOT NULL,
  col         INTEGER NOT NULL,
  body_hash   INTEGER,
  body_size   INTEGER
) STRICT;

CREATE INDEX closures_file ON closures(file_path);

CREATE TABLE meta (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
) STRICT;
`

// bulkIndexes are the indexes of the two largest tables, refs and strings
// (the last two are beyond the core tables, as above, and so is
// refs_fuzzy_name: refs of a name that many resolved refs share, a method
// name like Close, counts the fuzzy ones below the floor without reading
// every row of the name, 0.4 ms of a 1 ms refs query on a 200k-line
// corpus). A cold build, which never reads these tables, creates them once
// its rows are in (Seal): sorting once is cheaper than keeping six B-trees
// ordered through every insert.
const bulkIndexes = `
CREATE INDEX IF NOT EXISTS refs_target_qualified ON refs(target_qualified) WHERE target_qualified IS NOT NULL;
CREATE INDEX IF NOT EXISTS refs_target_name ON refs(target_name);
CREATE INDEX IF NOT EXISTS refs_from_file ON refs(from_file);
CREATE INDEX IF NOT EXISTS refs_fuzzy_name ON refs(target_name) WHERE confidence = 'fuzzy_name';
CREATE INDEX IF NOT EXISTS strings_file ON strings(file_path);
CREATE INDEX IF NOT EXISTS strings_context ON strings(context_symbol) WHERE context_symbol IS NOT NULL;
`

// Meta keys (DESIGN.md, The tables).
const (
	MetaExtractorVersion  = "extractor_version"
	MetaSchemaVersion     = "schema_version"
	MetaBranch            = "branch"
	MetaCommitSHA         = "commit_sha"
	MetaLastFullBuildAt   = "last_full_build_at"
	MetaLastIncrementalAt = "last_incremental_at"
)

// LastSyncNs is when a sync last wrote the index (the later of the last
// full build and the last incremental sync), in Unix nanoseconds; 0 when
// the meta says neither.
func LastSyncNs(meta map[string]string) int64 {
	last := int64(0)
	for _, k := range []string{MetaLastFullBuildAt, MetaLastIncrementalAt} {
		if v, err := strconv.ParseInt(meta[k], 10, 64); err == nil && v > last {
			last = v
		}
	}
	return last
}
