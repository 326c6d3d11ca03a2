package xcache

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zeebo/blake3"
	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// fixtures are the committed extractor cases of every language, plus a
// sample of the Go standard library: each with the extraction a fresh
// extractor makes of it.
type fixture struct {
	in   extract.Input
	lang string
	x    *extract.ExtractedFile
}

var (
	fixturesOnce sync.Once
	fixtureList  []fixture
	fixtureLangs map[string]int
)

func fixtures(t testing.TB) []fixture {
	t.Helper()
	fixturesOnce.Do(func() {
		reg := all.Registry()
		fixtureLangs = map[string]int{}
		files, _ := filepath.Glob("../../../extract/lang/*/testdata/*.txtar")
		for _, file := range files {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range ar.Files {
				if f.Name == "want" {
					continue
				}
				in := extract.Input{Path: f.Name, Content: f.Data}
				for _, line := range strings.Split(string(ar.Comment), "\n") {
					k, v, _ := strings.Cut(line, ":")
					switch strings.TrimSpace(k) {
					case "module-root":
						in.Module.Root = strings.TrimSpace(v)
					case "module-path":
						in.Module.Path = strings.TrimSpace(v)
					}
				}
				if ex := reg.For(in.Path); ex != nil {
					fixtureList = append(fixtureList, fixture{in, ex.Lang(), ex.Extract(in)})
					fixtureLangs[ex.Lang()]++
				}
			}
		}
		std, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"))
		for _, p := range std {
			b, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			in := extract.Input{Path: "net/http/" + filepath.Base(p), Content: b}
			ex := reg.For(in.Path)
			fixtureList = append(fixtureList, fixture{in, ex.Lang(), ex.Extract(in)})
		}
	})
	if len(fixtureLangs) < 12 {
		t.Fatalf("fixtures of only %d languages: %v", len(fixtureLangs), fixtureLangs)
	}
	return fixtureList
}

func testCache(t testing.TB, max int64) *Cache {
	t.Helper()
	c, err := Open(Config{Dir: t.TempDir(), MaxBytes: max, Build: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func key(t testing.TB, c *Cache, f fixture) Key {
	t.Helper()
	sum := blake3.Sum256(f.in.Content)
	k, ok := c.Key(sum[:], f.lang, f.in.Path, f.in.Module)
	if !ok {
		t.Fatalf("%s: no key", f.in.Path)
	}
	return k
}

// TestRoundTripEveryLanguage: what Get returns is deep-equal to a fresh
// extraction, nil and empty slices alike, for every fixture.
func TestRoundTripEveryLanguage(t *testing.T) {
	c := testCache(t, 0)
	fs := fixtures(t)
	for _, f := range fs {
		k := key(t, c, f)
		if x, err := c.Get(k); x != nil || err != nil {
			t.Fatalf("%s: hit before Put: %v %v", f.in.Path, x, err)
		}
		if err := c.Put(k, f.x); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range fs {
		got, err := c.Get(key(t, c, f))
		if err != nil || got == nil {
			t.Fatalf("%s: %v %v", f.in.Path, got, err)
		}
		if fresh := all.Registry().For(f.in.Path).Extract(f.in); !reflect.DeepEqual(got, fresh) {
			t.Errorf("%s: decoded entry differs from a fresh extraction:\n got %+v\nwant %+v", f.in.Path, got, fresh)
		}
	}
	t.Logf("%d files of %d languages: %v", len(fs), len(fixtureLangs), fixtureLangs)
}

// TestKeyDependsOnEverything: each input of the extraction changes the key;
// the same inputs, the context's map in any order, give the same key.
func TestKeyDependsOnEverything(t *testing.T) {
	c := testCache(t, 0)
	sum := blake3.Sum256([]byte("package a\n"))
	type own struct {
		Paths map[string][]string
		ptr   *string
	}
	s1, s2 := "x", "y"
	base := extract.ModuleContext{Root: "a", Path: "example.com/a", Own: own{Paths: map[string][]string{"p": {"q"}, "r": nil, "s": {}}, ptr: &s1}}
	k0, ok := c.Key(sum[:], "go", "a/a.go", base)
	if !ok {
		t.Fatal("no key")
	}
	for i := 0; i < 20; i++ { // map iteration order varies
		m := map[string][]string{}
		for _, k := range []string{"s", "r", "p"} {
			m[k] = base.Own.(own).Paths[k]
		}
		s := "x"
		if k, _ := c.Key(sum[:], "go", "a/a.go", extract.ModuleContext{Root: "a", Path: "example.com/a", Own: own{Paths: m, ptr: &s}}); k != k0 {
			t.Fatal("same inputs, different key")
		}
	}
	other := blake3.Sum256([]byte("package b\n"))
	c2 := testCache(t, 0)
	c2.build = "other build"
	variants := map[string]func() (Key, bool){
		"content": func() (Key, bool) { return c.Key(other[:], "go", "a/a.go", base) },
		"lang":    func() (Key, bool) { return c.Key(sum[:], "python", "a/a.go", base) },
		"path":    func() (Key, bool) { return c.Key(sum[:], "go", "a/b.go", base) },
		"build":   func() (Key, bool) { return c2.Key(sum[:], "go", "a/a.go", base) },
		"root":    func() (Key, bool) { m := base; m.Root = "b"; return c.Key(sum[:], "go", "a/a.go", m) },
		"modpath": func() (Key, bool) { m := base; m.Path = "example.com/b"; return c.Key(sum[:], "go", "a/a.go", m) },
		"own nil": func() (Key, bool) { m := base; m.Own = nil; return c.Key(sum[:], "go", "a/a.go", m) },
		"own empty vs nil slice": func() (Key, bool) {
			m := base
			m.Own = own{Paths: map[string][]string{"p": {"q"}, "r": {}, "s": {}}, ptr: &s1}
			return c.Key(sum[:], "go", "a/a.go", m)
		},
		"own pointee": func() (Key, bool) {
			m := base
			m.Own = own{Paths: base.Own.(own).Paths, ptr: &s2}
			return c.Key(sum[:], "go", "a/a.go", m)
		},
		"own type": func() (Key, bool) {
			type own2 own
			m := base
			m.Own = own2(base.Own.(own))
			return c.Key(sum[:], "go", "a/a.go", m)
		},
	}
	seen := map[Key]string{k0: "base"}
	for name, f := range variants {
		k, ok := f()
		if !ok {
			t.Fatalf("%s: no key", name)
		}
		if prev, dup := seen[k]; dup {
			t.Errorf("%s: same key as %s", name, prev)
		}
		seen[k] = name
	}
	if _, ok := c.Key(sum[:], "go", "a/a.go", extract.ModuleContext{Own: func() {}}); ok {
		t.Error("a context holding a func got a key")
	}
}

// TestCorruptEntries: every truncation and a bit flip in every byte of an
// entry reads as ErrCorrupt (never as a result), and deletes it.
func TestCorruptEntries(t *testing.T) {
	c := testCache(t, 0)
	var f fixture
	for _, g := range fixtures(t) {
		if len(g.x.Refs) > 0 && len(g.x.Symbols) > 0 && len(g.in.Content) < 2000 {
			f = g
			break
		}
	}
	k := key(t, c, f)
	if err := c.Put(k, f.x); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(c.path(k))
	if err != nil {
		t.Fatal(err)
	}
	damaged := map[string][]byte{"empty": {}}
	for n := 1; n < len(good); n++ {
		damaged[fmt.Sprintf("truncated to %d", n)] = good[:n]
	}
	for i := range good {
		for _, bit := range []byte{0x01, 0x80} {
			b := bytes.Clone(good)
			b[i] ^= bit
			damaged[fmt.Sprintf("bit %#x of byte %d flipped", bit, i)] = b
		}
	}
	damaged["appended"] = append(bytes.Clone(good), 0)
	for name, b := range damaged {
		if err := os.WriteFile(c.path(k), b, 0o644); err != nil {
			t.Fatal(err)
		}
		x, err := c.Get(k)
		if x != nil || !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%s: got %v, %v; want ErrCorrupt", name, x != nil, err)
		}
		if _, err := os.Stat(c.path(k)); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%s: corrupt entry kept", name)
		}
	}
	// An entry copied under another key's name is corrupt there.
	k2 := k
	k2[0] ^= 1
	os.MkdirAll(filepath.Dir(c.path(k2)), 0o755)
	if err := os.WriteFile(c.path(k2), good, 0o644); err != nil {
		t.Fatal(err)
	}
	if x, err := c.Get(k2); x != nil || !errors.Is(err, ErrCorrupt) {
		t.Fatalf("misplaced entry: %v %v", x != nil, err)
	}
	t.Logf("%d damaged forms of a %d-byte entry rejected", len(damaged), len(good))
}

// TestConcurrentWriters: goroutines writing and reading the same keys at
// once never see a partial entry, and leave whole ones.
func TestConcurrentWriters(t *testing.T) {
	c := testCache(t, 0)
	fs := fixtures(t)[:40]
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 5; round++ {
				for _, f := range fs {
					k := key(t, c, f)
					if err := c.Put(k, f.x); err != nil {
						errs <- err
						return
					}
					x, err := c.Get(k)
					if err != nil || x == nil {
						errs <- fmt.Errorf("%s: %v %v", f.in.Path, x, err)
						return
					}
					if !reflect.DeepEqual(x, f.x) {
						errs <- fmt.Errorf("%s: entry differs", f.in.Path)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	tmps, _ := filepath.Glob(filepath.Join(c.dir, "*", tmpPrefix+"*"))
	if len(tmps) != 0 {
		t.Fatalf("temporary files left: %v", tmps)
	}
}

// TestConcurrentProcesses: several processes writing the same keys into
// one directory at once (syncs of different worktrees) leave whole,
// correct entries.
func TestConcurrentProcesses(t *testing.T) {
	if dir := os.Getenv("XCACHE_CHILD_DIR"); dir != "" {
		c, err := Open(Config{Dir: dir, Build: "test"})
		if err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 3; round++ {
			for _, f := range fixtures(t) {
				k := key(t, c, f)
				if err := c.Put(k, f.x); err != nil {
					t.Fatal(err)
				}
				if x, err := c.Get(k); err != nil || x == nil {
					t.Fatalf("%s: %v %v", f.in.Path, x, err)
				}
			}
		}
		return
	}
	dir := t.TempDir()
	var cmds []*exec.Cmd
	var outs []*bytes.Buffer
	for i := 0; i < 3; i++ {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestConcurrentProcesses$")
		cmd.Env = append(os.Environ(), "XCACHE_CHILD_DIR="+dir)
		out := new(bytes.Buffer)
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, out)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("writer %d: %v\n%s", i, err, outs[i])
		}
	}
	c, err := Open(Config{Dir: dir, Build: "test"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fixtures(t) {
		x, err := c.Get(key(t, c, f))
		if err != nil || !reflect.DeepEqual(x, f.x) {
			t.Fatalf("%s: after concurrent writers: %v", f.in.Path, err)
		}
	}
}

// TestEviction: over its bound, Flush sweeps the least recently used
// entries (a hit counts as a use) down to lowWater of the bound; under
// it, Flush does not scan.
func TestEviction(t *testing.T) {
	fs := fixtures(t)[:60]
	one := testCache(t, 0)
	var total int64
	for _, f := range fs {
		b, _ := encodeEntry(nil, key(t, one, f), f.x)
		total += int64(len(b))
	}
	c := testCache(t, total/2)
	old := time.Now().Add(-48 * time.Hour)
	for i, f := range fs {
		k := key(t, c, f)
		if err := c.Put(k, f.x); err != nil {
			t.Fatal(err)
		}
		when := old.Add(time.Duration(i) * time.Minute) // written in order
		os.Chtimes(c.path(k), when, when)
	}
	// The first five entries are read now: they become the most recent.
	for _, f := range fs[:5] {
		if x, err := c.Get(key(t, c, f)); x == nil || err != nil {
			t.Fatal("miss")
		}
	}
	evicted, err := c.Flush()
	if err != nil {
		t.Fatal(err)
	}
	size, _, _ := c.Sweep()
	if evicted == 0 || size > int64(float64(c.max)*lowWater) {
		t.Fatalf("evicted %d, size %d of bound %d", evicted, size, c.max)
	}
	var kept []int
	for i, f := range fs {
		if _, err := os.Stat(c.path(key(t, c, f))); err == nil {
			kept = append(kept, i)
		}
	}
	// Kept: the five read, then the newest written, none older than any evicted.
	for i := 0; i < 5; i++ {
		if kept[i] != i {
			t.Fatalf("recently read entries evicted: kept %v", kept)
		}
	}
	rest := kept[5:]
	if !sort.IntsAreSorted(rest) || len(rest) > 0 && rest[len(rest)-1] != len(fs)-1 || len(rest) > 0 && rest[0] != len(fs)-len(rest) {
		t.Fatalf("not the least recently used evicted: kept %v", kept)
	}
	// Under the bound, Flush only updates the recorded size.
	small := testCache(t, 0)
	small.Put(key(t, small, fs[0]), fs[0].x)
	before, _ := os.ReadDir(small.dir)
	if n, err := small.Flush(); n != 0 || err != nil {
		t.Fatal(n, err)
	}
	after, _ := os.ReadDir(small.dir)
	if len(after) != len(before)+1 {
		t.Fatalf("Flush under the bound: %d entries, then %d", len(before), len(after))
	}
	if sz, _ := small.readState(); sz == 0 {
		t.Fatal("no size recorded")
	}
}

// TestBuildID: the executable's hash is remembered, and a remembered hash
// is used only for the same executable.
func TestBuildID(t *testing.T) {
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	executableID := func(dir string) (string, error) {
		f, err := os.Open(exe)
		if err != nil {
			return "", err
		}
		defer f.Close()
		return hashedID(dir, exe, f)
	}
	id, err := executableID(dir)
	if err != nil || len(id) != 64 {
		t.Fatal(id, err)
	}
	memos, _ := filepath.Glob(filepath.Join(dir, "exe", "*"))
	if len(memos) != 1 {
		t.Fatalf("memo files: %v", memos)
	}
	// A memo naming another hash for this stamp is believed (that is the
	// point of it); one whose stamp differs is not.
	b, _ := os.ReadFile(memos[0])
	stamp, _, _ := strings.Cut(string(b), "\n")
	os.WriteFile(memos[0], []byte(stamp+"\n"+strings.Repeat("a", 64)), 0o644)
	if id2, _ := executableID(dir); id2 != strings.Repeat("a", 64) {
		t.Fatalf("memo not used: %s", id2)
	}
	os.WriteFile(memos[0], []byte(stamp+"x\n"+strings.Repeat("a", 64)), 0o644)
	if id3, _ := executableID(dir); id3 != id {
		t.Fatalf("foreign memo used: %s", id3)
	}
}

// BenchmarkCodec compares the entry codec with encoding/gob (one encoder
// per entry, as entries are separate files) on the fixtures.
func BenchmarkCodec(b *testing.B) {
	fs := fixtures(b)
	var k Key
	b.Run("codec=xcache/op=encode", func(b *testing.B) {
		n := 0
		for i := 0; i < b.N; i++ {
			for _, f := range fs {
				buf, _ := encodeEntry(nil, k, f.x)
				n += len(buf)
			}
		}
		b.ReportMetric(float64(n)/float64(b.N), "bytes/op")
	})
	b.Run("codec=xcache/op=decode", func(b *testing.B) {
		bufs := make([][]byte, len(fs))
		for i, f := range fs {
			bufs[i], _ = encodeEntry(nil, k, f.x)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for _, buf := range bufs {
				if _, err := decodeEntry(k, buf); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("codec=gob/op=encode", func(b *testing.B) {
		n := 0
		for i := 0; i < b.N; i++ {
			for _, f := range fs {
				var buf bytes.Buffer
				gob.NewEncoder(&buf).Encode(f.x)
				n += buf.Len()
			}
		}
		b.ReportMetric(float64(n)/float64(b.N), "bytes/op")
	})
	b.Run("codec=gob/op=decode", func(b *testing.B) {
		bufs := make([][]byte, len(fs))
		for i, f := range fs {
			var buf bytes.Buffer
			gob.NewEncoder(&buf).Encode(f.x)
			bufs[i] = buf.Bytes()
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for _, buf := range bufs {
				var x extract.ExtractedFile
				if err := gob.NewDecoder(bytes.NewReader(buf)).Decode(&x); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("op=extract", func(b *testing.B) {
		reg := all.Registry()
		for i := 0; i < b.N; i++ {
			for _, f := range fs {
				reg.For(f.in.Path).Extract(f.in)
			}
		}
	})
}

// TestSeeds: a published seed comes back byte for byte; a damaged one is
// refused, deleted, and leaves no copy; at most maxSeeds are kept, the
// least recently used going first.
func TestSeeds(t *testing.T) {
	c := testCache(t, 0)
	content := bytes.Repeat([]byte("an index file "), 5000)
	publish := func(k Key) {
		tmp, err := c.SeedTemp()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(tmp, content, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := c.PublishSeed(k, tmp); err != nil {
			t.Fatal(err)
		}
	}
	k := c.SeedKey("root", "1048576")
	if k == c.SeedKey("root", "2097152") || k == c.SeedKey("other", "1048576") {
		t.Fatal("seed keys do not tell settings apart")
	}
	dst := filepath.Join(t.TempDir(), "index.db")
	if ok, err := c.FetchSeed(k, dst); ok || err != nil {
		t.Fatalf("fetch before publish: %v %v", ok, err)
	}
	publish(k)
	if ok, err := c.FetchSeed(k, dst); !ok || err != nil {
		t.Fatalf("fetch: %v %v", ok, err)
	}
	if got, _ := os.ReadFile(dst); !bytes.Equal(got, content) {
		t.Fatal("fetched seed differs")
	}
	for name, damage := range map[string]func([]byte) []byte{
		"bit flipped": func(b []byte) []byte { b[len(b)/2] ^= 4; return b },
		"truncated":   func(b []byte) []byte { return b[:len(b)-100] },
		"sum only":    func(b []byte) []byte { return b[len(b)-seedSumLen:] },
		"page zeroed": func(b []byte) []byte { clear(b[4096:8192]); return b },
		"short":       func(b []byte) []byte { return b[:10] },
	} {
		publish(k)
		b, _ := os.ReadFile(c.seedPath(k))
		os.WriteFile(c.seedPath(k), damage(b), 0o644)
		os.Remove(dst)
		ok, err := c.FetchSeed(k, dst)
		if ok || !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%s: %v %v", name, ok, err)
		}
		if _, err := os.Stat(dst); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%s: a copy of a damaged seed was left", name)
		}
		if _, err := os.Stat(c.seedPath(k)); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%s: damaged seed kept", name)
		}
	}
	// Publish maxSeeds+2 seeds, reading the first one in between: it and
	// the newest stay.
	var keys []Key
	old := time.Now().Add(-time.Hour)
	for i := 0; i < maxSeeds+2; i++ {
		k := c.SeedKey(fmt.Sprint("repo", i))
		keys = append(keys, k)
		publish(k)
		when := old.Add(time.Duration(i) * time.Minute)
		os.Chtimes(c.seedPath(k), when, when)
		if i == maxSeeds-1 {
			if ok, _ := c.FetchSeed(keys[0], dst); !ok {
				t.Fatal("seed 0 gone early")
			}
		}
	}
	var kept []int
	for i, k := range keys {
		if _, err := os.Stat(c.seedPath(k)); err == nil {
			kept = append(kept, i)
		}
	}
	if fmt.Sprint(kept) != fmt.Sprint([]int{0, 3, 4, 5}) {
		t.Fatalf("kept seeds %v, want [0 3 4 5]", kept)
	}
}
