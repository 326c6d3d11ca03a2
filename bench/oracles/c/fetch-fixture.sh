#!/usr/bin/env bash
# fetch-fixture.sh DEST: the CI fixture's corpus (lua 5.4.4), pinned and
# sha256-checked; see fetch-corpus.sh.
exec "$(dirname "$0")/fetch-corpus.sh" "${1:?usage: fetch-fixture.sh DEST}" lua
