package indexer

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/extract"
)

// pendingFile is what pass 2 needs of a written file.
type pendingFile struct {
	path      string
	imports   []resolve.Import
	relations []extract.RawRelation
	refs      []extract.RawRef // read only by the refs pass
}

// spool holds pass 2's input: one record per written file, in write order.
// Pass 2 needs every file's definitions before it resolves any reference,
// so a cold build would otherwise hold every file's references until the
// last file is written; the spool keeps them in a file beside the index
// instead (in memory while they are few, as in a one-file sync), so the
// memory of a sync does not grow with the repository.
type spool struct {
	path  string // the file the spool moves to past memLimit
	mem   bytes.Buffer
	f     *os.File
	w     *bufio.Writer
	head  []byte // scratch: a record's path, imports and relations
	tail  []byte // scratch: its refs
	limit int
}

// spoolMemLimit is how many bytes of records stay in memory before the
// spool moves to its file.
const spoolMemLimit = 1 << 20

func newSpool(path string) *spool { return &spool{path: path, limit: spoolMemLimit} }

// add appends a file's record: uvarint lengths of two parts, then the
// parts, so the relations pass skips the refs unread.
func (s *spool) add(p string, x *extract.ExtractedFile) error {
	h := appendString(s.head[:0], p)
	h = binary.AppendUvarint(h, uint64(len(x.Imports)))
	for _, im := range x.Imports {
		h = appendString(appendString(appendString(h, im.Path), im.Symbol), im.Resolved)
	}
	h = binary.AppendUvarint(h, uint64(len(x.Relations)))
	for _, r := range x.Relations {
		h = appendString(appendString(h, r.From), r.To)
		h = appendSpan(append(h, byte(r.Kind)), r.Span)
	}
	t := binary.AppendUvarint(s.tail[:0], uint64(len(x.Refs)))
	for _, r := range x.Refs {
		t = appendSpan(append(t, byte(r.Kind)), r.Span)
		t = appendString(appendString(t, r.Name), r.Qualified)
		t = appendStrings(appendStrings(t, r.Alternatives), r.Receiver)
		t = appendArity(t, r.Args)
	}
	s.head, s.tail = h, t
	var lens [2 * binary.MaxVarintLen64]byte
	n := binary.PutUvarint(lens[:], uint64(len(h)))
	n += binary.PutUvarint(lens[n:], uint64(len(t)))
	if s.f == nil && s.mem.Len()+n+len(h)+len(t) > s.limit {
		if err := s.toFile(); err != nil {
			return err
		}
	}
	var out io.Writer = &s.mem
	if s.f != nil {
		out = s.w
	}
	for _, b := range [][]byte{lens[:n], h, t} {
		if _, err := out.Write(b); err != nil {
			return fmt.Errorf("spool pass 2 input: %w", err)
		}
	}
	return nil
}

// toFile moves the records so far into the spool's file.
func (s *spool) toFile() error {
	f, err := os.OpenFile(s.path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("spool pass 2 input: %w", err)
	}
	s.f, s.w = f, bufio.NewWriterSize(f, 1<<16)
	if _, err := s.w.Write(s.mem.Bytes()); err != nil {
		return fmt.Errorf("spool pass 2 input: %w", err)
	}
	s.mem = bytes.Buffer{}
	return nil
}

// each reads the records back in order; refs are decoded only if asked.
// The pendingFile passed to fn is valid only during the call.
func (s *spool) each(refs bool, fn func(*pendingFile) error) error {
	var r *bufio.Reader
	if s.f == nil {
		r = bufio.NewReader(bytes.NewReader(s.mem.Bytes()))
	} else {
		if err := s.w.Flush(); err != nil {
			return fmt.Errorf("spool pass 2 input: %w", err)
		}
		if _, err := s.f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("spool pass 2 input: %w", err)
		}
		r = bufio.NewReaderSize(s.f, 1<<16)
	}
	var buf []byte
	var f pendingFile
	for {
		hl, err := binary.ReadUvarint(r)
		if err == io.EOF {
			return nil
		}
		tl, err2 := binary.ReadUvarint(r)
		if err = errors.Join(err, err2); err != nil {
			return fmt.Errorf("read pass 2 input: %w", err)
		}
		n := int(hl)
		if refs {
			n += int(tl)
		}
		if cap(buf) < n {
			buf = make([]byte, n)
		}
		buf = buf[:n]
		if _, err := io.ReadFull(r, buf); err != nil {
			return fmt.Errorf("read pass 2 input: %w", err)
		}
		if !refs {
			if _, err := r.Discard(int(tl)); err != nil {
				return fmt.Errorf("read pass 2 input: %w", err)
			}
		}
		d := decoder{b: buf}
		f.path = d.str()
		f.imports = make([]resolve.Import, d.count())
		for i := range f.imports {
			f.imports[i] = resolve.Import{Path: d.str(), Symbol: d.str(), Resolved: d.str()}
		}
		f.relations = make([]extract.RawRelation, d.count())
		for i := range f.relations {
			f.relations[i] = extract.RawRelation{From: d.str(), To: d.str(), Kind: extract.RelationKind(d.byte()), Span: d.span()}
		}
		f.refs = nil
		if refs {
			f.refs = make([]extract.RawRef, d.count())
			for i := range f.refs {
				r := &f.refs[i]
				r.Kind = extract.RefKind(d.byte())
				r.Span = d.span()
				r.Name, r.Qualified = d.str(), d.str()
				r.Alternatives, r.Receiver = d.strs(), d.strs()
				r.Args = d.arity()
			}
		}
		if d.err != nil {
			return fmt.Errorf("read pass 2 input: %w", d.err)
		}
		if err := fn(&f); err != nil {
			return err
		}
	}
}

// close deletes the spool's file, if it has one.
func (s *spool) close() {
	if s.f != nil {
		s.f.Close()
		os.Remove(s.path)
		s.f = nil
	}
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

func appendSpan(b []byte, sp extract.Span) []byte {
	return binary.AppendUvarint(binary.AppendUvarint(b, uint64(sp.Start)), uint64(sp.End))
}

func appendArity(b []byte, a extract.Arity) []byte {
	known := byte(0)
	if a.Known {
		known = 1
	}
	return binary.AppendVarint(binary.AppendVarint(append(b, known), int64(a.Min)), int64(a.Max))
}

var errSpoolCorrupt = errors.New("truncated record")

// decoder reads what the append functions wrote.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail() {
	d.err, d.b = errSpoolCorrupt, nil
}

func (d *decoder) uint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) int() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

// count reads a list's length, bounded by the bytes left (each element
// takes at least one).
func (d *decoder) count() int {
	n := d.uint()
	if n > uint64(len(d.b)) {
		d.fail()
		return 0
	}
	return int(n)
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.fail()
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) str() string {
	n := d.uint()
	if n > uint64(len(d.b)) {
		d.fail()
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *decoder) strs() []string {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func (d *decoder) span() extract.Span {
	return extract.Span{Start: uint32(d.uint()), End: uint32(d.uint())}
}

func (d *decoder) arity() extract.Arity {
	known := d.byte() == 1
	return extract.Arity{Known: known, Min: int16(d.int()), Max: int16(d.int())}
}
