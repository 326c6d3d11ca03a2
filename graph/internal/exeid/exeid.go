// Package exeid reads what identifies a Go executable without hashing
// it: the extraction cache keys its entries by the running binary
// (DESIGN.md, Extraction cache).
package exeid

import (
	"debug/elf"
	"os"
	"strings"
)

// GoBuildID is the build ID the go command wrote into an ELF executable,
// "" when it has none fit to stand for its bytes. Its last part is a hash
// of the final binary (cmd/go's build IDs), so reading it spares hashing
// the whole file: ~140M instructions, a seventh of a cold build of a small
// repository with an empty cache. A build that redacts it (rules_go's
// -buildid=redacted) or another toolchain's binary falls back to the hash.
func GoBuildID(f *os.File) string {
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
