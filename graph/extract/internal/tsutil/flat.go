package tsutil

/*
#include "tsapi.h"

// orbit_node is tsutil.Node.
typedef struct {
	uint16_t kind, field;
	uint32_t start, end;
	int32_t parent, next, sub_end;
} orbit_node;

enum { KEEP = 1, DESCEND = 2 }; // tsutil.Keep, tsutil.Descend

// orbit_flatten copies the nodes under root that flags[kind] keeps into out
// in pre-order and returns how many it wrote, or -1 if out is too small.
// Kinds past nflags (ERROR) are kept and descended into. While a node's
// children are being copied, parent is its index and prev its last kept
// child; leaving it sets its sub_end. A node flags does not keep whose
// kind comment (when not NULL) marks is a comment: its byte range goes to
// the back of out, the last at out[cap-1], and *ncomments counts them.
// With out NULL it only counts: it returns how many nodes it would keep
// and sets *ncomments, so that out can be sized to fit.
static int32_t orbit_flatten(const TSNode *root, orbit_node *out, int32_t cap,
                             const uint8_t *flags, uint32_t nflags,
                             const uint8_t *comment, int32_t *ncomments) {
	TSTreeCursor c = ts_tree_cursor_new(*root);
	int32_t n = 0, parent = -1, prev = -1, nc = 0;
	for (;;) {
		TSNode nd = ts_tree_cursor_current_node(&c);
		uint16_t k = ts_node_symbol(nd);
		uint8_t f = k < nflags ? flags[k] : KEEP | DESCEND;
		if (!(f & KEEP) && comment != NULL && k < nflags && comment[k]) {
			if (out != NULL) {
				if (n + nc == cap) {
					n = -1;
					break;
				}
				out[cap - nc - 1].start = ts_node_start_byte(nd);
				out[cap - nc - 1].end = ts_node_end_byte(nd);
			}
			nc++;
		}
		if (f & KEEP) {
			if (out == NULL) {
				n++;
				if ((f & DESCEND) && ts_tree_cursor_goto_first_child(&c)) continue;
			} else {
				if (n + nc == cap) {
					n = -1;
					break;
				}
				orbit_node *o = &out[n];
				o->kind = k;
				o->field = ts_tree_cursor_current_field_id(&c);
				o->start = ts_node_start_byte(nd);
				o->end = ts_node_end_byte(nd);
				o->parent = parent;
				o->next = -1;
				o->sub_end = n + 1;
				if (prev >= 0) out[prev].next = n;
				prev = n++;
				if ((f & DESCEND) && ts_tree_cursor_goto_first_child(&c)) {
					parent = prev;
					prev = -1;
					continue;
				}
			}
		}
		// The cursor only descends through kept nodes, so every level it
		// climbs back to is out[parent].
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) goto done;
			if (out == NULL) continue;
			out[parent].sub_end = n;
			prev = parent;
			parent = out[parent].parent;
		}
	}
done:
	ts_tree_cursor_delete(&c);
	*ncomments = nc;
	return n;
}

static uint32_t orbit_descendant_count(const TSNode *root) { return ts_node_descendant_count(*root); }
*/
import "C"

import (
	"cmp"
	"errors"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Node is one syntax node copied out of tree-sitter. Extractors walk a
// []Node rather than the tree itself because each tree-sitter node accessor
// is a cgo call (~100 ns, some seven per node visited) and a file has about
// 0.2 nodes per byte: walking from Go cost as much as the parse.
//
// Nodes are in pre-order, so node 0 is the root and the children of node i
// are i+1, then each child's Next (or SubEnd), up to i's SubEnd. Both links
// are kept so that callers can walk siblings either way.
type Node struct {
	Kind, Field uint16 // kind id; field id in the parent (0 when none)
	Start, End  uint32 // byte range
	Parent      int32  // index of the parent; -1 for the root
	Next        int32  // index of the next kept sibling; -1 for none
	SubEnd      int32  // one past the last node of this subtree
}

// Compile-time checks that the C declarations match the Go side: either
// array type has a negative length otherwise.
var (
	_ [unsafe.Sizeof(sitter.Node{}) - C.sizeof_TSNode]byte
	_ [C.sizeof_TSNode - unsafe.Sizeof(sitter.Node{})]byte
	_ [unsafe.Sizeof(Node{}) - C.sizeof_orbit_node]byte
	_ [C.sizeof_orbit_node - unsafe.Sizeof(Node{})]byte
)

// KindFlags tells ParseFlat, per kind id, which nodes to copy. Kinds past
// its end, such as ERROR ((TSSymbol)-1), are kept and descended into, so
// that code inside a syntax error is still seen.
type KindFlags []uint8

// Flags of KindFlags; the values are shared with orbit_flatten.
const (
	Keep    uint8 = 1 // copy nodes of this kind; without it their subtree is skipped
	Descend uint8 = 2 // and copy what they contain
)

// NamedKinds returns flags that keep and descend into every named kind, the
// usual start before dropping comments and leaves.
func (l *Lang) NamedKinds() KindFlags {
	flags := make(KindFlags, l.Language.NodeKindCount())
	for id := range flags {
		if l.Language.NodeKindIsNamed(uint16(id)) {
			flags[id] = Keep | Descend
		}
	}
	return flags
}

// errFlatten means the copy did not fit, which the descendant count rules
// out; it guards against a tree-sitter that counts differently.
var errFlatten = errors.New("tsutil: could not copy the syntax tree")

// ParseFlat parses content and copies the nodes flags keeps into buf,
// which is reused when large enough, with the parse errors as diagnostics
// (lines gives their line numbers). The tree is closed before it returns.
// On error the nodes are buf[:0].
func (l *Lang) ParseFlat(content []byte, flags KindFlags, buf []Node,
	lines extract.LineIndex) (nodes []Node, diags []extract.Diagnostic, err error) {
	nodes, _, diags, err = l.parseFlat(content, nil, len(content) >= largeSource, flags, nil, buf, lines)
	return nodes, diags, err
}

// parseFlat is ParseFlat that also returns the byte ranges of the comments
// flags leaves out, when comment marks the comment kinds (Comments), and
// reads only the parts keep names when it is not nil; room is parseIn's.
func (l *Lang) parseFlat(content []byte, keep []extract.Span, room bool, flags, comment KindFlags, buf []Node,
	lines extract.LineIndex) (nodes []Node, comments []extract.Span, diags []extract.Diagnostic, err error) {
	nodes = buf[:0]
	var ferr error
	err = l.parseIn(content, keep, room, func(root *sitter.Node) {
		nodes, comments, ferr = flatten(root, flags, comment, buf)
		diags = Errors(root, lines)
	})
	if err = cmp.Or(err, ferr); err != nil {
		return nodes[:0], nil, nil, err
	}
	return nodes, comments, diags, nil
}

// countAbove is the descendant count (6 MiB of nodes, a Go file of about
// 700 KB) past which flatten counts the kept nodes before it copies them:
// the array is allocated while the tree still takes its tens of MiB, at a
// cold build's peak, and a cursor walk costs about 50 ns a node, as much
// as the copy.
const countAbove = 1 << 18

// flatten copies the tree under root into buf in one cgo call, and the
// comments comment marks (if any) in source order.
func flatten(root *sitter.Node, flags, comment KindFlags, buf []Node) ([]Node, []extract.Span, error) {
	r := (*C.TSNode)(unsafe.Pointer(root)) // sitter.Node is a C TSNode
	var fp *C.uint8_t
	if len(flags) > 0 {
		fp = (*C.uint8_t)(unsafe.Pointer(&flags[0]))
	}
	var cp *C.uint8_t
	if len(comment) >= len(flags) && len(comment) > 0 {
		cp = (*C.uint8_t)(unsafe.Pointer(&comment[0]))
	}
	var nc C.int32_t
	n := int(C.orbit_descendant_count(r)) // an upper bound, root included
	if cap(buf) < n {
		if n > countAbove {
			// A very large file's array is not pooled: counting first
			// sizes it to the nodes kept, about half the descendants,
			// for one more walk of the tree.
			n = max(1, int(C.orbit_flatten(r, nil, 0, fp, C.uint32_t(len(flags)), cp, &nc)+nc))
		}
		buf = make([]Node, n)
	}
	buf = buf[:n]
	got := C.orbit_flatten(r, (*C.orbit_node)(unsafe.Pointer(&buf[0])), C.int32_t(n), fp, C.uint32_t(len(flags)), cp, &nc)
	if got < 0 {
		return buf[:0], nil, errFlatten
	}
	var comments []extract.Span
	if nc > 0 {
		comments = make([]extract.Span, nc)
		for i := range comments { // the back of buf holds them last first
			b := buf[n-1-i]
			comments[i] = extract.Span{Start: b.Start, End: b.End}
		}
	}
	return buf[:got], comments, nil
}
