#!/usr/bin/env bash
# Proves the benchmark gate on this machine: for each benchmark below, RUNS
# times, `benchgate ab` compares the bench binary with itself, once with the
# head side slowed by 25% (ORBIT_BENCH_SLOWDOWN=1.25, read only by
# bench/slowdown_test.go) and once unchanged. The gate must fail the slowed
# runs and pass the unchanged ones at least 9 times in 10, on the synthetic
# BenchmarkCalibrate (blake3, low noise) and on a real macro benchmark (trace
# on the generated cobra CLI: real queries with their real noise, every
# fourth iteration run twice).
#
#   tools/benchgate/prove.sh            # RUNS=10 COUNT=10 BENCHTIME=200ms
#   BENCHES='^BenchmarkQuery$/op=refs$' tools/benchgate/prove.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-10} count=${COUNT:-10} benchtime=${BENCHTIME:-200ms}
benches=${BENCHES:-'^BenchmarkCalibrate$ ^BenchmarkQuery$/^corpus=cobragen/op=trace$'}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -tags sqlite_fts5 -o "$tmp/benchgate" ./tools/benchgate
go test -tags sqlite_fts5 -c -o "$tmp/bench.test" ./bench

# gate runs one interleaved A/B comparison and prints its exit status.
gate() {
  local rc=0
  "$tmp/benchgate" ab -base-bin "$tmp/bench.test" -head-bin "$tmp/bench.test" \
    -bench "$bench" -count "$count" -benchtime "$benchtime" "$@" \
    >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [ "$rc" = 2 ]; then cat "$tmp/err" >&2; exit 2; fi
  grep -E 'REGRESSION|^(PASS|FAIL)' "$tmp/out" | sed 's/^/    /' >&2
  echo "$rc"
}

need=$(( (runs * 9 + 9) / 10 ))
ok=1
for bench in $benches; do
  slow_failed=0 same_passed=0
  for i in $(seq "$runs"); do
    echo "$bench run $i/$runs: slowed by 25%" >&2
    [ "$(gate -head-env ORBIT_BENCH_SLOWDOWN=1.25)" = 1 ] && slow_failed=$((slow_failed + 1))
    echo "$bench run $i/$runs: unchanged" >&2
    [ "$(gate)" = 0 ] && same_passed=$((same_passed + 1))
  done
  echo "$bench slowed by 25%: gate failed $slow_failed/$runs runs"
  echo "$bench unchanged:     gate passed $same_passed/$runs runs"
  [ "$slow_failed" -ge "$need" ] && [ "$same_passed" -ge "$need" ] || ok=0
done
[ "$ok" = 1 ]
