#!/usr/bin/env bash
# fetch-fixture.sh DEST — the CI fixture corpus: Click 8.1.3 as Debian 12
# (bookworm) ships it (python3-click 8.1.3-2, a 92 KB .deb), sha256-checked.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
. "$here/debs.sh"
fetch_debs "$1" \
	"python3-click=8.1.3-2 c3af7e231d711f7fdb9a2fac4954061fe423ea517279bc30bf95a0920738279b"
echo "fixture corpus in $1: $(find "$1" -name '*.py' | wc -l) .py files" >&2
