#!/usr/bin/env bash
# The Bazel files, checked without Bazel (none can be installed on our build
# machines; .github/workflows/bazel.yml runs the real build):
#   1. buildifier (npm @bazel/buildifier, pinned) format and lint on every
#      Bazel file, including the BUILD files our patches add to modules;
#   2. tools/bazeldeps check: MODULE.bazel overrides exactly the modules
#      that need it, each patch is what the pinned version needs and applies,
#      its BUILD files name only files that exist, and orbit and the
#      extractor tests build and pass the way Bazel would build them.
# (gazelle drift is checked by scripts/test.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -tags=sqlite_fts5"
version=8.2.1
tools=${ORBIT_TOOLS:-$HOME/.cache/orbit-tools}/buildifier-$version
buildifier=$tools/node_modules/.bin/buildifier
if [ ! -x "$buildifier" ]; then
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --silent "@bazel/buildifier@$version"
fi

echo "-- tools/bazeldeps check"
work=$(go run ./tools/bazeldeps -keep check | tee /dev/stderr | sed -n 's/^work directory: //p')
trap 'rm -rf "$work"' EXIT

echo "-- buildifier $version: format and lint"
mapfile -t files < <(git ls-files 'MODULE.bazel' '*BUILD.bazel' '*.bzl'; find "$work/mods" -name BUILD.bazel)
"$buildifier" -mode=check -lint=warn "${files[@]}"
echo "bazel files ok (${#files[@]} checked)"
