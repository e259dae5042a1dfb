"""The bundled files (letadesk.assets): one top-level ``resources/`` folder, read from the
package's own copy where one is installed (a wheel, the frozen build) and from the
source checkout otherwise; every file the code and the build scripts name is there."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import letadesk
from letadesk.assets import resource, resources_dir
from letadesk.review.templates import SHIPPED, template_path

ROOT = Path(__file__).resolve().parents[2]
SRC = Path(letadesk.__file__).resolve().parent
PROBE = "from letadesk.assets import resources_dir; print(resources_dir())"


def _layout(tmp_path: Path, *, packaged: bool, checkout: bool) -> Path:
    """A copy of ``letadesk/__init__.py`` and ``assets.py`` at ``tmp/src/letadesk``, with
    a ``resources`` folder inside the package and/or beside ``src`` (the checkout's)."""
    package = tmp_path / "src" / "letadesk"
    package.mkdir(parents=True)
    for name in ("__init__.py", "assets.py"):
        (package / name).write_bytes((SRC / name).read_bytes())
    if packaged:
        (package / "resources").mkdir()
    if checkout:
        (tmp_path / "resources").mkdir()
    return package


def _resolved(tmp_path: Path) -> Path:
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path / "src"), "PYTHONNOUSERSITE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(out.stdout.strip())


def test_a_source_checkout_reads_the_top_level_folder() -> None:
    assert not (SRC / "resources").exists(), "a second copy inside src/letadesk"
    assert resources_dir() == ROOT / "resources"


@pytest.mark.parametrize("checkout", [True, False])
def test_the_packages_own_copy_wins(tmp_path: Path, checkout: bool) -> None:
    """An installed wheel or frozen build: the folder inside the package, even where a
    ``resources`` folder happens to sit two levels up."""
    package = _layout(tmp_path, packaged=True, checkout=checkout)
    assert _resolved(tmp_path) == package / "resources"


def test_without_either_the_package_location_is_named(tmp_path: Path) -> None:
    """Nothing found: the path the package should hold, so an error names it."""
    package = _layout(tmp_path, packaged=False, checkout=False)
    assert _resolved(tmp_path) == package / "resources"


def test_every_file_the_code_names_is_there() -> None:
    named = [template_path(name) for name in SHIPPED]
    for source in SRC.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        for args in re.findall(r"\bresource\(((?:\s*\"[^\"]+\",?)+)\)", text):
            named.append(resource(*re.findall(r"\"([^\"]+)\"", args)))
    assert len(named) > len(SHIPPED), "no resource(...) call found: the pattern is stale"
    assert [path for path in named if not path.exists()] == []


def test_every_file_the_build_scripts_name_is_there() -> None:
    """A path into the checkout's ``resources/`` (``$ROOT/resources/...``, or relative to
    the root as scripts/run.sh runs) named by a shell script exists; paths into a frozen
    tree (``$APP/_internal/letadesk/resources/...``) are not the checkout's."""
    scripts = [*ROOT.joinpath("installers").glob("*.sh"), *ROOT.joinpath("scripts").glob("*.sh")]
    named = set()
    for script in scripts:
        for token in re.findall(r"[\w$./-]*resources/[\w./-]*", script.read_text("utf-8")):
            if token.startswith(("$ROOT/", "resources/", "src/")):
                named.add(token.removeprefix("$ROOT/"))
    assert {"resources/letadesk.svg", "resources/sample_matter"} <= named
    assert sorted(name for name in named if not (ROOT / name).exists()) == []
