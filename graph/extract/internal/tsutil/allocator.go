package tsutil

/*
#include <stdlib.h>
#include "tsapi.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif
static void orbit_use_libc_allocator(void) {
	ts_set_allocator(NULL, NULL, NULL, NULL);
#if defined(__GLIBC__)
	if (getenv("MALLOC_ARENA_MAX") == NULL) {
		mallopt(M_ARENA_MAX, 2);
	}
#endif
}
*/
import "C"

// go-tree-sitter v0.25.0 routes every allocation of the C library through Go
// callbacks, which costs 30–40% of parse CPU (fixed upstream after v0.25.0 by
// restoring libc's allocator). Package init order guarantees tree_sitter's
// own init ran first, and nothing has been allocated through it yet.
//
// Parses run on whichever thread Go schedules them on, and glibc gives each
// thread an arena of its own (up to eight per core) that keeps the memory
// of the trees freed in it: capped at two arenas, a cold build of a 17 MB
// repository peaks at about 80 MiB of RSS instead of 95, for the same CPU.
// MALLOC_ARENA_MAX, when set, still decides.
func init() { C.orbit_use_libc_allocator() }
