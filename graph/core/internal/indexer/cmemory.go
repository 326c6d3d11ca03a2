package indexer

/*
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
static void orbit_release_c_memory(void) {
#if defined(__GLIBC__)
	malloc_trim(0);
#endif
}
*/
import "C"

// releaseCMemory hands the pages of freed C memory back to the system.
//
// Tree-sitter's trees live in glibc's arenas, which keep what a freed tree
// took: once two large files were parsed side by side, a cold build held
// 40–90 MiB of free arena pages for the rest of its run, with 4–7 MiB of C
// memory in use. malloc_trim releases every whole free page of every arena
// (madvise), leaving the memory in use untouched; elsewhere than glibc it
// does nothing. It locks one arena at a time, so parses on other threads
// go on.
func releaseCMemory() { C.orbit_release_c_memory() }
