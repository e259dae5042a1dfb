#!/usr/bin/env bash
# Egress proof, twice:
# 1. without a network: ingest the sample matter and ask it (verbatim extraction, then the
#    bundled language model) inside a network namespace that has no interface at all
#    (`unshare -rn`: a new user and network namespace, loopback down). Any network call
#    would fail there, so both steps passing shows that neither needs the network, parser
#    workers included. Skipped with a message where user namespaces are not permitted.
# 2. with the network present: the same three steps under strace (scripts/egress_trace.py),
#    which fails on any socket but AF_UNIX, any connect or send to a network address, any
#    DNS lookup (the resolver's files or sockets) and any file written outside the profile,
#    LetaDesk's user cache folder and the run's own temporary folder. A library that only
#    phones home where it can (onnxruntime's telemetry did) shows here, not in step 1.
# PYTHON overrides the interpreter (default .venv/bin/python).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
question="How long do the confidentiality obligations survive termination?"

# ---- 2 first (it needs no namespace): with the network present, under strace ----------
cache=$("$PY" -c "import platformdirs; print(platformdirs.user_cache_dir('LetaDesk', 'LetaDesk'))")
mkdir -p "$data/tmp"
traced() {
  TMPDIR="$data/tmp" PYTHONDONTWRITEBYTECODE=1 "$PY" scripts/egress_trace.py \
    --allow "$data/traced" --allow "$cache" --allow "$data/tmp" \
    -- "$PY" -m letadesk --data-dir "$data/traced" "$@"
}
traced ingest resources/sample_matter --matter Sample --json > "$data/traced-ingest.json"
traced ask "$question" --matter Sample --extract-only --json > "$data/traced-extracted.json"
traced ask "$question" --matter Sample --generate --json > "$data/traced-generated.json"
echo "egress: ok with a network present: no socket but AF_UNIX, no DNS lookup, nothing"
echo "egress: written outside the profile, $cache and the run's temporary folder"

# ---- 1: without a network ----------------------------------------------------------------
if ! command -v unshare >/dev/null 2>&1 || ! unshare -rn true 2>/dev/null; then
  echo "egress: SKIPPED: 'unshare -rn' is not permitted on this machine (no user namespaces);"
  echo "egress: the test suite still runs with sockets blocked (pytest-socket)"
  exit 0
fi
if unshare -rn "$PY" -c "import socket; socket.create_connection(('1.1.1.1', 80), timeout=2)" \
    2>/dev/null; then
  echo "egress: FAILED: the namespace from 'unshare -rn' still reaches the network" >&2
  exit 1
fi

offline() { unshare -rn "$PY" -m letadesk --data-dir "$data/profile" "$@"; }
offline ingest resources/sample_matter --matter Sample --json > "$data/ingest.json"
offline ask "$question" --matter Sample --extract-only --json > "$data/extracted.json"
offline ask "$question" --matter Sample --generate --json > "$data/generated.json"

"$PY" - "$data" <<'EOF'
import json, sys
from pathlib import Path

data = Path(sys.argv[1])
ingest = json.loads((data / "ingest.json").read_text())
extracted = json.loads((data / "extracted.json").read_text())
generated = json.loads((data / "generated.json").read_text())
problems = []
if ingest["added"] < 3 or ingest["failed"]:
    problems.append(f"ingest: {ingest}")
if extracted["disposition"] != "answered" or not extracted["claims"]:
    problems.append(f"ask --extract-only: {extracted['disposition']}: {extracted['reason']}")
if generated["disposition"] not in ("answered", "refused") or not generated["audit_id"]:
    problems.append(f"ask --generate: {generated}")
if problems:
    sys.exit("egress: FAILED: " + "; ".join(problems))
print(f"egress: ok without a network: ingested {ingest['added']} documents; "
      f"extracted answer with {len(extracted['claims'])} claims; "
      f"model path: {generated['disposition']} ({generated['mode']})")
EOF
