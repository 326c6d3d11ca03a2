package indexer

import (
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Re-selection (DESIGN.md, Dependency packages: selecting again only when
// its inputs change): which files of the located directories a sync
// reads is a function of the selection's inputs, so a sync whose inputs
// are those the index's external files were selected with keeps them as
// they are, without reading a file's head, a summary or the worktree's
// names. The inputs are two parts:
//
//   - the located places, their files' names, sizes and modification
//     times, the language's packages, its probe's output and state key (its
//     content key when it has one: depstate.go),
//     extract.Version and the running executable: digested into the meta
//     row packagesSelectPrefix+lang by the sync that selected;
//   - for a Selective set, the names the worktree's files state and the
//     paths they import: unchanged when every own file this sync wrote
//     or removed states and imports what it did before (each file's
//     before is read from its rows as the sync is about to replace them,
//     its after from its new extraction), and no marker was written.
//
// A language whose meta row is the digest of this sync's inputs and whose
// names did not change reads what the index holds of its places.

// packagesSelectPrefix prefixes the meta keys recording, per Dependent
// language, the digest of the inputs its external files were selected
// with ("" when none stands).
const packagesSelectPrefix = "packages_select:"

// reselect is what a sync knows of the selection's inputs.
type reselect struct {
	meta  map[string]string // the index's meta as the sync began (nil: a cold build)
	langs *languages
	// before holds, for each own file this sync rewrote or removed, the
	// digest of the names its references stated and the paths it
	// imported before.
	before  map[string]fileNames
	written map[string]bool // the paths the sync wrote before selecting (writer.written)
	started bool            // the selection ran: later rewrites (dependents) change no names
	// digests are the meta rows this sync records (state).
	digests map[string]string
}

// capture keeps what an own file stated and imported before the sync
// rewrites or removes it (writer.before). A cold build and a sync without
// packages capture nothing.
func (d *dependencies) capture(tx *store.Tx, p string) error {
	r := &d.re
	if r.meta == nil || r.started || len(d.langs) == 0 {
		return nil
	}
	if _, ok := r.before[p]; ok {
		return nil
	}
	names, err := fileStrings(tx, `SELECT DISTINCT target_name FROM refs WHERE from_file = ?`, p)
	if err != nil {
		return err
	}
	imports, err := fileStrings(tx, `SELECT DISTINCT target_path FROM imports WHERE from_file = ?`, p)
	if err != nil {
		return err
	}
	lang, err := fileLang(tx, p)
	if err != nil {
		return err
	}
	if r.before == nil {
		r.before = map[string]fileNames{}
	}
	r.before[p] = fileNames{lang, namesDigest(names, imports)}
	return nil
}

// fileNames is what a file of a language states and imports, digested.
type fileNames struct {
	lang   string // as files.lang holds it (finer than languages.langOf)
	digest [32]byte
}

// startSelection marks the end of the own files' writes: the paths
// written so far are those whose names may have changed.
func (d *dependencies) startSelection(written map[string]bool) {
	d.re.started = true
	d.re.written = written
}

// sameSelection computes the digest of dl's selection inputs, to be
// recorded, and says whether the index's external files of dl were
// selected with the same inputs (so they are this sync's selection).
func (d *dependencies) sameSelection(tx *store.Tx, dl *depLang, places []placeFiles) (bool, error) {
	r := &d.re
	key := d.selectionDigest(dl, places)
	if r.digests == nil {
		r.digests = map[string]string{}
	}
	r.digests[dl.lang] = key
	if r.meta == nil || r.meta[packagesSelectPrefix+dl.lang] != key {
		return false, nil
	}
	if _, ok := dl.set.(extract.Selective); !ok {
		return true, nil
	}
	changed, err := d.namesChanged(tx, dl)
	return !changed, err
}

// selectionDigest hashes what dl's selection depends on besides the
// worktree's names.
func (d *dependencies) selectionDigest(dl *depLang, places []placeFiles) string {
	h := blake3.New()
	fmt.Fprintf(h, "%v %q %q\n", extract.Version, executableStamp(), dl.lang)
	fmt.Fprintf(h, "%q\n", runProbe(d.xc, dl.m.Probe())) // cached for the process
	fmt.Fprintf(h, "%q\n", d.selectionState(dl))
	for _, p := range dl.pkgs {
		fmt.Fprintf(h, "%q %q %d %q %q %q\n", p.Name, p.Version, p.Kind, p.Root, p.IndexDir, p.Missing)
	}
	// A file is its package's root, its place's directory and its name.
	var b []byte
	for _, pf := range places {
		b = strconv.AppendQuote(append(b, "place "...), pf.key.dir)
		b = strconv.AppendQuote(append(strconv.AppendInt(b, int64(pf.key.pkg), 10), ' '), pf.dir)
		b = append(strconv.AppendQuote(b, pf.prefix), '\n')
		for _, f := range pf.files {
			b = append(strconv.AppendQuote(b, f.name), ' ')
			b = append(strconv.AppendInt(b, f.size, 10), ' ')
			b = append(strconv.AppendInt(b, f.mod, 10), '\n')
		}
		h.Write(b)
		b = b[:0]
	}
	return hex.EncodeToString(h.Sum(nil))
}

// namesChanged: some own file of dl's languages that the sync wrote states
// or imports other things than before, or a marker was written.
func (d *dependencies) namesChanged(tx *store.Tx, dl *depLang) (bool, error) {
	r := &d.re
	if err := tx.Flush(); err != nil { // the written files' imports rows
		return false, err
	}
	for _, p := range sortedKeys(r.written) {
		lang, err := fileLang(tx, p) // "" once removed
		if err != nil {
			return false, err
		}
		before, existed := r.before[p]
		for _, a := range r.langs.aware {
			// A marker read for its content changes the selection's
			// inputs when it changes; one whose presence alone counts
			// (a .java file for Kotlin) only when it comes or goes.
			if marker, content := a.Marker(p); marker && (content || !existed || lang == "") {
				return true, nil
			}
		}
		if !existed {
			before = fileNames{lang, namesDigest(nil, nil)} // new: it stated nothing
		}
		if !slices.Contains(dl.fileLangs, lang) && !slices.Contains(dl.fileLangs, before.lang) {
			continue
		}
		imports, err := fileStrings(tx, `SELECT DISTINCT target_path FROM imports WHERE from_file = ?`, p)
		if err != nil {
			return false, err
		}
		if (fileNames{lang, namesDigest(slices.Clone(d.names[lang][p]), imports)}) != before {
			return true, nil
		}
	}
	return false, nil
}

// selectionMeta are the meta rows of the digests this sync computed, and
// "" for the languages the index recorded one for that no longer select
// (packages off, the language gone); none before the selection ran (a
// sync that selects nothing keeps the rows, and stateChanged compares
// only the state keys).
func (d *dependencies) selectionMeta() map[string]string {
	out := map[string]string{}
	if !d.re.started {
		return out
	}
	for k := range d.re.meta {
		if strings.HasPrefix(k, packagesSelectPrefix) {
			out[k] = ""
		}
	}
	for lang, v := range d.re.digests {
		out[packagesSelectPrefix+lang] = v
	}
	return out
}

// namesDigest hashes a file's stated names and imported paths as sets.
func namesDigest(names, imports []string) [32]byte {
	h := blake3.New()
	for _, part := range [][]string{names, imports} {
		sort.Strings(part)
		for i, s := range part {
			if i == 0 || s != part[i-1] {
				h.WriteString(s)
				h.Write([]byte{0})
			}
		}
		h.Write([]byte{1})
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// fileLang is a file's files.lang, "" when the index does not hold it.
func fileLang(tx *store.Tx, p string) (string, error) {
	langs, err := fileStrings(tx, `SELECT lang FROM files WHERE path = ?`, p)
	if len(langs) == 0 {
		return "", err
	}
	return langs[0], err
}

// fileStrings reads one column of a file's rows.
func fileStrings(tx *store.Tx, query, p string) ([]string, error) {
	rows, err := tx.SQL().Query(query, p)
	if err != nil {
		return nil, fmt.Errorf("read the names of %s: %w", p, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("read the names of %s: %w", p, err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// executableStamp names the running executable by path, size and time: a
// rebuilt binary may select differently, so it selects again.
var executableStamp = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return exe
	}
	return fmt.Sprintf("%s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
})
