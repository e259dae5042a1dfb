#!/usr/bin/env bash
# Sets everything up, then runs LetaDesk on the embedded defaults: the desktop window
# (which opens the fictional sample matter on first run) when a display is available,
# otherwise the same job headless: ingest the sample matter and ask it a question.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${LETADESK_HEADLESS:-0}" != 1 ]; then
  exec .venv/bin/letadesk "$@"
fi
echo "No display: running the headless demo on the fictional sample matter."
matter="Sample matter (fictional)"
.venv/bin/letadesk ingest resources/sample_matter --matter "$matter"
.venv/bin/letadesk ask "How long do the confidentiality obligations survive termination?" --matter "$matter"
.venv/bin/letadesk ask "Care este durata contractului de prestări servicii?" --matter "$matter"
.venv/bin/letadesk ask "What is the payment term of the services contract?" --matter "$matter"
.venv/bin/letadesk ask "Ce vreme va fi mâine în Cluj?" --matter "$matter"
