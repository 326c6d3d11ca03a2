// Command bazeldeps writes and checks the Bazel overrides our cgo
// dependencies need (third_party/README.md).
//
// go-tree-sitter and every grammar module build their C code by
// `#include "../../src/parser.c"` from a Go file, reaching outside the Go
// package; gazelle cannot express that and rules_go's sandbox cannot follow
// it. For each such module we keep one patch in third_party/ that gives
// the module hand-written BUILD files: a cc_library over its C sources and
// a go_library that reaches it through cdeps, with the binding's preamble
// reduced to a declaration of the language function.
//
//	bazeldeps gen    rewrite third_party/*.patch from the pinned modules
//	bazeldeps check  apply every patch MODULE.bazel names to the pinned
//	                 module in the Go module cache, check that every file
//	                 its BUILD files name exists, then build and run a
//	                 program the way Bazel would: each cc_library compiled
//	                 on its own, each go_library from its srcs only.
//
// No Bazel runs here (none can be installed); this is the part of a Bazel
// build that can be checked without one.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	root := flag.String("root", ".", "the repository root (holds go.mod, MODULE.bazel, third_party/)")
	keep := flag.Bool("keep", false, "check: keep the work directory and print its path")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: bazeldeps [-root DIR] gen|check")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	dir, err := filepath.Abs(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bazeldeps:", err)
		os.Exit(1)
	}
	switch flag.Arg(0) {
	case "gen":
		err = gen(dir)
	case "check":
		err = check(dir, *keep)
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bazeldeps:", err)
		os.Exit(1)
	}
}
