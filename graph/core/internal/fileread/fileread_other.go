//go:build !unix

package fileread

import (
	"io"
	"os"
)

func readFile(name string) ([]byte, error) { return os.ReadFile(name) }

func readHead(name string, n int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(f, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return b[:k], err
}
