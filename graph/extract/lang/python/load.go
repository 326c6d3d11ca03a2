package python

/*
#include <stdbool.h>
#include <stdint.h>

// Layouts and prototypes from tree-sitter's api.h (ABI 14/15, unchanged since
// 0.20), declared here rather than included: the header lives inside the
// go-tree-sitter module, whose compiled library provides the functions.
typedef struct { uint32_t context[4]; const void *id; const void *tree; } orbit_ts_node;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } orbit_ts_cursor;
extern orbit_ts_cursor ts_tree_cursor_new(orbit_ts_node);
extern void ts_tree_cursor_delete(orbit_ts_cursor *);
extern bool ts_tree_cursor_goto_first_child(orbit_ts_cursor *);
extern bool ts_tree_cursor_goto_next_sibling(orbit_ts_cursor *);
extern bool ts_tree_cursor_goto_parent(orbit_ts_cursor *);
extern orbit_ts_node ts_tree_cursor_current_node(const orbit_ts_cursor *);
extern uint16_t ts_tree_cursor_current_field_id(const orbit_ts_cursor *);
extern uint16_t ts_node_symbol(orbit_ts_node);
extern uint32_t ts_node_start_byte(orbit_ts_node);
extern uint32_t ts_node_end_byte(orbit_ts_node);

// flat_node is python.node.
typedef struct { uint16_t kind, field; uint32_t start, end; int32_t sub; } flat_node;

enum { KEEP = 1, LEAF = 2 };

// orbit_flatten copies the kept nodes under root into out in pre-order and
// returns how many it wrote. While a node is open its sub links to the
// enclosing open node; closing it sets sub to one past its subtree.
static int32_t orbit_flatten(const orbit_ts_node *root, const uint8_t *flags, uint32_t nflags,
                             flat_node *out, int32_t cap) {
	orbit_ts_cursor c = ts_tree_cursor_new(*root);
	int32_t n = 0, open = -1;
	for (;;) {
		orbit_ts_node node = ts_tree_cursor_current_node(&c);
		uint16_t k = ts_node_symbol(node);
		uint8_t f = k < nflags ? flags[k] : KEEP; // ERROR nodes
		if ((f & KEEP) && n < cap) {
			flat_node *o = &out[n++];
			o->kind = k;
			o->field = ts_tree_cursor_current_field_id(&c);
			o->start = ts_node_start_byte(node);
			o->end = ts_node_end_byte(node);
			o->sub = n;
			if (!(f & LEAF) && ts_tree_cursor_goto_first_child(&c)) {
				o->sub = open;
				open = n - 1;
				continue;
			}
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (open < 0 || !ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return n;
			}
			int32_t up = out[open].sub;
			out[open].sub = n;
			open = up;
		}
	}
}
*/
import "C"

import (
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// load copies the tree under root into t. The walk runs in C, in one cgo
// call: walking node by node from Go costs about seven cgo calls per node
// (each with its pointer checks), which made the copy cost as much as the
// parse itself.
func (t *tree) load(root *sitter.Node, src []byte, x *ids) {
	t.src = src
	need := int(root.DescendantCount()) // an upper bound, root included
	if cap(t.nodes) < need {
		t.nodes = make([]node, need)
	}
	t.nodes = t.nodes[:need]
	n := C.orbit_flatten(
		(*C.orbit_ts_node)(unsafe.Pointer(root)), // sitter.Node is a C-compatible TSNode
		(*C.uint8_t)(unsafe.Pointer(&x.kindFlags[0])), C.uint32_t(len(x.kindFlags)),
		(*C.flat_node)(unsafe.Pointer(&t.nodes[0])), C.int32_t(need))
	t.nodes = t.nodes[:n]
}

// node and flat_node must have the same size (their fields match by
// construction); either array type below has a negative length otherwise.
var (
	_ [unsafe.Sizeof(node{}) - C.sizeof_flat_node]byte
	_ [C.sizeof_flat_node - unsafe.Sizeof(node{})]byte
)
