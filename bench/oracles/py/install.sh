#!/usr/bin/env bash
# install.sh — installs the Python oracle's toolchain: pyright (pinned in
# package.json / package-lock.json) into bench/oracles/py/node_modules, and
# Node.js and Python 3 from Debian when the machine lacks them. Idempotent.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
need=()
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
	apt-get update -q >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null
fi
want=$(node -p "require('$here/package-lock.json').packages['node_modules/pyright'].version")
have=$(node -p "try { require('$here/node_modules/pyright/package.json').version } catch (e) { '' }")
if [ "$have" != "$want" ]; then
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "pyright $want in $here/node_modules" >&2
