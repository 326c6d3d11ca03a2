#!/usr/bin/env bash
# The whole test suite: formatting, vet, Bazel file drift, race tests, and the
# real-corpus extractor tests. Needs only Go and gcc (cgo); the first run
# compiles SQLite and the tree-sitter grammars (a few minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -tags=sqlite_fts5"
# The shared extraction cache (DESIGN.md, Extraction cache) of this run
# only: tests must not fill, or be helped by, the user's own.
ORBIT_CACHE_DIR=$(mktemp -d)
export ORBIT_CACHE_DIR
trap 'rm -rf "$ORBIT_CACHE_DIR"' EXIT

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' | grep -v /testdata/) 2>/dev/null || true)
if [ -n "$unformatted" ]; then echo "gofmt would change:"; echo "$unformatted"; exit 1; fi

echo "== go vet"
go vet ./...

echo "== gazelle: BUILD.bazel files match the Go sources"
go tool gazelle -external=static -mode=diff
# Every external repository a BUILD file uses must be brought in by MODULE.bazel.
used=$(git ls-files '*BUILD.bazel' | xargs grep -oh '"@[a-z0-9_]*//' | tr -d '"@/' | grep -v '^rules_go$' | sort -u)
for repo in $used; do
  grep -q "\"$repo\"" MODULE.bazel || { echo "MODULE.bazel: use_repo lacks $repo"; exit 1; }
done

echo "== Bazel files without Bazel: buildifier, and the cgo overrides fit their modules"
bash scripts/bazel-check.sh

echo "== Mermaid pictures parse with Mermaid itself (npm mermaid under jsdom)"
bash scripts/mermaid-check.sh

echo "== go test -race -short"
go test -race -short -count=1 ./...

echo "== incremental index equals a cold build: 200 random steps, no race detector"
# Not -short: under -short (the race run above) it takes a 25-step sample.
go test -count=1 -run 'TestIncrementalEqualsColdProperty' ./graph/core/internal/indexer/

echo "== real corpora (Go and Python standard libraries), no race detector"
go test -count=1 -run 'Stdlib|Corpus' ./graph/extract/...

echo "== accuracy gate: our refs against committed compiler truth (bench/accuracy/TRUTH.md)"
bash scripts/accuracy-gate.sh

echo "== benchmarks compile and run once"
go test -count=1 -run '^$' -bench . -benchtime=1x -short ./bench/...

echo "== benchgate: the perf gate passes a clean comparison, fails a regression"
gate_dir=$(mktemp -d)
go build -o "$gate_dir/benchgate" ./tools/benchgate
"$gate_dir/benchgate" compare tools/benchgate/testdata/old.txt tools/benchgate/testdata/pass_new.txt >/dev/null
gate_rc=0
"$gate_dir/benchgate" compare tools/benchgate/testdata/old.txt tools/benchgate/testdata/regression_new.txt >/dev/null || gate_rc=$?
rm -rf "$gate_dir"
[ "$gate_rc" = 1 ] || { echo "benchgate: the regression case exited $gate_rc, want 1"; exit 1; }

echo "all tests passed"
