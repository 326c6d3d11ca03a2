// The few types and functions of tree-sitter's C API that tsutil calls
// directly, declared here rather than included: api.h lives inside the
// go-tree-sitter module, whose cgo package compiles and links the
// definitions. Layouts match tree_sitter/api.h of v0.25 (unchanged since
// 0.20); flat.go checks the TSNode size against sitter.Node at compile time.
#ifndef ORBIT_TSAPI_H
#define ORBIT_TSAPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct { uint32_t context[4]; const void *id; const void *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;

extern void ts_set_allocator(void *(*)(size_t), void *(*)(size_t, size_t),
                             void *(*)(void *, size_t), void (*)(void *));

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

#endif
