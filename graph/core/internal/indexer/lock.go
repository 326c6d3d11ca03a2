package indexer

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
)

// LockSuffix names the lock file beside an index: <db>.lock.
const LockSuffix = dbpath.LockSuffix

// lockIndex takes the exclusive lock that makes a sync the only writer of
// the index at dbPath (DESIGN.md, A sync). It blocks while another sync of the same
// index, in this process or another, holds it; syncs of other worktrees use
// other files and never contend. Readers never take it: SQLite's WAL lets
// them read the last committed state while a sync writes.
//
// The lock is a flock(2) on <db>.lock, which the kernel releases when the
// holder exits, so a killed sync never leaves the index locked. `clean`
// deletes lock files nobody holds (dbpath.RemoveLock, under the lock), so a
// lock taken on a file that is no longer in place is let go and taken again
// on the new one: two syncs never hold locks on different files.
func lockIndex(dbPath string) (unlock func(), err error) {
	for {
		f, err := os.OpenFile(dbPath+LockSuffix, os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock index: %w", err)
		}
		if err := flock(f, syscall.LOCK_EX); err != nil {
			f.Close()
			return nil, fmt.Errorf("lock index %s: %w", f.Name(), err)
		}
		held, err1 := f.Stat()
		named, err2 := os.Stat(dbPath + LockSuffix)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return func() {
				flock(f, syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		flock(f, syscall.LOCK_UN) // removed while we waited: lock the new file
		f.Close()
	}
}

// flock retries when a signal interrupts the wait.
func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
