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
//
// Every failure is also one JSON object on stdout unless --format text:
// {"error": {"message", "reason", ...}} (graph/DESIGN.md, Errors).
package main

import (
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the CLI and returns the process exit code.
func run(args []string, stdout, stderr io.Writer) int {
	root, a := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	if !isReported(err) {
		// Usage errors too: one error shape everywhere (output.go).
		report(stdout, stderr, a.format != "text" && !textRequested(args), err)
	}
	return exitCode(err)
}

// textRequested reports whether args ask for --format text, for errors met
// before the flags were parsed.
func textRequested(args []string) bool {
	for i, arg := range args {
		if arg == "--format=text" || arg == "--format" && i+1 < len(args) && args[i+1] == "text" {
			return true
		}
	}
	return false
}
