//go:build unix

package fileread

import (
	"io/fs"
	"syscall"
)

func readFile(name string) ([]byte, error) {
	fd, err := open(name)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	// One byte more than the size, so that a file read whole is seen to
	// end by the read that returns nothing, as os.ReadFile does.
	b := make([]byte, 0, max(int(st.Size)+1, 512))
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // the file grew
		}
		n, err := read(fd, b[len(b):cap(b)])
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if n == 0 {
			return b, nil
		}
		b = b[:len(b)+n]
	}
}

func readHead(name string, n int) ([]byte, error) {
	fd, err := open(name)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	b := make([]byte, n)
	k := 0
	for k < n {
		m, err := read(fd, b[k:])
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if m == 0 {
			break
		}
		k += m
	}
	return b[:k], nil
}

func open(name string) (int, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			if err != nil {
				return -1, &fs.PathError{Op: "open", Path: name, Err: err}
			}
			return fd, nil
		}
	}
}

func read(fd int, b []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, b)
		if err != syscall.EINTR {
			return max(n, 0), err
		}
	}
}
