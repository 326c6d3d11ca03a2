package indexer

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// LockSuffix names the lock file beside an index: <db>.lock.
const LockSuffix = ".lock"

// lockIndex takes the exclusive lock that makes a sync the only writer of
// the index at dbPath (DESIGN.md, A sync). It blocks while another sync of the same
// index, in this process or another, holds it; syncs of other worktrees use
// other files and never contend. Readers never take it: SQLite's WAL lets
// them read the last committed state while a sync writes.
//
// The lock is a flock(2) on <db>.lock, which the kernel releases when the
// holder exits, so a killed sync never leaves the index locked. The file is
// never deleted: removing it could let two syncs lock different files.
func lockIndex(dbPath string) (unlock func(), err error) {
	f, err := os.OpenFile(dbPath+LockSuffix, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock index: %w", err)
	}
	if err := flock(f, syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock index %s: %w", f.Name(), err)
	}
	return func() {
		flock(f, syscall.LOCK_UN)
		f.Close()
	}, nil
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
