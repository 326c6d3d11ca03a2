#!/usr/bin/env bash
# fetch-fixture.sh DEST — the CI fixture's corpus: java.base/java/util/regex
# (11 files) of the pinned JDK 17 sources (see fetch-corpus.sh).
set -euo pipefail
exec "$(dirname "$0")/fetch-corpus.sh" "${1:?usage: fetch-fixture.sh DEST}" java/util/regex
