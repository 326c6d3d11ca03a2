package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/orbitgraph/orbit/graph/core"
)

// checkFormats are the --format values check writes beyond json and text.
var checkFormats = []string{"sarif", "html"}

func newCheckCmd(a *app) *cobra.Command {
	var confidence, baseline, output string
	var save, catalog bool
	cmd := &cobra.Command{
		Use:   "check [rule…] [dir:<dir>|file:<path>…]",
		Short: "Check code paths: unreachable, test-only and duplicated code, cycles, coupling",
		Long: `Check the index's call graph. Entry points are inferred first, each with a
reason (main, init, module-init, test, cli-command, http-route, annotation,
exported-api, config, …); then each rule runs on its own:

  unreachable     callables no entry point reaches, grouped by subtree root
  test-only       callables outside test files that only tests reach
  duplicate-body  callables with the same body once comments and layout go
  cycle           strongly connected components of callables, files, packages
  coupling        packages calling into more other packages than allowed

Cycles, coupling and what tests reach count the calls graded --confidence or
stronger. Unreachable and test-only code are findings of absence and doubt
every reference: one is exact when no reference reaches it, fuzzy_name
(shown at --confidence fuzzy) when only name-only references do. A call
through an interface or virtual method reaches every implementation the
index knows, graded no higher than the relation that makes it one.

Roots the code does not show, further annotations and thresholds come from
.orbitcheck.json (see DESIGN.md, Checks). dir: and file: keep the findings
that point there; the analysis always sees the whole index.

--format sarif writes SARIF 2.1.0 for code scanning, --format html one
self-contained page. --baseline FILE --save records the findings; --baseline
FILE alone compares with it and fails (exit 1) only on findings it lacks.`,
		Example: `  orbit graph check --format text
  orbit graph check unreachable dir:internal/ --confidence fuzzy
  orbit graph check --format sarif --output check.sarif
  orbit graph check --baseline .orbitcheck-baseline.json --save
  orbit graph check --baseline .orbitcheck-baseline.json --format text`,
		RunE: func(cmd *cobra.Command, args []string) error {
			floor, err := parseConfidence(confidence)
			if err != nil {
				return err
			}
			var opts core.CheckOptions
			opts.Floor, opts.Catalog = floor, catalog
			for _, arg := range args {
				switch {
				case strings.HasPrefix(arg, "dir:"), strings.HasPrefix(arg, "file:"):
					opts.Scope = append(opts.Scope, arg)
				case slices.Contains(core.CheckRules(), arg):
					opts.Rules = append(opts.Rules, arg)
				default:
					return usageError{fmt.Errorf("unknown rule or scope %q (rules: %s; scopes: dir:<dir>, file:<path>)",
						arg, strings.Join(core.CheckRules(), ", "))}
				}
			}
			if save && baseline == "" {
				return usageError{errors.New("--save needs --baseline FILE")}
			}
			g, err := a.open()
			if err != nil {
				return err
			}
			defer g.Close()
			rep, err := g.Check(context.Background(), opts)
			if err != nil {
				return a.fail(err)
			}
			if baseline != "" && save {
				if err := rep.SaveBaseline(baseline); err != nil {
					return a.fail(err)
				}
			} else if baseline != "" {
				if err := rep.CompareBaseline(baseline); err != nil {
					return a.fail(err)
				}
			}
			if err := writeCheck(a, rep, output); err != nil {
				return a.fail(err)
			}
			if d := rep.Baseline; d != nil && d.New > 0 {
				fmt.Fprintf(a.stderr, "orbit: %d finding(s) not in the baseline %s\n", d.New, d.Path)
				return reportedError{fmt.Errorf("check: %d new finding(s)", d.New)}
			}
			return nil
		},
	}
	cmd.PreRun = func(*cobra.Command, []string) { a.formats = checkFormats }
	confidenceFlag(cmd.Flags().StringVar, &confidence)
	cmd.Flags().StringVar(&baseline, "baseline", "", "baseline file: compare with it, or write it with --save")
	cmd.Flags().BoolVar(&save, "save", false, "write the findings to the --baseline file")
	cmd.Flags().StringVar(&output, "output", "", "write the report to this file instead of stdout")
	cmd.Flags().BoolVar(&catalog, "catalog", false, "include every callable of the catalog in the JSON report")
	return cmd
}

// writeCheck writes the report in the chosen format.
func writeCheck(a *app, rep *core.CheckReport, output string) error {
	var buf bytes.Buffer
	var err error
	switch a.format {
	case "text":
		err = rep.WriteText(&buf)
	case "sarif":
		err = rep.WriteSARIF(&buf, orbitVersion())
	case "html":
		err = rep.WriteHTML(&buf)
	default:
		err = rep.WriteJSON(&buf)
	}
	if err != nil {
		return err
	}
	if output != "" {
		return os.WriteFile(output, buf.Bytes(), 0o644)
	}
	_, err = a.stdout.Write(buf.Bytes())
	return err
}

// orbitVersion is the module version of this build, "(devel)" when none.
func orbitVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
