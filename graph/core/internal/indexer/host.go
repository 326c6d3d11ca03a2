package indexer

import (
	"os"

	"github.com/orbitgraph/orbit/graph/core/internal/archive"
)

// host is the extract.Host core gives a language's dependency code: the
// machine's files (through archives too) and environment, read here so
// that extractors do no I/O of their own.
type host struct{ root string }

func (h host) Root() string                              { return h.root }
func (h host) ReadFile(name string) ([]byte, error)      { return archive.ReadFile(name) }
func (h host) Stat(name string) (os.FileInfo, error)     { return archive.Stat(name) }
func (h host) ReadDir(name string) ([]string, error)     { return archive.ReadDir(name) }
func (h host) ArchiveEntries(p string) ([]string, error) { return archive.Entries(p) }
func (h host) Getenv(key string) string                  { return os.Getenv(key) }
func (h host) UserHomeDir() (string, error)              { return os.UserHomeDir() }
