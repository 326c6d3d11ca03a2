package xcache

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Seeds are whole indexes: a copy of the last cold build of a repository,
// from which a new worktree of it (or a clone, a fork, an older tag: any
// checkout sharing its root commit) starts, so that its first sync only
// re-extracts what differs (DESIGN.md, Extraction cache). A seed file is
// the index's bytes followed by their CRC-32C: the checksum guards against
// damage, not forgery (the cache is the user's own), and a worktree's
// first sync reads every byte of the seed through it, so it is the one
// the CPU computes in hardware (BLAKE3 was a tenth of that sync's CPU).

// maxSeeds bounds how many seeds the cache keeps (the most recently used).
const maxSeeds = 4

const seedDir = "seeds"

// seedSumLen is the length of a seed's checksum.
const seedSumLen = crc32.Size

// SeedKey names the seed of a repository: parts say which (its root
// commits) and under what settings its index was built; the build and
// extract.Version are added.
func (c *Cache) SeedKey(parts ...string) Key {
	var e encoder
	e.str(keyFormat + "-seed-crc32c")
	e.str(c.build)
	e.varint(extract.Version)
	for _, p := range parts {
		e.str(p)
	}
	return blake3.Sum256(e.buf)
}

func (c *Cache) seedPath(k Key) string { return filepath.Join(c.dir, seedDir, k.String()) }

// SeedTemp creates an empty temporary file where PublishSeed can rename it
// from; the caller fills it (a copy of an index) and publishes or removes it.
func (c *Cache) SeedTemp() (string, error) {
	dir := filepath.Join(c.dir, seedDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, tmpPrefix+"*")
	if err != nil {
		return "", err
	}
	return f.Name(), f.Close()
}

// PublishSeed appends the checksum to the file made by SeedTemp and
// renames it into place as the seed of k, then drops the least recently
// used seeds beyond maxSeeds.
func (c *Cache) PublishSeed(k Key, tmp string) error {
	f, err := os.OpenFile(tmp, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	h := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	n, err := io.Copy(h, f)
	if err == nil {
		_, err = f.Write(h.Sum(nil))
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, c.seedPath(k))
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	c.written.Add(n + seedSumLen)
	c.pruneSeeds()
	return nil
}

func (c *Cache) pruneSeeds() {
	dir := filepath.Join(c.dir, seedDir)
	entries, _ := os.ReadDir(dir)
	type seed struct {
		path  string
		mtime time.Time
	}
	var seeds []seed
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil || strings.HasPrefix(e.Name(), tmpPrefix) {
			continue
		}
		seeds = append(seeds, seed{filepath.Join(dir, e.Name()), fi.ModTime()})
	}
	sort.Slice(seeds, func(i, j int) bool { return seeds[i].mtime.After(seeds[j].mtime) })
	for i := maxSeeds; i < len(seeds); i++ {
		os.Remove(seeds[i].path)
	}
}

// FetchSeed copies the seed of k to dst, checking its checksum: false
// when there is none; ErrCorrupt (wrapped) when it is damaged, and then it
// is deleted. dst is removed unless the copy is whole. The copy is the
// kernel's (copy_file_range, through io.Copy of one *os.File to another),
// while the checksum is computed alongside from the seed's pages, so the
// two take the time of the longer, not of both.
func (c *Cache) FetchSeed(k Key, dst string) (bool, error) {
	p := c.seedPath(k)
	src, err := os.Open(p)
	if err != nil {
		return false, nil
	}
	defer src.Close()
	fi, err := src.Stat()
	if err != nil {
		return false, nil
	}
	corrupt := func(why string) (bool, error) {
		os.Remove(p)
		return false, fmt.Errorf("%w %s: %s", ErrCorrupt, p, why)
	}
	size := fi.Size() - seedSumLen
	if size < 0 {
		return corrupt("truncated")
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return false, err
	}
	sum := make(chan []byte, 1)
	go func() { sum <- seedChecksum(src, size) }()
	_, err = io.Copy(out, io.LimitReader(src, size))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	got := <-sum
	if err != nil {
		os.Remove(dst)
		return false, err
	}
	want := make([]byte, seedSumLen)
	if _, err := src.ReadAt(want, size); err != nil || !bytes.Equal(want, got) {
		os.Remove(dst)
		return corrupt("checksum mismatch")
	}
	now := time.Now()
	os.Chtimes(p, now, now)
	return true, nil
}

// seedChecksum hashes the first size bytes of f by position (ReadAt),
// leaving its offset to the copy; nil when they cannot be read.
func seedChecksum(f *os.File, size int64) []byte {
	h := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	if _, err := io.CopyBuffer(h, io.NewSectionReader(f, 0, size), make([]byte, 1<<20)); err != nil {
		return nil
	}
	return h.Sum(nil)
}
