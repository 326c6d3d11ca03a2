#!/usr/bin/env bash
# The Mermaid pictures of impact, trace and deps parse with Mermaid itself:
# npm mermaid (pinned) under jsdom, installed once into the tools cache like
# buildifier (scripts/bazel-check.sh); mermaid-cli is not used, as it needs
# a browser download. Runs graph/core/render's TestMermaidParses.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS="${GOFLAGS:-} -tags=sqlite_fts5"
version=11.17.2
tools=${ORBIT_TOOLS:-$HOME/.cache/orbit-tools}/mermaid-$version
if [ ! -d "$tools/node_modules/mermaid" ] || [ ! -d "$tools/node_modules/jsdom" ]; then
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --silent "mermaid@$version" "jsdom@29.1.1"
fi
ORBIT_MERMAID=$tools go test -count=1 -run '^TestMermaidParses$' ./graph/core/render
