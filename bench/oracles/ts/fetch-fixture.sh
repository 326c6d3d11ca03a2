#!/usr/bin/env bash
# Fetches the corpus of the TypeScript accuracy fixture
# (bench/accuracy/testdata/truth/ts.json) into DEST: zod 4.1.12's sources
# from the npm registry, sha256-checked, laid out by fetch-corpus.sh (src/,
# package.json, LICENSE, a tsconfig.json). The pin is repeated here so that
# the accuracy gate, which fetches again when this file changes, sees a new
# version. Needs npm; takes about a second.
#
#   fetch-fixture.sh DEST
set -euo pipefail
dest=${1:?usage: fetch-fixture.sh DEST}
# pinned: zod 4.1.12, sha256 2ef9d7a7d822b059c9bd21f87caa4fdc48220d437353678984df942fb67b43fa
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$dest"
exec bash "$here/fetch-corpus.sh" "$dest" zod
