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
static void orbit_trim_c_memory(void) {
#if defined(__GLIBC__)
	malloc_trim(0);
#endif
}
*/
import "C"

import "runtime/debug"

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

// A large file's tree takes tens of MiB of C memory (an 849 KB Go file's,
// 36 MiB) for the time of its parse and flattening. Parse makes room for
// it first, handing the Go heap's free pages back to the system
// (debug.FreeOSMemory: a collection, then every free page released), and
// hands the tree's own pages back as soon as it is closed (malloc_trim:
// every whole free page of every arena, none in use; nothing elsewhere
// than glibc), before the walk allocates the file's extraction. Without
// this, the Go heap's headroom and the freed tree's pages, both still
// resident, came on top of the tree and the walk: a cold build of a 17 MB
// slice of GOROOT/src peaked at a median 110 MiB, 90 with it (DESIGN.md,
// A large file's parse). Smaller files' trees are a few MiB; the indexer
// trims after every 8 MiB of them (indexer/extract.go).
const largeSource = 256 << 10

// beforeLargeParse returns the Go heap's free memory to the system.
func beforeLargeParse() { debug.FreeOSMemory() }

// afterLargeParse returns a closed tree's pages to the system.
func afterLargeParse() { C.orbit_trim_c_memory() }
