package extract

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
)

// Dependency packages (DESIGN.md, Dependency packages). A language whose
// Modules value also implements Dependent names the worktree's own
// packages and the packages outside it that its manifests pin; core reads
// those from disk (never downloading, never running a package manager),
// extracts only their declarations and marks them external, so that
// references into them get real targets.

// PackageKind says whose a package is.
type PackageKind uint8

const (
	PackageOwn        PackageKind = iota // a module, crate or distribution of the worktree
	PackageDependency                    // named by a manifest, read from a cache directory
	PackageStdlib                        // the language's standard library, an implicit dependency
)

var packageKindNames = [...]string{"own", "dependency", "stdlib"}

func (k PackageKind) String() string {
	if int(k) < len(packageKindNames) {
		return packageKindNames[k]
	}
	return "unknown"
}

// Package is one row of the packages table.
type Package struct {
	Name    string // the module path ("github.com/spf13/cobra"), "std" for Go's standard library
	Version string // pinned version; "" for own packages
	Kind    PackageKind
	// Root is the package's directory: repo-relative for own packages,
	// absolute for the others, or relative to the worktree's root when
	// the language cannot know it (vendor/x, a path dependency ../x). An
	// external package's Root may be a zip archive (.zip, .jar), read as
	// the directory of its entries, or a directory inside one
	// ("…/src.zip!/java.base").
	Root string
	// IndexDir is where an external package's files sit in the index,
	// under "@<lang>/": chosen so that a directory there reads as the
	// import path of its files (Go: the module path, "" for std).
	IndexDir string
	// Missing, when not empty, says why the package is not on disk (the
	// module cache lacks it): its references keep the grades they had.
	Missing string
	// Note, when not empty, says how a package that is read differs from
	// what the manifests ask for (node_modules holds another version than
	// the lock file pins); the sync report names it.
	Note string
}

// Probe is a read-only command whose output tells a language where its
// toolchain keeps packages (`go env -json GOROOT GOMODCACHE`). Core runs it
// in the worktree with Env added to the environment.
type Probe struct {
	Args []string
	Env  []string
	// Dir is where it runs; "" is outside the worktree (the system's
	// temporary directory), so that no project file steers it. A probe
	// that must see the project's own pins (pyenv's .python-version) names
	// the worktree's root.
	Dir string
	// Stderr: the answer is on standard error (java -XshowSettings).
	Stderr bool
	// Keyed: the output follows from the environment variables KeyEnv,
	// the files KeyFiles (by name, size and modification time; absent
	// ones too) and the command's executable (found on PATH, which
	// KeyEnv should name), so core keeps it across processes, in the
	// extraction cache, under those: a one-file sync runs no toolchain.
	Keyed    bool
	KeyEnv   []string
	KeyFiles []string
}

// Dependent is a Modules value that knows the packages its files import.
type Dependent interface {
	// Probe is the command whose output Dependencies reads; a zero Probe
	// runs nothing.
	Probe() Probe
	// Dependencies locates the packages with the probe's output (nil when
	// the probe failed: every dependency is then missing).
	Dependencies(probe []byte) DependencySet
}

// DependencySet answers, for one sync, where the packages a worktree's
// files import live.
type DependencySet interface {
	// Packages lists every package, own ones first, in a fixed order.
	Packages() []Package
	// Locate maps an import path one of the language's files states to
	// the external package holding it (an index into Packages) and the
	// places inside that package's Root it may be, slash-separated, in
	// order: the first that exists is read, all of a directory's files
	// (those Includes takes) or one file ("" is Root itself); a place
	// ending in "/..." ("..." for Root) is a directory with everything
	// below it but node_modules and hidden directories (Rust: a crate's
	// module tree spans directories; TypeScript: a declaration entry
	// re-exports its neighbours). ok is false for own packages, unknown
	// ones and missing ones.
	Locate(importPath string) (pkg int, places []string, ok bool)
	// Includes says whether a file of a located directory is part of the
	// package as the toolchain would build it here (Go: no tests, the
	// host's platform by name and build constraint). head is nil when
	// base alone decides; for a HeadIncludes set core asks again, with
	// the start of the file (HeadSize bytes at most), when the answer is
	// true.
	Includes(base string, head []byte) bool
	// Context is the module context of a file of an external package
	// whose index path starts with prefix (the package's files are indexed
	// under prefix, the Root of Packages()[pkg] on disk).
	Context(pkg int, prefix string) ModuleContext
}

// Namespacer is a DependencySet whose packages may hold a namespace the
// worktree declares itself (Java's packages are not tied to a manifest:
// a repository may be the JDK's java.util). Core leaves a located
// directory out when the worktree's own symbols define its namespace.
type Namespacer interface {
	// Namespace is the qualified name of what a place of Locate holds
	// ("java/util" → "java.util").
	Namespace(place string) string
}

// Implicit is a DependencySet whose language imports some paths in every
// file without an import statement (Java's java.lang): core locates them
// as if a file imported them.
type Implicit interface {
	ImplicitImports() []string
}

// HeadSize is how much of a dependency's file Includes reads.
const HeadSize = 4096

// HeadIncludes is a DependencySet whose Includes may read a file's head
// (Go's build constraints, TypeScript's JavaScript entries). For any
// other set core reads no head: that was an open and a read of every file
// of every located directory (in an archive, decompressing its start).
type HeadIncludes interface {
	IncludesByHead() bool
}

// DeclarationsOnly keeps what an external package's file contributes to
// resolution: its symbols, relations and facts. Its own references,
// imports, strings, configs and commands are dropped.
func DeclarationsOnly(x *ExtractedFile) {
	x.Refs, x.Imports, x.Strings, x.Configs = nil, nil, nil, nil
	x.Commands, x.CommandEdges = nil, nil
	// Bodies are the catalog's (graph check), which reads the worktree's
	// code only; a dependency's may be blanked before parsing.
	x.Closures = nil
	for i := range x.Symbols {
		x.Symbols[i].Body = Body{}
	}
}

// ExternalCacheKey is the identity an external package's extraction may be
// shared under (a shared extraction cache: a second worktree with the same
// dependency pays nothing): the language, the package, its version and
// the extractor version.
func ExternalCacheKey(lang string, p Package) string {
	return lang + "\x00" + p.Name + "\x00" + p.Version + "\x00" + strconv.Itoa(Version)
}

// Host is what a language's dependency code may look at outside the
// scan: the worktree's root, manifests, lock files, a virtualenv, a
// module cache, the environment. Core provides it, so extractors do no
// I/O of their own (and tests hand it a temporary root). Paths may pass
// through a zip archive ("…/src.zip!/java.base"), which reads as a
// directory of its entries.
type Host interface {
	Root() string // the worktree's absolute root
	ReadFile(name string) ([]byte, error)
	Stat(name string) (fs.FileInfo, error)
	ReadDir(name string) ([]string, error) // entry names, in order
	// ArchiveEntries names every entry of a zip archive, slash-separated.
	ArchiveEntries(name string) ([]string, error)
	Getenv(key string) string
	UserHomeDir() (string, error)
}

// NoHost is the Host of a value core never gave one: it reads nothing.
type NoHost struct{}

func (NoHost) Root() string                            { return "" }
func (NoHost) ReadFile(string) ([]byte, error)         { return nil, fs.ErrNotExist }
func (NoHost) Stat(string) (fs.FileInfo, error)        { return nil, fs.ErrNotExist }
func (NoHost) ReadDir(string) ([]string, error)        { return nil, fs.ErrNotExist }
func (NoHost) ArchiveEntries(string) ([]string, error) { return nil, fs.ErrNotExist }
func (NoHost) Getenv(string) string                    { return "" }
func (NoHost) UserHomeDir() (string, error)            { return "", fs.ErrNotExist }

// Glob names the entries of dir whose names match pattern (path.Match),
// joined to dir, in order.
func Glob(h Host, dir, pattern string) []string {
	names, _ := h.ReadDir(dir)
	var out []string
	for _, n := range names {
		if ok, _ := path.Match(pattern, n); ok {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out
}

// HostUser is a Dependent that reads through a Host: core gives it the
// host once, before any other call (a value never given one reads
// nothing: its dependencies are missing).
type HostUser interface {
	SetHost(h Host)
}

// StateKeyer is a Dependent whose packages depend on state the scan does
// not see (a virtualenv's site-packages, go.work, vendor/modules.txt, a
// local replacement's files). StateKey summarises that state cheaply
// (names, sizes, modification times); a sync whose key differs from the
// one the index recorded reads the packages again, even when no file of
// the worktree changed.
type StateKeyer interface {
	StateKey() string
}

// StateContenter is a StateKeyer whose state is files it can digest by
// content, named relative to the worktree's root: a sibling worktree's
// checkout gives them other times (another StateKey) but the same
// content, so core, when the StateKey differs from the one recorded,
// compares StateContent before reading the packages again.
type StateContenter interface {
	StateContent() string
}

// Stamp is a StateKey's entry for the file p: name (how the key writes
// it, relative to the root when the file is the worktree's), size and
// modification time; "" when p is not there.
func Stamp(h Host, name, p string) string {
	fi, err := h.Stat(p)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s\x00%d\x00%d\x00", name, fi.Size(), fi.ModTime().UnixNano())
}

// LookPath is the first executable named name in the host's PATH
// directories, "" when none is: what a probe's command runs (a Keyed
// probe's answer follows from it).
func LookPath(h Host, name string) string {
	for _, dir := range filepath.SplitList(h.Getenv("PATH")) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue // relative to the probe's directory: not known here
		}
		p := filepath.Join(dir, name)
		if fi, err := h.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// ContentKey is a StateContent: files by name relative to root and
// content (those it cannot read, directories among them, by name alone).
func ContentKey(h Host, root string, files []string) string {
	d := sha256.New()
	for _, f := range files {
		rel, err := filepath.Rel(root, f)
		if err != nil {
			rel = f
		}
		b, err := h.ReadFile(f)
		if err != nil {
			fmt.Fprintf(d, "%q -\n", filepath.ToSlash(rel))
			continue
		}
		fmt.Fprintf(d, "%q %d\n", filepath.ToSlash(rel), len(b))
		d.Write(b)
	}
	return hex.EncodeToString(d.Sum(nil))
}
