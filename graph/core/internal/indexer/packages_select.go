package indexer

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Selection (DESIGN.md, Dependency packages: selection): a language whose
// DependencySet is extract.Selective reads only the files of a located
// directory that declare what the worktree's files name, and what those
// declarations need. What they name is the short names their references
// state (refs.target_name, as extracted) and the paths their files import,
// so the files read are a function of the whole worktree, not of the
// files a sync wrote: an incremental sync reads what a cold build would.

// refNames collects, as a sync writes its own files, the names their
// references state, by language and file; refs rows of files written
// again are stale until pass 2 rewrites them.
type refNames map[string]map[string][]string // lang → file → names

func (n refNames) add(lang, file string, x *extract.ExtractedFile) {
	if len(x.Refs) == 0 {
		return
	}
	byFile := n[lang]
	if byFile == nil {
		byFile = map[string][]string{}
		n[lang] = byFile
	}
	seen := map[string]bool{}
	var names []string
	for _, r := range x.Refs {
		if !seen[r.Name] {
			seen[r.Name] = true
			names = append(names, strings.Clone(r.Name))
		}
	}
	byFile[file] = names
}

// worktreeNames is extract.Names over the worktree's files of a language.
type worktreeNames struct {
	files   map[string][]string        // name → the files whose references state it
	imports map[string]map[string]bool // file → the paths it imports
}

func (w *worktreeNames) Named(name string) bool { return len(w.files[name]) > 0 }

func (w *worktreeNames) NamedThrough(importPath, name string) bool {
	for _, f := range w.files[name] {
		if w.imports[f][importPath] {
			return true
		}
	}
	return false
}

// namesOf reads what the worktree's files of langs name: the names this
// sync's written files state (fresh) and, of the index's refs rows,
// those of the other files (stale: the files kept to be rewritten, whose
// rows pass 2 has yet to replace), and every file's imports.
func namesOf(tx *store.Tx, langs []string, fresh refNames, stale map[string]bool) (*worktreeNames, error) {
	if err := tx.Flush(); err != nil {
		return nil, err
	}
	in := strings.TrimSuffix(strings.Repeat("?,", len(langs)), ",")
	args := make([]any, len(langs))
	for i, l := range langs {
		args[i] = l
	}
	w := &worktreeNames{files: map[string][]string{}, imports: map[string]map[string]bool{}}
	pairs := func(query string, f func(a, b string)) error {
		rows, err := tx.SQL().Query(query, args...)
		if err != nil {
			return fmt.Errorf("read reference names: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var a, b string
			if err := rows.Scan(&a, &b); err != nil {
				return fmt.Errorf("read reference names: %w", err)
			}
			f(a, b)
		}
		return rows.Err()
	}
	err := pairs(`SELECT DISTINCT r.from_file, r.target_name FROM refs r JOIN files f ON f.path = r.from_file WHERE f.lang IN (`+in+`)`, func(file, name string) {
		if !stale[file] {
			w.files[name] = append(w.files[name], file)
		}
	})
	if err != nil {
		return nil, err
	}
	for _, l := range langs {
		for file, names := range fresh[l] {
			for _, n := range names {
				w.files[n] = append(w.files[n], file)
			}
		}
	}
	err = pairs(`SELECT DISTINCT i.from_file, i.target_path FROM imports i JOIN files f ON f.path = i.from_file WHERE f.lang IN (`+in+`)`, func(file, p string) {
		m := w.imports[file]
		if m == nil {
			m = map[string]bool{}
			w.imports[file] = m
		}
		m[p] = true
	})
	return w, err
}

// selectFile is one file of a located directory that Includes takes.
type selectFile struct {
	name string // relative to the directory
	disk string
	size int64
	mod  int64
	keep []extract.Span // the parts read (extract.Selection), nil: all
	hash []byte         // its bytes' hash, when its summary carried it
}

// summariesOf is what Summarize says of each file of a place, with the
// hash of its bytes (which spares reading it again to hash it: bundleJobs,
// process), taken from the extraction cache when it holds them: one entry
// per directory, keyed by the language, the directory and its files'
// names, sizes and modification times (a package version's files do not
// change in place; a local replacement's that do change their times).
// Without it every sync that writes would scan every file of every
// imported directory.
func summariesOf(xc *cacheRun, lang, dir string, sel extract.Selective, files []selectFile) (sums, hashes [][]byte) {
	var key xcache.Key
	ok := false
	if xc != nil {
		h := blake3.New()
		for _, f := range files {
			fmt.Fprintf(h, "%s\x00%d\x00%d\n", f.name, f.size, f.mod)
		}
		key, ok = xc.key(h.Sum(nil), lang, "summaries+hashes\x00"+dir, extract.ModuleContext{})
	}
	if ok {
		b, err := xc.c.GetBlob(key)
		if err != nil {
			xc.noteCorrupt(err)
		}
		if sums, hashes := decodeSummaries(b, len(files)); sums != nil {
			return sums, hashes
		}
	}
	sums, hashes = make([][]byte, len(files)), make([][]byte, len(files))
	for i, f := range files {
		content, err := readDependency(f.disk)
		if err != nil {
			ok = false // unreadable: the read proper will say so; not kept
			continue
		}
		sums[i] = sel.Summarize(content)
		sum := blake3.Sum256(content)
		hashes[i] = sum[:]
	}
	if ok {
		var b []byte
		for i, s := range sums {
			b = binary.AppendUvarint(b, uint64(len(s)))
			b = append(append(b, s...), hashes[i]...)
		}
		xc.c.PutBlob(key, b) // a failed write costs a scan next time
	}
	return sums, hashes
}

// decodeSummaries reads n summaries and hashes written by summariesOf;
// nil when b does not hold exactly n.
func decodeSummaries(b []byte, n int) (sums, hashes [][]byte) {
	if b == nil {
		return nil, nil
	}
	sums, hashes = make([][]byte, 0, n), make([][]byte, 0, n)
	for len(b) > 0 {
		l, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k) < l+blake3Size {
			return nil, nil
		}
		end := k + int(l)
		sums = append(sums, b[k:end])
		hashes = append(hashes, b[end:end+blake3Size])
		b = b[end+blake3Size:]
	}
	if len(sums) != n {
		return nil, nil
	}
	return sums, hashes
}

// blake3Size is the length of a file's bytes' hash.
const blake3Size = 32
