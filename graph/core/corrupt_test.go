package core_test

import (
	"bytes"
	"database/sql"
	"errors"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// TestCorruptIndexThroughTheCLI damages the index file in the ways a disk,
// a crash of another tool or a careless copy can, and checks what a user of
// the binary sees: a query fails with exit code 4 and says to sync (never
// wrong rows, never a crash), and a sync rebuilds the index with a warning,
// after which the query answers as before.
func TestCorruptIndexThroughTheCLI(t *testing.T) {
	bin := buildOrbit(t)
	const pageSize = 4096
	garbage := func(n int) []byte {
		b := make([]byte, n)
		rand.New(rand.NewSource(int64(n))).Read(b)
		return b
	}
	// unread marks damage beyond the pages every open reads (the header, the
	// schema, meta): a sync with nothing to re-read never meets it itself,
	// so a query that does leaves a mark beside the index and the sync it
	// asks for rebuilds (checking every page on each sync would cost as much
	// as reading the whole file).
	cases := []struct {
		name   string
		damage func(t *testing.T, path string, size int64)
		unread bool
	}{
		{"truncated to half", func(t *testing.T, path string, size int64) {
			must(t, os.Truncate(path, size/2))
		}, false},
		{"truncated to one page", func(t *testing.T, path string, size int64) {
			must(t, os.Truncate(path, pageSize))
		}, false},
		{"empty file", func(t *testing.T, path string, size int64) {
			must(t, os.Truncate(path, 0))
		}, false},
		{"first page overwritten", func(t *testing.T, path string, size int64) {
			overwrite(t, path, 0, garbage(pageSize))
		}, false},
		{"header kept, rest of first page overwritten", func(t *testing.T, path string, size int64) {
			overwrite(t, path, 100, garbage(pageSize-100))
		}, false},
		{"middle page overwritten", func(t *testing.T, path string, size int64) {
			overwrite(t, path, (size/pageSize/2)*pageSize, garbage(pageSize))
		}, true},
		{"search index root page overwritten", func(t *testing.T, path string, size int64) {
			overwrite(t, path, (rootPage(t, path, "symbols_fts_data")-1)*pageSize, garbage(pageSize))
		}, true},
		{"every other page of the second half overwritten", func(t *testing.T, path string, size int64) {
			for off := (size / pageSize / 2) * pageSize; off < size; off += 2 * pageSize {
				overwrite(t, path, off, garbage(pageSize))
			}
		}, true},
		{"not an SQLite file", func(t *testing.T, path string, size int64) {
			must(t, os.WriteFile(path, []byte("these are notes, not an index\n"), 0o644))
		}, false},
		{"garbage of the same size", func(t *testing.T, path string, size int64) {
			must(t, os.WriteFile(path, garbage(int(size)), 0o644))
		}, false},
	}
	files := crashCorpus(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			repo := gittest.New(t, files)
			loc, err := dbpath.Resolve(repo.Root, extract.Version)
			if err != nil {
				t.Fatal(err)
			}
			cli := func(args ...string) (stdout, stderr string, code int) {
				cmd := exec.Command(bin, append([]string{"graph"}, args...)...)
				cmd.Dir = repo.Root
				var o, e bytes.Buffer
				cmd.Stdout, cmd.Stderr = &o, &e
				err := cmd.Run()
				var ee *exec.ExitError
				switch {
				case errors.As(err, &ee) && ee.ExitCode() >= 0:
					code = ee.ExitCode()
				case err != nil:
					t.Fatalf("orbit %v: %v (a crash?)\n%s", args, err, e.String())
				}
				return o.String(), e.String(), code
			}
			// Files older than the index: a sync after the damage has nothing
			// to re-read, as after a reboot with nothing edited.
			hourAgo := time.Now().Add(-time.Hour)
			filepath.WalkDir(repo.Root, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					os.Chtimes(p, hourAgo, hourAgo)
				}
				return nil
			})
			if _, e, code := cli("sync"); code != 0 {
				t.Fatalf("sync: exit %d: %s", code, e)
			}
			want, e, code := cli("search", "ParseInt", "--limit", "50")
			if code != 0 || !strings.Contains(want, "ParseInt") {
				t.Fatalf("search before damage: exit %d: %s%s", code, want, e)
			}
			fi, err := os.Stat(loc.Path)
			if err != nil {
				t.Fatal(err)
			}
			c.damage(t, loc.Path, fi.Size())

			out, e, code := cli("search", "ParseInt", "--limit", "50")
			searchCode := code
			switch {
			case code == 0 && c.unread && out == want:
				t.Logf("search: exit 0, the damaged page not read: the same rows as before")
			case code == 0 && out != want:
				t.Errorf("search of a damaged index answered wrong rows:\n%.2000s", out)
			case code != 4 || !strings.Contains(e, "corrupt") || !strings.Contains(e, "orbit graph sync"):
				t.Errorf("search of a damaged index: exit %d, want 4 and a message to sync\nstdout: %.300s\nstderr: %s", code, out, e)
			default:
				t.Logf("search: exit %d: %s", code, strings.TrimSpace(e))
			}

			_, e, code = cli("sync")
			switch {
			case code == 0 && c.unread && e == "" && searchCode == 0:
				// Damage in pages nothing has read: neither the query nor
				// the sync met it, and both answered correctly.
				t.Logf("%s: damage not met by search or sync; sync --full rebuilds", c.name)
				if _, e, code = cli("sync", "--full"); code != 0 {
					t.Errorf("sync --full of a damaged index: exit %d: %s", code, e)
				}
			case code != 0 || !strings.Contains(e, "warning: rebuilding"):
				t.Errorf("sync of a damaged index: exit %d, want 0 and a rebuild warning; stderr: %s", code, e)
			default:
				t.Logf("sync: exit %d: %s", code, strings.TrimSpace(e))
			}
			if out, e, code := cli("search", "ParseInt", "--limit", "50"); code != 0 || out != want {
				t.Errorf("search after the rebuild: exit %d: %s\n%.2000s", code, e, out)
			}
			if ok := integrity(t, loc.Path); ok != "ok" {
				t.Errorf("rebuilt index: integrity_check = %s", ok)
			}
		})
	}
}

// rootPage is the first page of a table, 1-based.
func rootPage(t *testing.T, path, table string) int64 {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	must(t, err)
	defer db.Close()
	var page int64
	must(t, db.QueryRow(`SELECT rootpage FROM sqlite_master WHERE name = ?`, table).Scan(&page))
	return page
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func overwrite(t *testing.T, path string, off int64, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	must(t, err)
	defer f.Close()
	_, err = f.WriteAt(b, off)
	must(t, err)
}
