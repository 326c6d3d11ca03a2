#!/bin/bash
# touch-cost.sh ORBIT SRC [LABEL]: what a timestamp-only change costs
# (bench/README.md, Session 6). Copies SRC (e.g. $(go env GOROOT)/src/net)
# into a fresh git repository with the standard library's go.mod and one
# binary .go file, all mtimes two hours old, and syncs it with the orbit
# binary ORBIT. Then 20 rounds of "touch every file" + sync (set EXCL="-not
# -name go.mod" to leave go.mod alone), one sync after touching only go.mod,
# and a no-op sync. Prints the index size before and after the 20 rounds,
# the median CPU seconds (user+sys) of a touch sync, the files each
# re-extracted, and whether the no-op sync left the index file as it was.
set -euo pipefail
BIN=$(realpath "$1"); SRC=$2; LABEL=${3:-$1}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
cp -a "$SRC"/. "$D"/
cd "$D"
cp "$(go env GOROOT)/src/go.mod" .
printf 'package x\0\1' > blob.go
git init -q && git add -A && git -c user.email=a@b -c user.name=n commit -qm init
find . -path ./.git -prune -o -type f -print0 | xargs -0 touch -d '2 hours ago'
"$BIN" graph sync > /dev/null
DB=$(ls .orbit/graph/*.db)
field() { python3 -c "import json,sys; print(json.load(open('$D/.out'))['$1'])"; }
cpu() { { /usr/bin/time -f '%U %S' "$BIN" graph sync > "$D/.out"; } 2>&1 | tail -1 | awk '{print $1+$2}'; }
s0=$(stat -c %s "$DB")
cpus=()
for i in $(seq 1 20); do
	# shellcheck disable=SC2086 # EXCL is find arguments
	find . -path ./.git -prune -o -path ./.orbit -prune -o -type f ${EXCL:-} -print0 | xargs -0 touch -d "$((120 - i)) minutes ago"
	cpus+=("$(cpu)")
done
s1=$(stat -c %s "$DB")
med=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
changed=$(field files_changed)
touch -d '10 minutes ago' go.mod
g=$(cpu)
gchanged=$(field files_changed)
"$BIN" graph sync > /dev/null
m0=$(stat -c %Y.%s "$DB")
sleep 1
"$BIN" graph sync > /dev/null
m1=$(stat -c %Y.%s "$DB")
echo "$LABEL: db $s0 -> $s1 bytes after 20 touch syncs ($(python3 -c "print(f'{($s1-$s0)/$s0*100:+.1f}%')")), touch sync median ${med} CPU-s re-extracting $changed files; go.mod touch ${g} CPU-s re-extracting $gchanged; no-op sync left the index as it was: $([ "$m0" = "$m1" ] && echo yes || echo "no ($m0 -> $m1)")"
