//go:build unix

package xcache

import (
	"os"
	"strconv"
	"syscall"
)

// inode tells apart two binaries written with the same size and mtime.
func inode(fi os.FileInfo) string {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return strconv.FormatUint(uint64(st.Dev), 10) + ":" + strconv.FormatUint(uint64(st.Ino), 10)
	}
	return ""
}
