#!/usr/bin/env bash
# Fetches the Go accuracy fixture's corpus into DEST: spf13/cobra at the
# version go.sum pins, from the Go module proxy (go verifies its checksum).
set -euo pipefail
dest=${1:?usage: fetch-fixture.sh DEST}
cd "$(dirname "$0")/../../.."
dir=$(go mod download -json github.com/spf13/cobra@v1.10.2 | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$dir" ] || { echo "fetch-fixture: go mod download gave no directory" >&2; exit 1; }
rm -rf "$dest" && mkdir -p "$dest"
cp -R "$dir/." "$dest/" && chmod -R u+w "$dest"
