#!/usr/bin/env bash
# Set up everything the tests need and run every test. Installs Debian's chromium (browser tests),
# fonts and PostgreSQL when they are missing; needs root (or sudo) for that step only.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# not `fc-list | grep -q`: grep -q stops at the first match, fc-list may then die of SIGPIPE, and
# under pipefail the fonts would count as missing (an apt-get update on every run)
grep -q "Noto Sans Devanagari" <<< "$(fc-list 2>/dev/null)" || need+=(fonts-noto-core)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ -x /usr/bin/redis-server ] || need+=(redis-server)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${need[@]}"
fi

bash scripts/setup.sh dev
# Lint and types first: a type error or a lint finding fails the run like a failing test.
.venv/bin/ruff check .
.venv/bin/mypy
.venv/bin/python -m flask --app paiyou i18n compile
exec .venv/bin/python -m pytest "$@"
