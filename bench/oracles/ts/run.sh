#!/usr/bin/env bash
# Writes a truth file (bench/accuracy/TRUTH.md) for a TypeScript/JavaScript
# corpus with the typescript package's LanguageService.
#
#   run.sh CORPUS_DIR OUT.json [-n N] [-seed S]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ -d "$here/node_modules/typescript" ] || "$here/install.sh"
exec node --max-old-space-size=4096 "$here/oracle.js" "$@"
