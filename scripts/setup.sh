#!/usr/bin/env bash
# Shared set-up for scripts/serve.sh and scripts/test.sh: a virtual environment in .venv with the
# project installed (editable). Usage: scripts/setup.sh [extra]   (extra: "dev" for the test tools)
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "Paiyou needs Python 3.11 or newer as '$PYTHON' (set PYTHON=...)." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
extra=${1:-}
spec="."
[ -n "$extra" ] && spec=".[$extra]"
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec"
