#!/usr/bin/env bash
# run.sh CORPUS_DIR OUT.json [-n N] [-seed S] [-profile FILE] [-stats FILE]
#
# Writes the C truth file for CORPUS_DIR (bench/accuracy/TRUTH.md). The
# profile (include paths, defines, which .c files are translation units and
# which programs link which) is picked by its marker file when -profile is
# not given: profiles/redis.json (src/server.h), profiles/lua.json
# (src/lua.h). Run install.sh first.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=${1:?usage: run.sh CORPUS_DIR OUT.json [-n N] [-seed S] [-profile FILE]}
out=${2:?usage: run.sh CORPUS_DIR OUT.json [-n N] [-seed S] [-profile FILE]}
shift 2
args=("$@")
if [[ " ${args[*]-} " != *" -profile "* ]]; then
	prof=""
	for p in "$here"/profiles/*.json; do
		marker=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["marker"])' "$p")
		if [ -e "$corpus/$marker" ]; then
			prof=$p
			break
		fi
	done
	[ -n "$prof" ] || {
		echo "run.sh: no profile in $here/profiles matches $corpus; pass -profile" >&2
		exit 2
	}
	args+=(-profile "$prof")
fi
exec /usr/bin/python3 "$here/oracle.py" "$corpus" "$out" "${args[@]}"
