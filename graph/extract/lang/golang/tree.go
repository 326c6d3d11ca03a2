package golang

/*
#include <stdbool.h>
#include <stdint.h>

// The few tree-sitter API types and functions the flattener needs, declared
// here rather than included (the header lives inside the go-tree-sitter
// module, whose cgo package compiles and links their definitions). Layouts
// match tree_sitter/api.h of v0.25; tree.go checks the sizes at compile time.
typedef struct { uint32_t context[4]; const void *id; const void *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;

extern uint16_t ts_node_symbol(TSNode);
extern uint32_t ts_node_start_byte(TSNode);
extern uint32_t ts_node_end_byte(TSNode);
extern uint32_t ts_node_descendant_count(TSNode);
extern TSTreeCursor ts_tree_cursor_new(TSNode);
extern void ts_tree_cursor_delete(TSTreeCursor *);
extern TSNode ts_tree_cursor_current_node(const TSTreeCursor *);
extern uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *);
extern bool ts_tree_cursor_goto_first_child(TSTreeCursor *);
extern bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *);
extern bool ts_tree_cursor_goto_parent(TSTreeCursor *);

typedef struct {
	uint16_t kind, field;
	uint32_t start, end;
	int32_t parent, next;
} orbit_go_node;

static uint32_t orbit_go_count(const TSNode *root) { return ts_node_descendant_count(*root); }

// orbit_go_flatten copies the nodes that flags[kind] keeps into out in
// pre-order, linking each to its parent and next kept sibling. It returns
// the count, or -1 if out is too small. Kinds past nflags (ERROR) are kept
// and descended into.
static int32_t orbit_go_flatten(const TSNode *root, orbit_go_node *out, int32_t cap,
                                const uint8_t *flags, int32_t nflags) {
	TSTreeCursor c = ts_tree_cursor_new(*root);
	int32_t n = 0, parent = -1, prev = -1;
	for (;;) {
		TSNode nd = ts_tree_cursor_current_node(&c);
		uint16_t k = ts_node_symbol(nd);
		uint8_t f = k < nflags ? flags[k] : 3;
		if (f & 1) {
			if (n == cap) {
				n = -1;
				break;
			}
			orbit_go_node *o = &out[n];
			o->kind = k;
			o->field = ts_tree_cursor_current_field_id(&c);
			o->start = ts_node_start_byte(nd);
			o->end = ts_node_end_byte(nd);
			o->parent = parent;
			o->next = -1;
			if (prev >= 0) out[prev].next = n;
			prev = n++;
			if ((f & 2) && ts_tree_cursor_goto_first_child(&c)) {
				parent = prev;
				prev = -1;
				continue;
			}
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) goto done;
			prev = parent;
			parent = out[parent].parent;
		}
	}
done:
	ts_tree_cursor_delete(&c);
	return n;
}
*/
import "C"

import (
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// node is one named syntax node copied out of tree-sitter, so that the walk
// costs no cgo calls (one call costs ~100 ns; a file has ~0.2 nodes/byte).
type node struct {
	kind, field  uint16
	start, end   uint32
	parent, next int32 // indexes into tree.nodes; -1 for none
}

// Compile-time checks that the C declarations match the Go side.
var (
	_ [unsafe.Sizeof(sitter.Node{}) - uintptr(C.sizeof_TSNode)]byte
	_ [uintptr(C.sizeof_TSNode) - unsafe.Sizeof(sitter.Node{})]byte
	_ [unsafe.Sizeof(node{}) - uintptr(C.sizeof_orbit_go_node)]byte
	_ [uintptr(C.sizeof_orbit_go_node) - unsafe.Sizeof(node{})]byte
)

// flatten copies root's named nodes (but comments) into buf in pre-order,
// with one cgo call; buf is reused when large enough. It returns nil if the
// tree could not be copied.
func flatten(root *sitter.Node, buf []node) []node {
	r := (*C.TSNode)(unsafe.Pointer(root))
	n := int(C.orbit_go_count(r))
	if cap(buf) < n {
		buf = make([]node, n)
	}
	buf = buf[:n]
	got := C.orbit_go_flatten(r, (*C.orbit_go_node)(unsafe.Pointer(&buf[0])), C.int32_t(n),
		(*C.uint8_t)(unsafe.Pointer(&kindFlags[0])), C.int32_t(len(kindFlags)))
	if got <= 0 {
		return nil
	}
	return buf[:got]
}

// tree is a flattened syntax tree over the file's text. Node 0 is the root.
type tree struct {
	nodes []node
	src   string
}

// kind returns a node's kind id, or 0 for -1.
func (t *tree) kind(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.nodes[i].kind
}

// text returns a node's source text, or "" for -1.
func (t *tree) text(i int32) string {
	if i < 0 {
		return ""
	}
	n := &t.nodes[i]
	return t.src[n.start:n.end]
}

// field returns the field id of i in its parent, or 0.
func (t *tree) field(i int32) uint16 {
	if i < 0 {
		return 0
	}
	return t.nodes[i].field
}

// firstChild returns the first child of i, or -1.
func (t *tree) firstChild(i int32) int32 {
	if j := i + 1; i >= 0 && int(j) < len(t.nodes) && t.nodes[j].parent == i {
		return j
	}
	return -1
}

// next returns the next sibling of i, or -1.
func (t *tree) next(i int32) int32 { return t.nodes[i].next }

// parent returns the parent of i, or -1.
func (t *tree) parent(i int32) int32 {
	if i < 0 {
		return -1
	}
	return t.nodes[i].parent
}

// child returns the first child of i in field fid, or -1.
func (t *tree) child(i int32, fid uint16) int32 {
	for c := t.firstChild(i); c >= 0; c = t.nodes[c].next {
		if t.nodes[c].field == fid {
			return c
		}
	}
	return -1
}

// childOfKind returns the first child of i of kind kid, or -1.
func (t *tree) childOfKind(i int32, kid uint16) int32 {
	for c := t.firstChild(i); c >= 0; c = t.nodes[c].next {
		if t.nodes[c].kind == kid {
			return c
		}
	}
	return -1
}

// onlyChild returns the single child of i, or -1 when it has none or more.
func (t *tree) onlyChild(i int32) int32 {
	c := t.firstChild(i)
	if c < 0 || t.nodes[c].next >= 0 {
		return -1
	}
	return c
}

// unwrap skips parentheses around an expression or type.
func (t *tree) unwrap(i int32) int32 {
	for k := t.kind(i); k == kinds.parenExpr || k == kinds.parenType; k = t.kind(i) {
		i = t.firstChild(i)
	}
	return i
}
