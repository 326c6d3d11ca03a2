package indexer

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
)

// LockSuffix names the lock file beside an index: <db>.lock.
const LockSuffix = dbpath.LockSuffix

// ErrLockTimeout: another sync of the same index held its lock for longer
// than the caller agreed to wait.
var ErrLockTimeout = errors.New("another sync of this index is still running")

// Waiting tells a person a sync is waiting for another: after
// waitNoticeAfter, once, with who holds the lock.
type Waiting func(holder string)

// waitNoticeAfter is how long a sync waits quietly before saying so.
const waitNoticeAfter = time.Second

// lockPoll is how often a waiting sync tries the lock again.
const lockPoll = 25 * time.Millisecond

// lockIndex takes the exclusive lock that makes a sync the only writer of
// the index at dbPath (DESIGN.md, A sync). It waits while another sync of the same
// index, in this process or another, holds it: as long as it takes when
// wait is 0, else at most wait (then ErrLockTimeout); after a second it
// tells notice, if set, who holds it. Syncs of other worktrees use other
// files and never contend. Readers never take it: SQLite's WAL lets them
// read the last committed state while a sync writes.
//
// The lock is a flock(2) on <db>.lock, which the kernel releases when the
// holder exits, so a killed sync never leaves the index locked. The holder
// writes its pid and start time into the file for waiters to name. `clean`
// deletes lock files nobody holds (dbpath.RemoveLock, under the lock), so a
// lock taken on a file that is no longer in place is let go and taken again
// on the new one: two syncs never hold locks on different files.
func lockIndex(dbPath string, wait time.Duration, notice Waiting) (unlock func(), err error) {
	start := time.Now()
	told := false
	for {
		f, err := os.OpenFile(dbPath+LockSuffix, os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock index: %w", err)
		}
		for {
			err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB)
			if err == nil {
				break
			}
			if !errors.Is(err, syscall.EWOULDBLOCK) {
				f.Close()
				return nil, fmt.Errorf("lock index %s: %w", f.Name(), err)
			}
			waited := time.Since(start)
			if wait > 0 && waited >= wait {
				holder := lockHolder(f)
				f.Close()
				return nil, fmt.Errorf("%w (%s) after waiting %s for it", ErrLockTimeout, holder, wait)
			}
			if !told && notice != nil && waited >= waitNoticeAfter {
				notice(lockHolder(f))
				told = true
			}
			time.Sleep(lockPoll)
		}
		held, err1 := f.Stat()
		named, err2 := os.Stat(dbPath + LockSuffix)
		if err1 != nil || err2 != nil || !os.SameFile(held, named) {
			flock(f, syscall.LOCK_UN) // removed while we waited: lock the new file
			f.Close()
			continue
		}
		// Say who holds the lock, for syncs that will wait on it.
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(fmt.Sprintf("%d %d\n", os.Getpid(), time.Now().Unix())), 0)
		}
		return func() {
			flock(f, syscall.LOCK_UN)
			f.Close()
		}, nil
	}
}

// lockHolder describes the sync holding the lock from what it wrote into
// the lock file: "pid 1234, running for 3s".
func lockHolder(f *os.File) string {
	buf := make([]byte, 64)
	n, _ := f.ReadAt(buf, 0)
	fields := strings.Fields(string(buf[:n]))
	if len(fields) != 2 {
		return "held by another sync"
	}
	pid, err1 := strconv.Atoi(fields[0])
	since, err2 := strconv.ParseInt(fields[1], 10, 64)
	if err1 != nil || err2 != nil {
		return "held by another sync"
	}
	return fmt.Sprintf("held by pid %d, running for %s", pid, time.Since(time.Unix(since, 0)).Round(time.Second))
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
