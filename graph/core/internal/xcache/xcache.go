// Package xcache is the shared extraction cache (DESIGN.md, Extraction
// cache): what an extractor made of a file, stored under a hash of
// everything the extraction depends on, in the user's cache directory, so
// every worktree, branch and repository of the machine reuses it. It is
// derived data like the index: deleting it loses nothing.
//
// An entry is one file, written to a temporary name and renamed into
// place (concurrent writers of one key both leave a whole entry), holding
// the encoded extract.ExtractedFile and a BLAKE3 checksum of key and
// payload: a truncated, bit-flipped or misplaced entry reads as corrupt,
// never as a result. The directory is kept under a size bound by deleting
// the least recently used entries (a hit refreshes an entry's mtime at
// most once an hour); the sweep runs when the bytes written since the last
// one may have crossed the bound, not on every sync.
package xcache

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/extract"
)

// DefaultMaxBytes bounds the cache directory unless configured otherwise.
const DefaultMaxBytes = 1 << 30

// Environment variables: EnvDir moves the cache; EnvSwitch=off turns it off.
const (
	EnvDir    = "ORBIT_CACHE_DIR"
	EnvSwitch = "ORBIT_CACHE"
)

// Disabled reports whether the environment turns the cache off.
func Disabled() bool {
	switch strings.ToLower(os.Getenv(EnvSwitch)) {
	case "off", "0", "false", "no":
		return true
	}
	return false
}

// DefaultDir is $ORBIT_CACHE_DIR, else orbit/extract under the user's
// cache directory.
func DefaultDir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return filepath.Abs(d)
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "orbit", "extract"), nil
}

// Config configures Open.
type Config struct {
	Dir      string // "" is DefaultDir()
	MaxBytes int64  // 0 is DefaultMaxBytes
	// Build identifies the extractors' code. "" is a hash of the running
	// executable: extract.Version changes only when a release says so, and
	// a binary built from edited extractors must not read its elders'
	// entries (see buildID).
	Build string
}

// Cache is one cache directory. It is safe for concurrent use, and any
// number of processes may use one directory at once.
type Cache struct {
	dir   string
	max   int64
	build string

	written atomic.Int64 // bytes of entries written since the last Flush
}

// Open prepares the cache directory.
func Open(cfg Config) (*Cache, error) {
	dir := cfg.Dir
	if dir == "" {
		d, err := DefaultDir()
		if err != nil {
			return nil, fmt.Errorf("extraction cache: %w", err)
		}
		dir = d
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("extraction cache: %w", err)
	}
	c := &Cache{dir: dir, max: cfg.MaxBytes, build: cfg.Build}
	if c.max <= 0 {
		c.max = DefaultMaxBytes
	}
	if c.build == "" {
		b, err := buildID(dir)
		if err != nil {
			return nil, fmt.Errorf("extraction cache: %w", err)
		}
		c.build = b
	}
	return c, nil
}

// Dir is the cache directory.
func (c *Cache) Dir() string { return c.dir }

// Key names one extraction.
type Key [32]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// keyFormat versions the key's layout and the entry encoding.
const keyFormat = "orbit-xcache-1"

// Key hashes everything an extraction depends on: the content's hash, the
// extractor's language, extract.Version, the extractors' build, the
// file's path and its module context (Own included, serialized with maps
// sorted and pointers followed). ok is false when the context holds
// something that cannot be serialized (a func): such a file is not cached.
func (c *Cache) Key(contentHash []byte, lang, path string, mc extract.ModuleContext) (k Key, ok bool) {
	var e encoder
	e.str(keyFormat)
	e.str(c.build)
	e.varint(extract.Version)
	e.str(lang)
	e.str(path)
	e.buf = append(e.buf, contentHash...)
	if err := e.value(reflect.ValueOf(&mc).Elem(), true); err != nil {
		return k, false
	}
	return blake3.Sum256(e.buf), true
}

// magic heads every entry file.
var magic = []byte("OXC1")

const sumLen = 32

// ErrCorrupt is returned by Get for an entry that fails its checksum or
// does not decode; the entry is deleted.
var ErrCorrupt = errors.New("corrupt extraction cache entry")

func (c *Cache) path(k Key) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s[2:])
}

// touchAge is how stale an entry's mtime may get before a hit refreshes it
// (its place in the least-recently-used order): one write an hour at most.
const touchAge = time.Hour

// Get returns the entry of k: (nil, nil) when there is none, ErrCorrupt
// (wrapped) when it is damaged.
func (c *Cache) Get(k Key) (*extract.ExtractedFile, error) {
	p := c.path(k)
	f, err := os.Open(p)
	if err != nil {
		return nil, nil
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil
	}
	// Decoding copies what it keeps, so the read buffer is reused.
	bp := bufs.Get().(*[]byte)
	buf := slices.Grow((*bp)[:0], int(fi.Size()))[:fi.Size()]
	defer func() {
		if cap(buf) <= maxPooled {
			*bp = buf[:0]
			bufs.Put(bp)
		}
	}()
	_, err = io.ReadFull(f, buf)
	f.Close()
	if err != nil {
		return nil, nil
	}
	x, err := decodeEntry(k, buf)
	if err != nil {
		os.Remove(p)
		return nil, fmt.Errorf("%w %s: %v", ErrCorrupt, p, err)
	}
	if now := time.Now(); now.Sub(fi.ModTime()) > touchAge {
		os.Chtimes(p, now, now)
	}
	return x, nil
}

func decodeEntry(k Key, buf []byte) (*extract.ExtractedFile, error) {
	if len(buf) < len(magic)+sumLen || !bytes.Equal(buf[:len(magic)], magic) {
		return nil, fmt.Errorf("%d bytes, no header", len(buf))
	}
	payload := buf[len(magic) : len(buf)-sumLen]
	if sum := checksum(k, payload); !bytes.Equal(sum[:], buf[len(buf)-sumLen:]) {
		return nil, errors.New("checksum mismatch")
	}
	x := new(extract.ExtractedFile)
	d := decoder{buf: payload}
	d.value(reflect.ValueOf(x).Elem())
	if d.err == nil && len(d.buf) != 0 {
		d.err = fmt.Errorf("%d bytes left over", len(d.buf))
	}
	if d.err != nil {
		return nil, d.err
	}
	return x, nil
}

// checksum covers the key too: an entry copied under another name is
// corrupt there.
func checksum(k Key, payload []byte) [32]byte {
	h := blake3.New()
	h.Write(k[:])
	h.Write(payload)
	var s [32]byte
	h.Sum(s[:0])
	return s
}

// encodeEntry appends the entry of x under k to buf.
func encodeEntry(buf []byte, k Key, x *extract.ExtractedFile) ([]byte, error) {
	e := encoder{buf: append(buf, magic...)}
	if err := e.value(reflect.ValueOf(x).Elem(), false); err != nil {
		return nil, err
	}
	sum := checksum(k, e.buf[len(buf)+len(magic):])
	return append(e.buf, sum[:]...), nil
}

// bufs are encoding buffers, reused across Puts (a cold build encodes
// every file).
var bufs = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// maxPooled keeps a rare huge entry's buffer out of the pool.
const maxPooled = 4 << 20

// Put stores x under k: written to a temporary file in the entry's
// directory and renamed into place, so a reader sees the old entry, no
// entry or the whole new one. No fsync: a crash that loses the write
// leaves at worst a damaged entry, which its checksum rejects.
func (c *Cache) Put(k Key, x *extract.ExtractedFile) error {
	bp := bufs.Get().(*[]byte)
	buf, err := encodeEntry((*bp)[:0], k, x)
	defer func() {
		if cap(buf) <= maxPooled {
			*bp = buf[:0]
			bufs.Put(bp)
		}
	}()
	if err != nil {
		return err
	}
	return c.write(k, buf)
}

// write stores an encoded entry under k (Put).
func (c *Cache) write(k Key, buf []byte) error {
	p := c.path(k)
	dir := filepath.Dir(p)
	f, err := os.CreateTemp(dir, tmpPrefix+"*")
	if errors.Is(err, os.ErrNotExist) {
		if err = os.MkdirAll(dir, 0o755); err == nil {
			f, err = os.CreateTemp(dir, tmpPrefix+"*")
		}
	}
	if err != nil {
		return err
	}
	_, err = f.Write(buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	c.written.Add(int64(len(buf)))
	return nil
}

const tmpPrefix = ".tmp-"

// stateFile records, between processes, about how many bytes the cache
// holds: "<bytes> <unix seconds of the last sweep>".
const stateFile = "state"

// sweepEvery bounds how long the recorded size may go unchecked: other
// processes' writes it missed are counted by the next sweep.
const sweepEvery = 24 * time.Hour

// Flush accounts for the entries written since the last Flush (a sync
// calls it once, at its end) and, when the cache may be over its bound,
// sweeps it. It returns how many entries the sweep deleted.
func (c *Cache) Flush() (evicted int, err error) {
	n := c.written.Swap(0)
	if n == 0 {
		return 0, nil
	}
	size, last := c.readState()
	size += n
	if size <= c.max && time.Since(last) < sweepEvery {
		return 0, c.writeState(size, last)
	}
	size, evicted, err = c.Sweep()
	if err != nil {
		return evicted, err
	}
	return evicted, c.writeState(size, time.Now())
}

func (c *Cache) readState() (int64, time.Time) {
	b, err := os.ReadFile(filepath.Join(c.dir, stateFile))
	if err != nil {
		return 0, time.Now() // a new cache: nothing to sweep
	}
	f := strings.Fields(string(b))
	if len(f) != 2 {
		return c.max + 1, time.Time{} // damaged: sweep, which rewrites it
	}
	size, err1 := strconv.ParseInt(f[0], 10, 64)
	sec, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		return c.max + 1, time.Time{}
	}
	return size, time.Unix(sec, 0)
}

func (c *Cache) writeState(size int64, last time.Time) error {
	f, err := os.CreateTemp(c.dir, tmpPrefix+"*")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "%d %d\n", size, last.Unix())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(c.dir, stateFile))
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// sweepMu keeps one process from sweeping twice at once; two processes
// sweeping together delete some entries twice, which is harmless.
var sweepMu sync.Mutex

// lowWater is the fraction of the bound a sweep brings the cache down to,
// so that the next writes do not trigger another one at once.
const lowWater = 0.8

// Sweep measures the cache and, when it is over its bound, deletes the
// least recently used entries (oldest mtime first) until it holds at most
// lowWater of the bound. Temporary files of killed writers older than an
// hour go too. It returns the size left and how many entries it deleted.
func (c *Cache) Sweep() (size int64, evicted int, err error) {
	sweepMu.Lock()
	defer sweepMu.Unlock()
	type entry struct {
		path  string
		size  int64
		mtime time.Time
	}
	var entries []entry
	shards, err := os.ReadDir(c.dir)
	if err != nil {
		return 0, 0, err
	}
	now := time.Now()
	for _, s := range shards {
		if !s.IsDir() || len(s.Name()) != 2 && s.Name() != seedDir {
			continue
		}
		sd := filepath.Join(c.dir, s.Name())
		files, _ := os.ReadDir(sd)
		for _, f := range files {
			fi, err := f.Info()
			if err != nil || !fi.Mode().IsRegular() {
				continue
			}
			p := filepath.Join(sd, f.Name())
			if strings.HasPrefix(f.Name(), tmpPrefix) {
				if now.Sub(fi.ModTime()) > time.Hour {
					os.Remove(p)
				}
				continue
			}
			entries = append(entries, entry{p, fi.Size(), fi.ModTime()})
			size += fi.Size()
		}
	}
	if size <= c.max {
		return size, 0, nil
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].mtime.Before(entries[j].mtime) })
	target := int64(float64(c.max) * lowWater)
	for _, e := range entries {
		if size <= target {
			break
		}
		if err := os.Remove(e.path); err == nil || errors.Is(err, os.ErrNotExist) {
			size -= e.size
			evicted++
		}
	}
	return size, evicted, nil
}
