package extract

import "slices"

// Selective is a DependencySet that reads only part of a located
// directory: the files declaring what the worktree's files name, with what
// those declarations need in turn (DESIGN.md, Dependency packages:
// selection). Without it every file Includes takes is read.
type Selective interface {
	// Summarize is what Select needs to know of one file of a located
	// directory (its whole content), opaque to core, which may keep it
	// for as long as the file's size and modification time stay.
	Summarize(content []byte) []byte
	// Select says, for each file of the directories core reads, what
	// of it to read, given every one of them at once (a declaration may
	// need another directory's) and what the language's own files name.
	// The answer must depend on nothing else: a sync and a cold build
	// with the same names and directories read the same files, and the
	// same parts of them.
	Select(dirs []SelectDir, names Names) [][]Selection
}

// Selection is what Select reads of one file: nothing (Read false), all
// of it (Keep nil), or the byte ranges Keep names, in order: the
// extractor is given the whole file and parses only those
// (Input.Keep), so offsets and lines stay, and the file's extraction
// depends on them as on its content (core hashes both for its index
// and its extraction cache).
type Selection struct {
	Read bool
	Keep []Span
}

// Names is what the worktree's files of a language name: the short names
// their references state (RawRef.Name) and the paths they import.
type Names interface {
	// Named: some file's reference states name.
	Named(name string) bool
	// NamedThrough: some file importing importPath (as RawImport.Path)
	// has a reference stating name.
	NamedThrough(importPath, name string) bool
}

// SelectDir is one directory Locate placed, with the files of it that
// Includes takes, in order, and their summaries.
type SelectDir struct {
	Pkg       int    // an index into Packages
	Place     string // the directory, as Locate named it
	Files     []string
	Summaries [][]byte
}

// ReadWhole is the Select answer of a language that reads a chosen file
// whole: read[i][j] says whether dirs[i].Files[j] is read.
func ReadWhole(read [][]bool) [][]Selection {
	out := make([][]Selection, len(read))
	for i, files := range read {
		out[i] = make([]Selection, len(files))
		for j, r := range files {
			out[i][j] = Selection{Read: r}
		}
	}
	return out
}

// KeepOnePerDir makes each directory of which keep reads no file read its
// smallest one (by summary), so that an import of the directory still has
// a target; keep[i][j] says whether dirs[i].Files[j] is read.
func KeepOnePerDir(keep [][]bool, dirs []SelectDir) {
	for i, k := range keep {
		if len(k) == 0 || slices.Contains(k, true) {
			continue
		}
		small := 0
		for j, s := range dirs[i].Summaries {
			if len(s) < len(dirs[i].Summaries[small]) {
				small = j
			}
		}
		k[small] = true
	}
}

// BlankOutside turns every byte of src outside keep (a Selection's Keep)
// to a space, newlines kept, so that offsets and lines stay and nothing
// of a part not kept reaches a parse or a scan: a copy, src itself for
// nil keep.
func BlankOutside(src []byte, keep []Span) []byte {
	if keep == nil {
		return src
	}
	out := append([]byte(nil), src...)
	at := 0
	blank := func(to int) {
		for ; at < min(to, len(out)); at++ {
			if out[at] != '\n' && out[at] != '\r' {
				out[at] = ' '
			}
		}
	}
	for _, sp := range keep {
		blank(int(sp.Start))
		at = max(at, int(sp.End))
	}
	blank(len(out))
	return out
}

// SummaryField is s as one field of a space-separated summary line (a
// Selective set's Summarize): "-" when empty, so no field goes missing.
func SummaryField(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// FromSummaryField undoes SummaryField.
func FromSummaryField(s string) string {
	if s == "-" {
		return ""
	}
	return s
}
