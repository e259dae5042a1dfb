#!/usr/bin/env bash
# Proves the wheel, not the source tree: builds letadesk with `python -m build` (the sdist,
# then the wheel from it) out of a copy of the tracked files, installs the wheel into a
# fresh venv in a temporary folder, and from there, with src/ on no path, checks that the
# installed package finds its translations, sample matter and review templates and runs
# the headless demo of scripts/run.sh (ingest the sample matter, three questions).
#
# The fresh venv gets only the wheel (pip --no-deps --no-index). The dependencies (torch,
# llama-cpp-python, ...: a full install takes ~10 min and the network) are read from the
# project venv's site-packages through a .pth line placed after the venv's own
# site-packages; a path line does not run that folder's .pth files, so the project's
# editable install is not active, and the check fails if letadesk is importable from
# anywhere but the fresh venv. Offline: the build uses the project venv's setuptools
# (--no-isolation). Usage: scripts/wheel_check.sh [PYTHON]  (default .venv/bin/python)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
PY=$(realpath -s "${1:-${LETADESK_PYTHON:-.venv/bin/python}}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== build (python -m build --no-isolation)"
mkdir "$tmp/tree"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
  [ -e "$f" ] && printf '%s\0' "$f"  # a tracked file deleted in the worktree is skipped
done | tar -c --null -T - -f - | tar -x -C "$tmp/tree"
"$PY" -m build --no-isolation --outdir "$tmp/dist" "$tmp/tree" > "$tmp/build.log" 2>&1 \
  || { cat "$tmp/build.log" >&2; echo "wheel check: FAILED: build" >&2; exit 1; }
wheel=$(ls "$tmp"/dist/letadesk-*.whl)
echo "built $(basename "$wheel")"

echo "== install into a fresh venv"
"$PY" -m venv --without-pip "$tmp/venv"
VPY=$tmp/venv/bin/python
"$PY" -m pip --python "$VPY" install -q --no-deps --no-index "$wheel"
own=$("$VPY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
deps=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$deps" > "$own/zz_letadesk_check_deps.pth"

# From here: no PYTHONPATH, no user site, a working directory outside the checkout.
run() { (cd "$tmp" && env -u PYTHONPATH PYTHONNOUSERSITE=1 QT_QPA_PLATFORM=offscreen "$@"); }

echo "== the installed package and its resources"
run "$VPY" - "$tmp/venv" "$root" "$deps" <<'EOF'
import importlib.metadata
import sys
from pathlib import Path

venv, root = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
deps = Path(sys.argv[3]).resolve()  # the dependencies' folder: inside the checkout in CI
import letadesk
from letadesk.ui.resources import sample_matter_dir, translations_dir

package = Path(letadesk.__file__).resolve().parent
print("letadesk.__file__ =", letadesk.__file__)
assert package.is_relative_to(venv), f"letadesk imported from {package}, not the fresh venv"
homes = [p for p in map(Path, filter(None, sys.path)) if (p / "letadesk").exists()]
assert [h.resolve() for h in homes] == [package.parent], f"letadesk also on sys.path: {homes}"
inside = [p for p in sys.path if p and Path(p).resolve().is_relative_to(root)]
assert all(Path(p).resolve() == deps for p in inside), f"the checkout is on sys.path: {inside}"
version = importlib.metadata.version("letadesk")
assert version == letadesk.__version__, (version, letadesk.__version__)
licence = importlib.metadata.metadata("letadesk")["License-Expression"]
assert licence == "AGPL-3.0-or-later", licence
samples = sorted(p.name for p in sample_matter_dir().iterdir())
assert sample_matter_dir().is_relative_to(package), sample_matter_dir()
assert samples == ["contract_servicii.docx", "memo_intern.md", "nda_example.pdf"], samples
print("sample matter:", sample_matter_dir(), samples)
from letadesk.review.templates import SHIPPED, load_template, template_path

assert all(template_path(n).is_relative_to(package) for n in SHIPPED), template_path("cuad")
print("review templates:", {n: len(load_template(n)) for n in SHIPPED})

from PySide6.QtCore import QCoreApplication
from letadesk.ui.i18n import install_translator

app = QCoreApplication([])
assert translations_dir().is_relative_to(package), translations_dir()
assert install_translator(app, "ro"), f"no Romanian translation in {translations_dir()}"
saved = QCoreApplication.translate("MainWindow", "Settings saved.")
assert saved == "Setările au fost salvate.", saved
print("translations:", translations_dir(), "ro:", saved)
EOF

echo "== the headless demo (scripts/run.sh's), from the installed letadesk"
sample=$(run "$VPY" -c 'from letadesk.ui.resources import sample_matter_dir; print(sample_matter_dir())')
matter="Sample matter (fictional)"
ld() { run "$tmp/venv/bin/letadesk" --data-dir "$tmp/profile" "$@"; }
ld ingest "$sample" --matter "$matter" --json > "$tmp/ingest.json"
ld ask "How long do the confidentiality obligations survive termination?" \
  --matter "$matter" --json > "$tmp/ask_nda.json"
ld ask "Care este durata contractului de prestări servicii?" \
  --matter "$matter" --json > "$tmp/ask_ro.json"
ld ask "Ce vreme va fi mâine în Cluj?" --matter "$matter" --json > "$tmp/ask_weather.json"
"$PY" - "$tmp" <<'EOF'
import json
import sys
from pathlib import Path

tmp = Path(sys.argv[1])
ingest = json.loads((tmp / "ingest.json").read_text())
assert ingest["added"] == 3 and not ingest["failed"], ingest
for name, want in (("ask_nda", "answered"), ("ask_ro", "answered"), ("ask_weather", "refused")):
    answer = json.loads((tmp / f"{name}.json").read_text())
    assert answer["disposition"] == want, (name, answer["disposition"], answer["reason"])
    first = answer["claims"][0]["text"] if answer["claims"] else answer["reason"]
    print(f"{name}: {answer['disposition']}: {first}")
nda = json.loads((tmp / "ask_nda.json").read_text())
assert "five (5) years" in nda["claims"][0]["text"], nda["claims"]
EOF
echo "wheel check: ok ($(basename "$wheel"))"
