package store

import (
	"encoding/binary"
	"fmt"

	"github.com/zeebo/blake3"
)

// A file's resolution digest (files.resolution) hashes what InsertRefs and
// InsertDeps stored for it: its refs rows but for their ids, in the order
// they were given, and its resolve_deps names. A sync that resolves a
// kept file again and gets the digest the file holds leaves its refs and
// resolve_deps rows alone, unread: equal digests are equal rows. Every
// write that changes those rows otherwise keeps the digest true or clears
// it (SetRefGrade); a cleared one matches nothing.

// ResolutionDigest is the digest of refs and deps (sorted names) as
// InsertRefs and InsertDeps store them.
func ResolutionDigest(refs []RefRow, deps []string) []byte {
	buf := make([]byte, 0, 64*len(refs)+16*len(deps)+16)
	str := func(s string) {
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		buf = append(buf, s...)
	}
	buf = binary.AppendUvarint(buf, uint64(len(refs)))
	for _, r := range refs {
		buf = binary.AppendUvarint(buf, uint64(r.Span.Start))
		buf = binary.AppendUvarint(buf, uint64(r.Span.End))
		str(r.Name)
		str(r.Qualified) // "" is stored as NULL, and only "" is
		buf = binary.AppendVarint(buf, r.Hint)
		str(r.Kind)
		str(r.Confidence)
		if r.Args.Known {
			buf = append(buf, 1)
			buf = binary.AppendVarint(buf, int64(r.Args.Min))
		} else {
			buf = append(buf, 0)
		}
	}
	buf = binary.AppendUvarint(buf, uint64(len(deps)))
	for _, d := range deps {
		str(d)
	}
	sum := blake3.Sum256(buf)
	return sum[:16]
}

// SetResolution records the digest of the refs and resolve_deps rows a file
// now holds.
func (t *Tx) SetResolution(path string, digest []byte) (err error) {
	if t.setResolution == nil {
		if t.setResolution, err = t.tx.Prepare(`UPDATE files SET resolution = ? WHERE path = ?`); err != nil {
			return err
		}
	}
	if _, err := t.setResolution.Exec(digest, path); err != nil {
		return fmt.Errorf("record resolution of %s: %w", path, err)
	}
	return nil
}

// Resolutions are the resolution digests of the files that have one.
func (t *Tx) Resolutions() (map[string][]byte, error) {
	rows, err := t.tx.Query(`SELECT path, resolution FROM files WHERE resolution IS NOT NULL`)
	if err != nil {
		return nil, fmt.Errorf("read resolutions: %w", err)
	}
	defer rows.Close()
	out := map[string][]byte{}
	for rows.Next() {
		var p string
		var d []byte
		if err := rows.Scan(&p, &d); err != nil {
			return nil, fmt.Errorf("read resolutions: %w", err)
		}
		out[p] = d
	}
	return out, rows.Err()
}
