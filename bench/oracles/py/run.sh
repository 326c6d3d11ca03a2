#!/usr/bin/env bash
# run.sh CORPUS_DIR OUT.json [-n N] [-seed S] [-corpus-name TEXT] — writes a
# truth file (bench/accuracy/TRUTH.md) for the Python files of CORPUS_DIR,
# pyright's language server answering textDocument/references.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 CORPUS_DIR OUT.json [-n N] [-seed S] [-corpus-name TEXT]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
corpus=$1 out=$2
shift 2
n=500 seed=1 name=""
while [ $# -gt 0 ]; do
	case $1 in
	-n | --n) n=$2; shift 2 ;;
	-seed | --seed) seed=$2; shift 2 ;;
	-corpus-name | --corpus-name) name=$2; shift 2 ;;
	*) echo "unknown flag $1" >&2; exit 2 ;;
	esac
done
ls=$here/node_modules/pyright/langserver.index.js
[ -f "$ls" ] || "$here/install.sh"
ver=$(node -p "require('$here/node_modules/pyright/package.json').version")
exec python3 "$here/oracle.py" --corpus "$corpus" --out "$out" --langserver "$ls" \
	-n "$n" -seed "$seed" --oracle-name "pyright $ver textDocument/references" \
	--corpus-name "${name:-$(basename "$corpus")}"
