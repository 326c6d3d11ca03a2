// Command historycheck compares `orbit graph history` with `git log -L` on a
// seeded sample of the functions and methods of an indexed repository
// (issue 19): for each function, the commits each names over the same
// first-parent history, and where they differ, a class for the difference.
//
//	go run -tags sqlite_fts5 ./bench/historycheck -repo DIR [-n 100] [-seed 1] [-depth 2000]
//
// Both sides see the same commits: the first -depth of the first-parent
// history. The first history query walks them (the attribution, timed on
// its own and given per 1,000 commits); the others read the store.
//
// The repository must be a git worktree; it is synced first.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

func main() {
	repo := flag.String("repo", ".", "a git worktree")
	n := flag.Int("n", 100, "functions sampled")
	seed := flag.Int64("seed", 1, "sample seed")
	depth := flag.Int("depth", core.DefaultHistoryDepth, "first-parent commits walked")
	flag.Parse()
	if err := run(*repo, *n, *seed, *depth); err != nil {
		fmt.Fprintln(os.Stderr, "historycheck:", err)
		os.Exit(1)
	}
}

func run(repo string, n int, seed int64, depth int) error {
	ctx := context.Background()
	g, err := core.Open(repo, core.Options{Registry: all.Registry()})
	if err != nil {
		return err
	}
	defer g.Close()
	if _, err := g.Sync(ctx, core.SyncAuto); err != nil {
		return err
	}
	ov, err := g.Overview(ctx, "", query.OverviewOptions{Format: query.OverviewFull})
	if err != nil {
		return err
	}
	type fn struct{ path, name string }
	var fns []fn
	for _, f := range ov.FileList {
		if strings.Contains(f.Path, "/testdata/") {
			continue
		}
		for _, s := range f.Symbols {
			if s.Kind == "function" || s.Kind == "method" {
				name := s.Name
				if s.Parent != "" {
					name = s.Parent + "." + s.Name
				}
				fns = append(fns, fn{f.Path, name})
			}
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].path+fns[i].name < fns[j].path+fns[j].name })
	rand.New(rand.NewSource(seed)).Shuffle(len(fns), func(i, j int) { fns[i], fns[j] = fns[j], fns[i] })
	var both, onlyOurs, onlyGit, agreeAll, checked int
	var ourTime, gitTime, walkTime time.Duration
	var ourTimes, gitTimes []time.Duration
	var examples []string
	total, err := exec.Command("git", "-C", repo, "rev-list", "--first-parent", "--count", "HEAD").Output()
	if err != nil {
		return err
	}
	walked, _ := strconv.Atoi(strings.TrimSpace(string(total)))
	revRange := "HEAD"
	if walked > depth {
		walked, revRange = depth, fmt.Sprintf("HEAD~%d..HEAD", depth)
	}
	queries := 0
	for _, f := range fns {
		if checked == n {
			break
		}
		sel := "symbol:" + f.path + "#" + f.name
		v, err := g.Show(ctx, sel, 0)
		if err != nil {
			continue // ambiguous or nested: another sample
		}
		start := time.Now()
		h, err := g.History(ctx, sel, core.HistoryOptions{Limit: depth})
		if err != nil {
			return fmt.Errorf("%s: %w", sel, err)
		}
		if queries++; queries == 1 {
			walkTime = time.Since(start) // the walk and one query
		} else {
			ourTime += time.Since(start)
			ourTimes = append(ourTimes, time.Since(start))
		}
		start = time.Now()
		out, err := exec.Command("git", "-C", repo, "log", "--first-parent", "--no-renames", "-s", "--format=%H",
			fmt.Sprintf("-L%d,%d:%s", v.Line, v.EndLine, f.path), revRange).Output()
		if err != nil {
			return fmt.Errorf("git log -L for %s: %w", sel, err)
		}
		gitTime += time.Since(start)
		gitTimes = append(gitTimes, time.Since(start))
		git := map[string]bool{}
		for _, h := range strings.Fields(string(out)) {
			git[h] = true
		}
		ours := map[string]bool{}
		for _, c := range h.Commits {
			ours[c.Hash] = true
		}
		same := true
		var onlyH, onlyL []string
		for c := range ours {
			if git[c] {
				both++
			} else {
				onlyOurs++
				same = false
				onlyH = append(onlyH, subject(repo, c))
			}
		}
		for c := range git {
			if !ours[c] {
				onlyGit++
				same = false
				onlyL = append(onlyL, subject(repo, c))
			}
		}
		if !same {
			sort.Strings(onlyH)
			sort.Strings(onlyL)
			examples = append(examples, fmt.Sprintf("%s (lines %d-%d): only history %v; only git log -L %v", sel, v.Line, v.EndLine, onlyH, onlyL))
		}
		if same {
			agreeAll++
		}
		checked++
	}
	fmt.Printf("functions checked: %d; identical commit lists: %d (%.2f)\n", checked, agreeAll, float64(agreeAll)/float64(max(checked, 1)))
	fmt.Printf("commits named by both: %d, only by history: %d, only by git log -L: %d\n", both, onlyOurs, onlyGit)
	fmt.Printf("attribution: %d first-parent commits walked in %s (%s per 1,000 commits)\n", walked, walkTime.Round(time.Millisecond),
		(walkTime * 1000 / time.Duration(max(walked, 1))).Round(time.Millisecond))
	fmt.Printf("time once attributed: history %s for %d queries, git log -L %s for %d (per function: %s vs %s)\n",
		ourTime.Round(time.Millisecond), max(queries-1, 0), gitTime.Round(time.Millisecond), checked,
		(ourTime / time.Duration(max(queries-1, 1))).Round(time.Millisecond), (gitTime / time.Duration(max(checked, 1))).Round(time.Millisecond))
	fmt.Printf("median per function once attributed: history %s, git log -L %s\n", median(ourTimes), median(gitTimes))
	for _, e := range examples {
		fmt.Println(" ", e)
	}
	return nil
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2].Round(time.Microsecond)
}

// subject is a commit's short hash and subject line.
func subject(repo, hash string) string {
	out, err := exec.Command("git", "-C", repo, "log", "-1", "--format=%h %s", hash).Output()
	if err != nil {
		return hash
	}
	return strings.TrimSpace(string(out))
}
