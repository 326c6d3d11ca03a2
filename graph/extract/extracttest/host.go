package extracttest

import (
	"archive/zip"
	"os"
	"sort"
)

// Host is the machine's files and environment as an extract.Host rooted
// at Dir, for tests of a language's dependency code (core gives the real
// one; archives are read whole here, not through paths inside them).
type Host struct{ Dir string }

func (h Host) Root() string                          { return h.Dir }
func (h Host) ReadFile(name string) ([]byte, error)  { return os.ReadFile(name) }
func (h Host) Stat(name string) (os.FileInfo, error) { return os.Stat(name) }
func (h Host) Getenv(key string) string              { return os.Getenv(key) }
func (h Host) UserHomeDir() (string, error)          { return os.UserHomeDir() }

func (h Host) ReadDir(name string) ([]string, error) {
	entries, err := os.ReadDir(name)
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	sort.Strings(names)
	return names, err
}

func (h Host) ArchiveEntries(name string) ([]string, error) {
	zr, err := zip.OpenReader(name)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	names := make([]string, len(zr.File))
	for i, f := range zr.File {
		names[i] = f.Name
	}
	return names, nil
}
