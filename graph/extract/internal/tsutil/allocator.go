package tsutil

/*
#include "tsapi.h"
static void orbit_use_libc_allocator(void) { ts_set_allocator(NULL, NULL, NULL, NULL); }
*/
import "C"

// go-tree-sitter v0.25.0 routes every allocation of the C library through Go
// callbacks, which costs 30–40% of parse CPU (fixed upstream after v0.25.0 by
// restoring libc's allocator). Package init order guarantees tree_sitter's
// own init ran first, and nothing has been allocated through it yet.
func init() { C.orbit_use_libc_allocator() }
