package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/orbitgraph/orbit/bench/internal/corpusindex"
)

func main() {
	if err := run(os.Stdout, os.Stderr, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
}

// config is what the flags say.
type config struct {
	corpus   string
	patterns []string
	n        int
	seed     uint64
	format   string
	copyTree bool
	cgo      bool
	skipDirs []string
	// truth is another language's oracle output to score against (TRUTH.md).
	truth string
	// writeTruth saves the Go oracle's sample as a truth file.
	writeTruth string
	// name says what the corpus is in a written truth file (module@version).
	name string
	// minPrecision and minRecall gate the refs figures at the default floor.
	minPrecision, minRecall float64
	// monotone fails the run when a confident level is less precise than
	// a level below it (DESIGN.md, Confidence: a higher grade claims more).
	monotone bool
}

func parseFlags(stderr io.Writer, args []string) (config, error) {
	fs := flag.NewFlagSet("accuracy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.corpus, "corpus", ".", "root of the Go corpus (a module, or $(go env GOROOT)/src)")
	fs.IntVar(&c.n, "n", 500, "number of sampled targets")
	fs.Uint64Var(&c.seed, "seed", 1, "sampling seed")
	fs.StringVar(&c.format, "format", "md", "output format: md or json")
	fs.BoolVar(&c.copyTree, "copy", false, "index a copy of the corpus in a temp dir (for read-only trees such as GOROOT)")
	fs.BoolVar(&corpusindex.Packages, "packages", false, "index the dependency packages the corpus imports, so calls into other modules can match")
	fs.BoolVar(&c.cgo, "cgo", false, "type-check with cgo enabled (needed when the corpus imports cgo packages)")
	fs.StringVar(&c.truth, "truth", "", "score against this truth file (TRUTH.md) written by another language's oracle, instead of running the Go oracle")
	fs.StringVar(&c.writeTruth, "write-truth", "", "also write the Go oracle's sample to this truth file")
	fs.StringVar(&c.name, "name", "", "what the corpus is, for -write-truth (default: its directory)")
	fs.BoolVar(&c.monotone, "monotone", false, "fail when a confident level (exact, import_resolved, same_module) is less precise than a confident level below it")
	fs.Float64Var(&c.minPrecision, "min-precision", 0, "fail unless refs precision at the default floor is at least this")
	fs.Float64Var(&c.minRecall, "min-recall", 0, "fail unless refs recall at the default floor is at least this")
	skip := fs.String("skip-dirs", "vendor", "comma-separated directory names left out of the truth (our default ignore rules skip vendor/)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: accuracy [flags] [packages (default ./...)]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if c.format != "md" && c.format != "json" {
		return c, fmt.Errorf("-format %q: want md or json", c.format)
	}
	c.patterns = fs.Args()
	if len(c.patterns) == 0 {
		c.patterns = []string{"./..."}
	}
	c.skipDirs = strings.Split(*skip, ",")
	return c, nil
}

func run(stdout, stderr io.Writer, args []string) error {
	c, err := parseFlags(stderr, args)
	if err != nil {
		return err
	}
	ctx := context.Background()
	start := time.Now()
	o, sample, meta, err := loadTruthOrOracle(c, stderr)
	if err != nil {
		return err
	}
	indexRoot := o.Root
	if c.copyTree {
		var done func()
		if indexRoot, done, err = corpusindex.Copy(o.Root); err != nil {
			return err
		}
		defer done()
	}
	g, err := corpusindex.Synced(ctx, indexRoot, stderr)
	if err != nil {
		return err
	}
	defer g.Close()
	res, err := evaluate(ctx, o, newGraphAnswerer(g), sample)
	if err != nil {
		return err
	}
	res.Seed = c.seed
	if meta != nil {
		res.Language, res.Oracle, res.Corpus, res.Seed, res.AllTargets = meta.Language, meta.Oracle, meta.Corpus, meta.Seed, meta.AllTargets
	}
	fmt.Fprintf(stderr, "done in %s\n", time.Since(start).Round(time.Second))
	if c.format == "json" {
		err = writeJSON(stdout, res)
	} else {
		err = writeMarkdown(stdout, res)
	}
	if err != nil {
		return err
	}
	if err := gate(res.Refs.AtFloor(defaultFloor), c.minPrecision, c.minRecall); err != nil {
		return err
	}
	if c.monotone {
		return monotone(res.Refs.Levels)
	}
	return nil
}

// monotone checks that each confident level is at least as precise as
// every confident level below it. A level with no answers says nothing.
func monotone(tallies map[string]*Tally) error {
	confident := levels[:len(levels)-1] // fuzzy_name claims nothing
	for i, hi := range confident {
		for _, lo := range confident[i+1:] {
			h, l := tallies[hi], tallies[lo]
			if h == nil || l == nil || h.Returned == 0 || l.Returned == 0 {
				continue
			}
			// h.Matched/h.Returned < l.Matched/l.Returned, in integers
			if h.Matched*l.Returned < l.Matched*h.Returned {
				return fmt.Errorf("gate: refs at %s (%d/%d) are less precise than at %s (%d/%d)",
					hi, h.Matched, h.Returned, lo, l.Matched, l.Returned)
			}
		}
	}
	return nil
}

// loadTruthOrOracle reads the truth file when one is given, else runs the
// Go oracle and draws the sample (writing it as a truth file when asked).
func loadTruthOrOracle(c config, stderr io.Writer) (*Oracle, []*Target, *truthFile, error) {
	if c.truth != "" {
		root, err := filepath.Abs(c.corpus)
		if err != nil {
			return nil, nil, nil, err
		}
		o, tf, err := loadTruth(c.truth, root)
		if err != nil {
			return nil, nil, nil, err
		}
		fmt.Fprintf(stderr, "truth: %s by %s, %d files, %d targets\n", tf.Language, tf.Oracle, len(o.Files), len(o.Targets))
		return o, sampleAll(o), tf, nil
	}
	start := time.Now()
	o, err := loadOracle(c.corpus, c.patterns, c.skipDirs, c.cgo)
	if err != nil {
		return nil, nil, nil, err
	}
	fmt.Fprintf(stderr, "oracle: %d packages, %d files, %d targets, %d type errors in %s\n",
		o.Packages, len(o.Files), len(o.Targets), o.TypeErrors, time.Since(start).Round(time.Second))
	sample := sampleTargets(o.Targets, c.n, c.seed)
	if c.writeTruth != "" {
		if err := saveTruth(c.writeTruth, cmp.Or(c.name, o.Root), o, sample, c.seed); err != nil {
			return nil, nil, nil, err
		}
	}
	return o, sample, nil, nil
}

// gate fails a run whose refs figures at the default floor are below the
// minimums asked for.
func gate(f Floor, minP, minR float64) error {
	var fails []string
	if f.Precision < minP {
		fails = append(fails, fmt.Sprintf("precision %.3f < %.3f", f.Precision, minP))
	}
	if f.Recall < minR {
		fails = append(fails, fmt.Sprintf("recall %.3f < %.3f", f.Recall, minR))
	}
	if len(fails) > 0 {
		return fmt.Errorf("gate: refs at the default floor: %s", strings.Join(fails, ", "))
	}
	return nil
}
