package xcache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A bundle is one entry holding the extractions of several files, in
// order: a dependency package's directory, whose files are extracted
// together and alike wherever the package is imported, costs one file in
// the cache rather than one per source file (DESIGN.md, Extraction cache).
// Its key is the caller's: it must cover every file's path and content.

// bundleMagic heads every bundle entry.
var bundleMagic = []byte("OXB1")

// Encode is x in the entry encoding, for PutBundle; it may run in
// parallel, before the caller hands x on.
func Encode(x *extract.ExtractedFile) ([]byte, error) {
	var e encoder
	if err := e.value(reflect.ValueOf(x).Elem(), false); err != nil {
		return nil, err
	}
	return e.buf, nil
}

// PutBundle stores the encoded extractions (Encode) under k.
func (c *Cache) PutBundle(k Key, encoded [][]byte) error {
	buf := append([]byte(nil), bundleMagic...)
	buf = binary.AppendUvarint(buf, uint64(len(encoded)))
	for _, e := range encoded {
		buf = append(buf, e...)
	}
	sum := checksum(k, buf[len(bundleMagic):])
	return c.write(k, append(buf, sum[:]...))
}

// GetBundle returns the n extractions stored under k, or nil: a miss, or
// a damaged entry (deleted and reported as ErrCorrupt).
func (c *Cache) GetBundle(k Key, n int) ([]*extract.ExtractedFile, error) {
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
	buf := make([]byte, fi.Size())
	_, err = io.ReadFull(f, buf)
	f.Close()
	if err != nil {
		return nil, nil
	}
	xs, err := decodeBundle(k, buf, n)
	if err != nil {
		os.Remove(p)
		return nil, fmt.Errorf("%w %s: %v", ErrCorrupt, p, err)
	}
	if now := time.Now(); now.Sub(fi.ModTime()) > touchAge {
		os.Chtimes(p, now, now)
	}
	return xs, nil
}

func decodeBundle(k Key, buf []byte, n int) ([]*extract.ExtractedFile, error) {
	if len(buf) < len(bundleMagic)+sumLen || !bytes.Equal(buf[:len(bundleMagic)], bundleMagic) {
		return nil, fmt.Errorf("%d bytes, no header", len(buf))
	}
	payload := buf[len(bundleMagic) : len(buf)-sumLen]
	if sum := checksum(k, payload); !bytes.Equal(sum[:], buf[len(buf)-sumLen:]) {
		return nil, errors.New("checksum mismatch")
	}
	d := decoder{buf: payload}
	if got := d.uvarint(); d.err == nil && got != uint64(n) {
		return nil, fmt.Errorf("%d files, want %d", got, n)
	}
	xs := make([]*extract.ExtractedFile, n)
	for i := range xs {
		xs[i] = new(extract.ExtractedFile)
		d.value(reflect.ValueOf(xs[i]).Elem())
	}
	if d.err == nil && len(d.buf) != 0 {
		d.err = fmt.Errorf("%d bytes left over", len(d.buf))
	}
	if d.err != nil {
		return nil, d.err
	}
	return xs, nil
}

// blobMagic heads every blob entry: bytes a caller keeps under its own
// key (a dependency directory's summaries, DESIGN.md, Dependency packages:
// selection), checksummed like an entry.
var blobMagic = []byte("OXS1")

// PutBlob stores b under k.
func (c *Cache) PutBlob(k Key, b []byte) error {
	buf := append(append([]byte(nil), blobMagic...), b...)
	sum := checksum(k, buf[len(blobMagic):])
	return c.write(k, append(buf, sum[:]...))
}

// GetBlob returns the bytes stored under k, or nil: a miss, or a damaged
// entry (deleted and reported as ErrCorrupt).
func (c *Cache) GetBlob(k Key) ([]byte, error) {
	p := c.path(k)
	buf, err := os.ReadFile(p)
	if err != nil {
		return nil, nil
	}
	if len(buf) < len(blobMagic)+sumLen || !bytes.Equal(buf[:len(blobMagic)], blobMagic) ||
		!bytes.Equal(checksumOf(k, buf[len(blobMagic):len(buf)-sumLen]), buf[len(buf)-sumLen:]) {
		os.Remove(p)
		return nil, fmt.Errorf("%w %s: not a whole blob", ErrCorrupt, p)
	}
	if fi, err := os.Stat(p); err == nil {
		if now := time.Now(); now.Sub(fi.ModTime()) > touchAge {
			os.Chtimes(p, now, now)
		}
	}
	return buf[len(blobMagic) : len(buf)-sumLen], nil
}

func checksumOf(k Key, payload []byte) []byte {
	sum := checksum(k, payload)
	return sum[:]
}
