// Command orbit is the command line of Orbit Graph: `orbit graph <cmd>`
// indexes a worktree and answers questions about its code.
//
// Layer: front end. It imports core (and render for output) only; never mcp.
//
// Exit codes:
//
//	0  success
//	1  failure (I/O, internal error)
//	2  usage: bad flags, bad selector syntax, bad query
//	3  the selector matched nothing or is ambiguous
//	4  no index yet, or a corrupt one: run `orbit graph sync`
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the CLI and returns the process exit code.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	code := exitCode(err)
	if !isReported(err) {
		fmt.Fprintf(stderr, "orbit: %v\n", err)
	}
	return code
}
