// Command deadcodecheck compares graph check's unreachable rule with
// golang.org/x/tools/cmd/deadcode (RTA over the SSA call graph) on a Go
// module: which functions each calls dead, the agreement table, our
// precision and recall against it at every confidence floor, and every
// disagreement sorted into a class.
//
// Both sides get the same roots: main and init functions and (with
// -test) the tests; a library's exported API is not a root here, since
// deadcode has none.
//
//	go run -tags sqlite_fts5 ./bench/deadcodecheck -corpus DIR -copy > out.md
//
// deadcode runs as `go run golang.org/x/tools/cmd/deadcode@v0.52.0 -json
// [-test] ./...` in the corpus (the module proxy serves it), unless
// -deadcode names a saved JSON answer.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "deadcodecheck:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("deadcodecheck", flag.ContinueOnError)
	corpus := fs.String("corpus", "", "a Go module to check (required)")
	copyTree := fs.Bool("copy", false, "index a writable copy of the corpus")
	saved := fs.String("deadcode", "", "deadcode's -json answer, saved; empty runs deadcode")
	tests := fs.Bool("test", true, "tests are roots (deadcode -test)")
	version := fs.String("version", "v0.52.0", "the x/tools version of deadcode to run")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *corpus == "" {
		return fmt.Errorf("-corpus is required")
	}
	dc, err := deadcodeAnswer(ctx, *corpus, *saved, *version, *tests, stderr)
	if err != nil {
		return err
	}
	files, err := loadedFiles(ctx, *corpus, *tests)
	if err != nil {
		return err
	}
	ours, err := ourAnswer(ctx, *corpus, *copyTree, *tests, stderr)
	if err != nil {
		return err
	}
	return writeReport(stdout, compare(dc, ours, files))
}
