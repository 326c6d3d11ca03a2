package xcache

import (
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/internal/exeid"
)

// buildID identifies the extractors' code by the running executable: its
// Go build ID when it has one (exeid.GoBuildID), else a BLAKE3 hash of its
// bytes. extract.Version alone would not do: it changes when a release
// says so, while every rebuilt binary (a developer's, a test's) may
// extract differently, and must not read what another one stored. Hashing
// a ~60 MB binary costs ~30 ms, so the hash is remembered in the cache
// directory under the executable's path, size, mtime and inode, and in
// the process.
func buildID(dir string) (string, error) {
	exeOnce.Do(func() { exeID, exeErr = executableID(dir) })
	return exeID, exeErr
}

var (
	exeOnce sync.Once
	exeID   string
	exeErr  error
)

func executableID(dir string) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if p, err := filepath.EvalSymlinks(exe); err == nil {
		exe = p
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if id := exeid.GoBuildID(f); id != "" {
		sum := blake3.Sum256([]byte("go build id\x00" + id))
		return hex.EncodeToString(sum[:]), nil
	}
	return hashedID(dir, exe, f)
}

// hashedID is the executable's BLAKE3 hash, remembered in dir.
func hashedID(dir, exe string, f *os.File) (string, error) {
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	stamp := fmt.Sprintf("%s\x00%d\x00%d\x00%s", exe, fi.Size(), fi.ModTime().UnixNano(), inode(fi))
	name := blake3.Sum256([]byte(stamp))
	memo := filepath.Join(dir, "exe", hex.EncodeToString(name[:16]))
	if b, err := os.ReadFile(memo); err == nil {
		if id, ok := strings.CutPrefix(string(b), stamp+"\n"); ok && len(id) == 64 {
			return id, nil
		}
	}
	h := blake3.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	id := hex.EncodeToString(h.Sum(nil))
	if err := os.MkdirAll(filepath.Dir(memo), 0o755); err == nil {
		if t, err := os.CreateTemp(filepath.Dir(memo), tmpPrefix+"*"); err == nil {
			_, err := t.WriteString(stamp + "\n" + id)
			t.Close()
			if err != nil || os.Rename(t.Name(), memo) != nil {
				os.Remove(t.Name())
			}
		}
	}
	return id, nil
}
