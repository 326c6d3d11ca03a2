package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeBench is a stand-in for a compiled bench binary: it logs which side
// ran and prints one result, 30% slower when SLOW is set, with a little
// jitter from a run counter so the samples are not all equal.
const fakeBench = `#!/bin/sh
dir=$(dirname "$0")
n=$(cat "$dir/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$dir/count"
echo "${SLOW:-fast}" >> "$dir/order"
ns=$((1000 + n % 7))
[ -n "$SLOW" ] && ns=$((ns * 13 / 10))
echo "goos: linux"
echo "BenchmarkCalibrate-2 100 $ns ns/op"
`

func fakeBinary(t *testing.T) (bin, dir string) {
	t.Helper()
	dir = t.TempDir()
	bin = filepath.Join(dir, "bench.test")
	if err := os.WriteFile(bin, []byte(fakeBench), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, dir
}

func TestABInterleaves(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		code int
	}{{nil, 0}, {[]string{"-head-env", "SLOW=1"}, 1}} {
		bin, dir := fakeBinary(t)
		args := append([]string{"ab", "-pkg", dir, "-base-bin", bin, "-head-bin", bin, "-bench", "Calibrate", "-count", "10"}, tc.env...)
		var stdout, stderr bytes.Buffer
		if code := exitCode(&stderr, run(&stdout, &stderr, args)); code != tc.code {
			t.Errorf("ab %q: exit status %d, want %d\n%s%s", tc.env, code, tc.code, stdout.String(), stderr.String())
		}
		order, _ := os.ReadFile(filepath.Join(dir, "order"))
		if tc.env != nil {
			want := strings.Repeat("fast\n1\n1\nfast\n", 5) // base, head, head, base, …
			if string(order) != want {
				t.Errorf("run order:\n%s\nwant ABBA:\n%s", order, want)
			}
		}
	}
}
