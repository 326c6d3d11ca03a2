package indexer

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/all"
)

// jobFiles writes n Go files under a temporary root and returns it with
// their jobs: the first to extract, the others unchanged (their indexed
// hash is their content's).
func jobFiles(t *testing.T, n int) (string, []job) {
	t.Helper()
	root := t.TempDir()
	var jobs []job
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("f%03d.go", i)
		src := []byte(fmt.Sprintf("package p\n\nfunc F%d() int { return %d }\n", i, i))
		if err := os.WriteFile(filepath.Join(root, p), src, 0o644); err != nil {
			t.Fatal(err)
		}
		j := job{cand: candidate{Path: p, Size: int64(len(src))}}
		if i > 0 {
			j.oldHash = contentHash(src, nil)
		}
		jobs = append(jobs, j)
	}
	return root, jobs
}

// TestTouchesDoNotWaitForTheMerge: unchanged files behind a parsed one
// finish while its outcome waits to be emitted, however many more of them
// than the merge window; then everything is emitted in job order.
func TestTouchesDoNotWaitForTheMerge(t *testing.T) {
	window := 4 * runtime.GOMAXPROCS(0)
	root, jobs := jobFiles(t, 3*window)
	r := startJobs(root, all.Registry(), DefaultMaxFileSize, nil, jobs)
	defer r.abandon()
	for i := range jobs {
		<-r.done[i] // without the touches' slots back, the last would never start
	}
	var order []string
	err := r.emit(func(o outcome) error {
		if wantTouch := o.cand.Path != jobs[0].cand.Path; o.touch != wantTouch || o.err != nil {
			return fmt.Errorf("%s: touch %v, err %v", o.cand.Path, o.touch, o.err)
		}
		order = append(order, o.cand.Path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range order {
		if p != jobs[i].cand.Path {
			t.Fatalf("outcome %d is %s, want %s", i, p, jobs[i].cand.Path)
		}
	}
	if len(order) != len(jobs) || len(r.slots) != 0 {
		t.Fatalf("%d outcomes of %d jobs, %d slots still held", len(order), len(jobs), len(r.slots))
	}
}

// TestAbandonedJobsStop: a run abandoned before its outcomes are emitted
// (an incremental sync failing to open its transaction) starts no more
// jobs and returns once the ones under way are done.
func TestAbandonedJobsStop(t *testing.T) {
	window := 4 * runtime.GOMAXPROCS(0)
	root, jobs := jobFiles(t, 3*window)
	for i := range jobs {
		jobs[i].oldHash = nil // all parsed: they hold their slots
	}
	r := startJobs(root, all.Registry(), DefaultMaxFileSize, nil, jobs)
	<-r.done[0]
	r.abandon()
	started := 0
	for i := range jobs {
		select {
		case <-r.done[i]:
			started++
		default:
		}
	}
	// Each job handed out took a slot, and (parsed, never emitted) holds it.
	if started != len(r.slots) || started > window {
		t.Fatalf("%d jobs done after abandoning, %d handed out, window %d", started, len(r.slots), window)
	}
}
