#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh), then lint, types, the import contracts
# (pyproject's [tool.importlinter]), the docs site (mkdocs.yml, built --strict into
# site/), the whole test suite (network sockets blocked) and ingest + ask with no network
# at all (scripts/egress_check.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
echo "== ruff"; .venv/bin/ruff check src tests benchmarks research scripts training installers
.venv/bin/ruff format --check src tests benchmarks research scripts training installers
echo "== mypy"; .venv/bin/mypy
echo "== import contracts"; .venv/bin/lint-imports --no-logo
echo "== docs (mkdocs build --strict)"; .venv/bin/mkdocs build --strict --quiet
echo "== pytest"; .venv/bin/python -m pytest -q "$@"
echo "== egress (unshare -rn)"; bash scripts/egress_check.sh
