#!/usr/bin/env bash
# Known vulnerabilities in what a LetaDesk build ships: pip-audit --strict over the SBOM's
# Python distributions (or a requirements file), on a machine that reaches a
# vulnerability service (PyPI's JSON API by default; AUDIT_SERVICE=osv for OSV).
#
#   installers/audit.sh [OUT/letadesk-VERSION.cdx.json | requirements.lock]
#
# Default input: requirements.lock. Exit status, and the one line that says it:
#   0  "checked N distributions: no known vulnerabilities"
#   1  "vulnerabilities found" (pip-audit's table follows)
#   3  "could not check: REASON": a distribution could not be looked up (offline, a
#      service that does not answer, a name it does not know). --strict makes pip-audit
#      fail then; without it, it says "No known vulnerabilities found" having checked
#      nothing, which is the report this script exists to avoid.
#   2  a usage error (no such input, no pip-audit)
# The SBOM's Debian packages (pkg:deb: the system libraries copied into /opt/letadesk) are
# not looked up by pip-audit: the script lists them, with their versions, for IT to check
# against the Debian security tracker (https://security-tracker.debian.org/tracker/).
# Needs pip-audit from installers/requirements.txt ($PIP_AUDIT, default next to $PYTHON).
set -uo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
INPUT=${1:-$ROOT/requirements.lock}
PYTHON=${PYTHON:-}
if [[ -z $PYTHON ]]; then
  for candidate in "$ROOT/.venv/bin/python" "${VIRTUAL_ENV:+$VIRTUAL_ENV/bin/python}"; do
    [[ -n $candidate && -x $candidate ]] && { PYTHON=$candidate; break; }
  done
fi
PIP_AUDIT=${PIP_AUDIT:-$(dirname "${PYTHON:-/usr/bin/python3}")/pip-audit}
[[ -f $INPUT ]] || { echo "audit: $INPUT: no such file" >&2; exit 2; }
[[ -x $PIP_AUDIT ]] || { echo "audit: $PIP_AUDIT: pip-audit is not installed" \
  "(pip install -r installers/requirements.txt)" >&2; exit 2; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/letadesk-audit.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
REQS=$TMP/requirements.txt
if [[ $INPUT == *.json ]]; then  # the SBOM: every pkg:pypi component, pinned
  "$PYTHON" - "$INPUT" > "$REQS" 2>"$TMP/debian" <<'PY' || { echo "audit: $INPUT: not a CycloneDX SBOM" >&2; exit 2; }
import json, sys
for c in json.load(open(sys.argv[1], encoding="utf-8"))["components"]:
    if c.get("purl", "").startswith("pkg:pypi/"):
        print(f"{c['name']}=={c['version']}")
    elif c.get("purl", "").startswith("pkg:deb/"):
        print(f"{c['name']}={c['version']}", file=sys.stderr)
PY
  [[ -s $TMP/debian ]] && echo "audit: $(wc -l < "$TMP/debian") Debian packages ship inside" \
    "the build and are not checked by pip-audit; check them against the Debian security" \
    "tracker: $(tr '\n' ' ' < "$TMP/debian")"
else  # a requirements file: the "# no-deps" marks of requirements.lock mean nothing here
  sed -e 's/#.*//' "$INPUT" | grep -v '^[[:space:]]*$' > "$REQS"
fi
COUNT=$(wc -l < "$REQS")

"$PIP_AUDIT" --strict --no-deps --disable-pip --progress-spinner off \
  --vulnerability-service "${AUDIT_SERVICE:-pypi}" -r "$REQS" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [[ $rc -eq 0 ]]; then
  echo "audit: checked $COUNT distributions of $INPUT: no known vulnerabilities"
  exit 0
fi
if grep -q -E '^Name +Version +ID' "$TMP/out"; then
  cat "$TMP/out"
  echo "audit: vulnerabilities found in $INPUT (above)"
  exit 1
fi
REASON=$(grep -v -E '^WARNING|^ |^Traceback' "$TMP/err" | tail -1)
REASON=${REASON#ERROR:pip_audit._cli:}
echo "audit: could not check $INPUT: ${REASON:-pip-audit exited $rc without a report}"
echo "audit: no vulnerability was looked up; run it where the service is reachable" >&2
exit 3
