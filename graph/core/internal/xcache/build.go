package xcache

import (
	"debug/elf"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/zeebo/blake3"
)

// buildID identifies the extractors' code by the running executable: its
// Go build ID when it has one (goBuildID), else a BLAKE3 hash of its
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
	if id := goBuildID(f); id != "" {
		sum := blake3.Sum256([]byte("go build id\x00" + id))
		return hex.EncodeToString(sum[:]), nil
	}
	return hashedID(dir, exe, f)
}

// goBuildID is the build ID the go command wrote into an ELF executable,
// "" when it has none fit to stand for its bytes. Its last part is a hash
// of the final binary (cmd/go's build IDs), so reading it spares hashing
// the whole file: ~140M instructions, a seventh of a cold build of a small
// repository with an empty cache. A build that redacts it (rules_go's
// -buildid=redacted) or another toolchain's binary falls back to the hash.
func goBuildID(f *os.File) string {
	ef, err := elf.NewFile(f)
	if err != nil {
		return ""
	}
	s := ef.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	b, err := s.Data()
	// An ELF note: name size, description size, type, the name "Go"
	// padded to 4 bytes, then the description: the build ID.
	if err != nil || len(b) < 16 || string(b[12:16]) != "Go\x00\x00" {
		return ""
	}
	n := int(ef.ByteOrder.Uint32(b[4:8]))
	if n > len(b)-16 {
		return ""
	}
	id := string(b[16 : 16+n])
	parts := strings.Split(id, "/")
	if len(parts) < 2 {
		return ""
	}
	for _, p := range parts {
		if len(p) < 16 {
			return ""
		}
	}
	return id
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
