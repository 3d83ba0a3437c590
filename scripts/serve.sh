#!/usr/bin/env bash
# Set up and run the site on http://127.0.0.1:5000 with the embedded defaults (SQLite in instance/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python -m flask --app paiyou i18n compile
# One process (threads share it): the rate limits' default memory:// store counts every request,
# so the stated limits hold. Several processes need a shared store (docs/deploy.md, "Limits").
exec .venv/bin/python -m flask --app paiyou run --host 127.0.0.1 --port "${PORT:-5000}" --no-reload
