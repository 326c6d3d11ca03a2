#!/usr/bin/env bash
# The accuracy gate (bench/accuracy/TRUTH.md): scores our index against each
# language's committed truth file over a pinned corpus its fetcher brings,
# and fails below the minimums in bench/accuracy/testdata/truth/gate.tsv or
# when a confident answer over the corpus points at nothing (bench/dangling).
# Corpora are cached in ${ORBIT_CORPORA:-~/.cache/orbit-corpora}.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -tags=sqlite_fts5"
cache=${ORBIT_CORPORA:-$HOME/.cache/orbit-corpora}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/accuracy" ./bench/accuracy
go build -o "$bin/dangling" ./bench/dangling
fail=0
while IFS=$'\t' read -r lang fetcher minp minr; do
  case "$lang" in ''|'#'*) continue ;; esac
  corpus="$cache/$lang"
  stamp="$corpus.fetched-by"
  # Fetch again when the fetcher changed (a new pinned version).
  if [ ! -d "$corpus" ] || ! cmp -s "$fetcher" "$stamp"; then
    bash "$fetcher" "$corpus"
    cp "$fetcher" "$stamp"
  fi
  echo "-- $lang: min precision $minp, min recall $minr"
  if ! "$bin/accuracy" -truth "bench/accuracy/testdata/truth/$lang.json" -corpus "$corpus" -copy \
      -min-precision "$minp" -min-recall "$minr" -monotone >"$bin/$lang.md" 2>"$bin/$lang.err"; then
    fail=1
    cat "$bin/$lang.err"
  fi
  grep -A6 '^| floor' "$bin/$lang.md" | head -7
  # No confident ref or relation may point at nothing (bench/dangling).
  if ! "$bin/dangling" -corpus "$corpus" -copy -max 0 >"$bin/$lang.dangling" 2>&1; then
    fail=1
    cat "$bin/$lang.dangling"
  fi
done < bench/accuracy/testdata/truth/gate.tsv
# Rust has no compiler oracle here: a hand-checked golden of 100 refs over a
# pinned crate (bench/accuracy/testdata/rust-golden). No answer it marks right
# may change, and precision on it may not drop.
golden=bench/accuracy/testdata/rust-golden
corpus="$cache/rust-golden"
if [ ! -d "$corpus" ] || ! cmp -s "$golden/fetch-fixture.sh" "$corpus.fetched-by"; then
  bash "$golden/fetch-fixture.sh" "$corpus"
  cp "$golden/fetch-fixture.sh" "$corpus.fetched-by"
fi
echo "-- rust: hand-checked golden"
go build -o "$bin/rustgolden" ./bench/rustgolden
if ! "$bin/rustgolden" -corpus "$corpus" -copy -golden "$golden/golden.tsv" 2>"$bin/rustgolden.err"; then
  fail=1
  cat "$bin/rustgolden.err"
fi
if ! "$bin/dangling" -corpus "$corpus" -copy -max 0 >"$bin/rust.dangling" 2>&1; then
  fail=1
  cat "$bin/rust.dangling"
fi
exit $fail
