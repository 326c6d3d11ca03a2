//go:build !unix

package fileread

import "os"

func readFile(name string) ([]byte, error) { return os.ReadFile(name) }

func readHead(name string, n int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return HeadOf(f, n)
}
