#!/usr/bin/env bash
# fetch-fixture.sh DEST — the CI fixture's corpus: java.base/java/util/regex
# (11 files) of the pinned JDK 17 sources (see fetch-corpus.sh; files pinned
# by sha256 manifest 04b401824e331bde4bd9f94b0b8e9a948702280f40add8aa96f2f159ef04e477).
set -euo pipefail
exec "$(dirname "$0")/fetch-corpus.sh" "${1:?usage: fetch-fixture.sh DEST}" java/util/regex
