package golang

import (
	"bytes"
	"go/build/constraint"
	"strings"
)

// goodOSArch is go/build's file name rule: name_GOOS, name_GOARCH and
// name_GOOS_GOARCH build only there (name alone: everywhere). An empty
// goos or goarch accepts any.
func goodOSArch(name, goos, goarch string) bool {
	l := strings.Split(name, "_")
	if n := len(l); n > 0 && l[n-1] == "test" {
		l = l[:n-1]
	}
	n := len(l)
	match := func(v, want string) bool { return want == "" || v == want }
	if n >= 2 && knownOS[l[n-2]] && knownArch[l[n-1]] {
		return match(l[n-2], goos) && match(l[n-1], goarch)
	}
	if n >= 1 && knownOS[l[n-1]] {
		return match(l[n-1], goos) || goos == "android" && l[n-1] == "linux" || goos == "illumos" && l[n-1] == "solaris" || goos == "ios" && l[n-1] == "darwin"
	}
	if n >= 1 && knownArch[l[n-1]] {
		return match(l[n-1], goarch)
	}
	return true
}

// knownOS and knownArch are go/build's lists (syslist.go).
var knownOS = setOfWords("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos")

var knownArch = setOfWords("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")

func setOfWords(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// buildsHere evaluates a file's //go:build line (before its package
// clause) for goos/goarch with cgo on and the gc toolchain: any go1.N
// release tag holds, other tags (ignore, purego, race, experiments) do not.
// A file without the line builds everywhere.
// Its lines are read in place (every file of every imported directory
// is asked): only a //go:build line becomes a string.
func buildsHere(head []byte, goos, goarch string) bool {
	for rest := head; len(rest) > 0; {
		var raw []byte
		raw, rest, _ = bytes.Cut(rest, []byte("\n"))
		raw = bytes.TrimSpace(raw)
		if bytes.HasPrefix(raw, []byte("package ")) {
			return true
		}
		if !bytes.HasPrefix(raw, []byte("//go:build")) {
			continue
		}
		line := string(raw)
		if !constraint.IsGoBuild(line) {
			continue
		}
		expr, err := constraint.Parse(line)
		if err != nil {
			return true
		}
		return expr.Eval(func(tag string) bool {
			switch {
			case tag == goos || tag == goarch || tag == "gc" || tag == "cgo":
				return true
			case tag == "unix":
				return unixOS[goos]
			case strings.HasPrefix(tag, "go1."):
				return true
			}
			return goos == "" && knownOS[tag] || goarch == "" && knownArch[tag]
		})
	}
	return true
}

// unixOS are the GOOS values the "unix" constraint holds for.
var unixOS = setOfWords("aix android darwin dragonfly freebsd hurd illumos ios linux netbsd openbsd solaris")
