package store

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"

	sqlite3 "github.com/mattn/go-sqlite3"
)

var (
	// ErrNotFound: there is no index file yet.
	ErrNotFound = errors.New("store: no index")
	// ErrIncompatible: the file is an index of another schema or extractor
	// version; it must be rebuilt.
	ErrIncompatible = errors.New("store: incompatible index version")
	// ErrCorrupt: the file is not a readable index; it must be rebuilt.
	ErrCorrupt = errors.New("store: corrupt index")
)

// driverName registers go-sqlite3 with the SQL functions our writes use.
const driverName = "sqlite3_orbit"

func init() {
	sql.Register(driverName, &sqlite3.SQLiteDriver{
		ConnectHook: func(c *sqlite3.SQLiteConn) error {
			return c.RegisterFunc("orbit_terms", SearchTerms, true)
		},
	})
}

// Store is one open index file.
type Store struct {
	db   *sql.DB
	Path string
}

func dsn(path string, pragmas ...string) string {
	q := url.Values{}
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "10000")
	for i := 0; i+1 < len(pragmas); i += 2 {
		q.Set(pragmas[i], pragmas[i+1])
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Open opens an existing index and checks that it is one this build can read.
// A missing file is ErrNotFound; an unreadable one ErrCorrupt; another
// version ErrIncompatible. The caller rebuilds in the last two cases.
func Open(path string, extractorVersion int) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("open store %s: %w", path, ErrNotFound)
		}
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	// _txlock=immediate: a sync's transaction takes the write lock when it
	// begins (waiting out the busy timeout), rather than upgrading a read
	// snapshot later, which fails at once with SQLITE_BUSY_SNAPSHOT when any
	// other connection committed in between (seen under the load test).
	// _stmt_cache_size: an incremental sync runs the same few dozen
	// statements once per file it rewrites (deletes, evidence, prefetch
	// reads); kept prepared, they are parsed once per connection, not
	// once per file.
	db, err := sql.Open(driverName, dsn(path, "_journal_mode", "WAL", "_synchronous", "NORMAL", "_txlock", "immediate", "_stmt_cache_size", "128"))
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one writer per process; SQLite serializes anyway
	s := &Store{db: db, Path: path}
	if err := s.checkVersions(extractorVersion); err != nil {
		db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return s, nil
}

func (s *Store) checkVersions(extractorVersion int) error {
	meta, err := s.Meta()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if meta[MetaSchemaVersion] != strconv.Itoa(SchemaVersion) ||
		meta[MetaExtractorVersion] != strconv.Itoa(extractorVersion) {
		return fmt.Errorf("%w: schema %q extractor %q, want %d and %d", ErrIncompatible,
			meta[MetaSchemaVersion], meta[MetaExtractorVersion], SchemaVersion, extractorVersion)
	}
	return nil
}

// Create writes a new, empty index at path, replacing anything there. It is
// used for cold builds into a temporary file that is renamed into place, so
// it trades durability for speed until Seal.
func Create(path string, extractorVersion int) (*Store, error) {
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("create store %s: %w", path, err)
		}
	}
	db, err := sql.Open(driverName, dsn(path, "_journal_mode", "OFF", "_synchronous", "OFF"))
	if err != nil {
		return nil, fmt.Errorf("create store %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	s := &Store{db: db, Path: path}
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("create store %s: %w", path, err)
	}
	err = s.SetMeta(db, map[string]string{
		MetaSchemaVersion:    strconv.Itoa(SchemaVersion),
		MetaExtractorVersion: strconv.Itoa(extractorVersion),
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("create store %s: %w", path, err)
	}
	return s, nil
}

// OpenCopy opens a private copy of an index that a sync brings up to date
// before it is renamed into place (a seed, DESIGN.md Extraction cache) the
// way Create opens a new one: no journal and no syncs, since a crash or a
// failed sync throws the file away. SealCopy makes it an index again.
func OpenCopy(path string, extractorVersion int) (*Store, error) {
	db, err := sql.Open(driverName, dsn(path, "mode", "rw", "_journal_mode", "OFF", "_synchronous", "OFF", "_stmt_cache_size", "128", "_cache_size", "-16384"))
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	s := &Store{db: db, Path: path}
	if err := s.checkVersions(extractorVersion); err != nil {
		db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return s, nil
}

// SealCopy makes a copy OpenCopy opened WAL-mode again, as Seal leaves a
// new index, closes it and makes it durable.
func (s *Store) SealCopy() error {
	return s.seal("PRAGMA journal_mode=WAL")
}

// Seal indexes the rows of a freshly created index (bulkIndexes), makes it
// durable and WAL-mode, then closes it, ready to be renamed into place. It
// stays WAL-mode (the WAL itself is checkpointed and gone): the first sync
// to open it then finds nothing to change, where switching the journal mode
// would rewrite the header of an index nothing else changed.
func (s *Store) Seal() error {
	return s.seal(bulkIndexes, "PRAGMA optimize", "PRAGMA journal_mode=WAL", "PRAGMA wal_checkpoint(TRUNCATE)")
}

func (s *Store) seal(stmts ...string) error {
	for _, stmt := range stmts {
		if _, err := s.db.Exec(stmt); err != nil {
			s.db.Close()
			return fmt.Errorf("seal store %s: %w", s.Path, err)
		}
	}
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("seal store %s: %w", s.Path, err)
	}
	f, err := os.Open(s.Path)
	if err != nil {
		return fmt.Errorf("seal store %s: %w", s.Path, err)
	}
	defer f.Close()
	return f.Sync()
}

// Checkpoint copies the transactions committed to the WAL of the index at
// path into the file itself (rolling back a hot journal on the way), so that
// the file alone holds the last committed state.
func Checkpoint(path string) error {
	db, err := sql.Open(driverName, dsn(path, "mode", "rw")) // never creates it
	if err != nil {
		return fmt.Errorf("checkpoint %s: %w", path, err)
	}
	defer db.Close()
	var n, busy, frames, done int
	if err := db.QueryRow(`SELECT COUNT(*) FROM sqlite_master`).Scan(&n); err != nil { // a read replays a hot journal
		return fmt.Errorf("checkpoint %s: %w", path, err)
	}
	if err := db.QueryRow(`PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &frames, &done); err != nil {
		return fmt.Errorf("checkpoint %s: %w", path, err)
	}
	if busy != 0 {
		return fmt.Errorf("checkpoint %s: readers kept it busy", path)
	}
	return nil
}

// Close closes the DB handle.
func (s *Store) Close() error { return s.db.Close() }

// execer is what both *sql.DB and *sql.Tx offer.
type execer interface {
	Exec(query string, args ...any) (sql.Result, error)
}

// SetMeta upserts meta keys.
func (s *Store) SetMeta(e execer, kv map[string]string) error {
	for k, v := range kv {
		if _, err := e.Exec(`INSERT INTO meta(key, value) VALUES(?, ?)
			ON CONFLICT(key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
			return fmt.Errorf("set meta %s: %w", k, err)
		}
	}
	return nil
}

// Meta reads every meta key.
func (s *Store) Meta() (map[string]string, error) {
	rows, err := s.db.Query(`SELECT key, value FROM meta`)
	if err != nil {
		return nil, fmt.Errorf("read meta: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, fmt.Errorf("read meta: %w", err)
		}
		out[k] = v
	}
	return out, rows.Err()
}

// IsCorruption reports whether err says the file itself is damaged, in which
// case the index is rebuilt rather than trusted.
func IsCorruption(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.Code == sqlite3.ErrCorrupt || se.Code == sqlite3.ErrNotADB
	}
	return errors.Is(err, ErrCorrupt) ||
		strings.Contains(err.Error(), "malformed") || strings.Contains(err.Error(), "not a database")
}

// OpenAny opens an index file of any version, for reading its meta.
func OpenAny(path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db, err := sql.Open(driverName, dsn(path, "mode", "ro"))
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return &Store{db: db, Path: path}, nil
}

// corruptMark is the file a query leaves beside an index it found damaged,
// so that the next sync rebuilds it even when the damage sits in pages an
// incremental sync never reads.
func corruptMark(path string) string { return path + ".corrupt" }

// MarkCorrupt records that a query found the index at path damaged.
func MarkCorrupt(path string) { os.WriteFile(corruptMark(path), nil, 0o644) }

// MarkedCorrupt reports whether a query found the index at path damaged.
func MarkedCorrupt(path string) bool {
	_, err := os.Stat(corruptMark(path))
	return err == nil
}

// ClearCorrupt removes the mark once the index is rebuilt.
func ClearCorrupt(path string) { os.Remove(corruptMark(path)) }
