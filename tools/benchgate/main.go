// Command benchgate is the CI performance gate (DESIGN.md, Budgets): it runs the macro
// benchmarks of bench/, compares two sets of results and fails when a
// benchmark got slower than its tolerance with statistical significance.
//
//	benchgate run [-count N] [-bench re] [-short] [-benchtime d] [-o file]
//	benchgate compare [-config file] [-md out.md] [-normalize] OLD NEW
//	benchgate ab -base REV [-count N] [-bench re] [-short] [-o-base f] [-o-head f] [-md out.md]
//	benchgate bump -why "reason" [-from results.txt] [-baseline file]
//
// Results are read with golang.org/x/perf/benchfmt, grouped with benchproc
// and compared with benchmath (Mann–Whitney U, alpha 0.05). Exit status: 0
// pass, 1 regression, 2 usage or malformed input.
//
// Layer: a developer tool; it imports no package of this module and runs the
// benchmarks only through `go test`.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// usageError is a bad command line or malformed input: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// errRegression reports that the gate failed: exit status 1.
var errRegression = errors.New("performance regression")

const usage = `usage:
  benchgate run [-count N] [-bench regexp] [-short] [-benchtime d] [-o file]
  benchgate compare [-config file] [-md out.md] [-normalize] [-filter expr] OLD NEW
  benchgate ab -base REV [-count N] [-bench regexp] [-short] [-benchtime d] [-md out.md]
  benchgate bump -why "reason" [-from results.txt] [-baseline file]
exit status: 0 pass, 1 regression, 2 usage or malformed input (see bench/README.md#gate)
`

func main() {
	err := run(os.Stdout, os.Stderr, os.Args[1:])
	os.Exit(exitCode(os.Stderr, err))
}

// exitCode reports err on stderr and maps it to the exit status.
func exitCode(stderr io.Writer, err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errRegression):
		fmt.Fprintln(stderr, "benchgate:", err)
		return 1
	default:
		fmt.Fprintln(stderr, "benchgate:", err)
		return 2
	}
}

// run is the whole command; tests drive it in-process.
func run(stdout, stderr io.Writer, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usagef("no command")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "run":
		return runCmd(stdout, stderr, rest)
	case "compare":
		return compareCmd(stdout, stderr, rest)
	case "ab":
		return abCmd(stdout, stderr, rest)
	case "bump":
		return bumpCmd(stdout, stderr, rest)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usagef("unknown command %q", cmd)
}
