// Package fileread reads files with fewer system calls than package os.
//
// os.ReadFile opens a file as any descriptor the runtime's poller might
// watch: it sets O_NONBLOCK, asks epoll to watch it (refused for a regular
// file), clears O_NONBLOCK again, then stats and reads: ten system calls a
// file, where open, stat, read to the end and close are five. A cold build
// reads every file of the worktree, and with dependency packages every
// file of each imported directory of theirs, so the other five were a
// visible part of its system time (DESIGN.md, Reading files).
package fileread

import "io"

// ReadFile reads the whole of a regular file, like os.ReadFile.
func ReadFile(name string) ([]byte, error) { return readFile(name) }

// ReadHead reads at most n bytes from the start of a file.
func ReadHead(name string, n int) ([]byte, error) { return readHead(name, n) }

// HeadOf reads at most n bytes from r: fewer only where r ends.
func HeadOf(r io.Reader, n int) ([]byte, error) {
	b := make([]byte, n)
	k, err := io.ReadFull(r, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return b[:k], err
}
