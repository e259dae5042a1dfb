"""The glibc floor of a build (``installers/glibc_floor.py``): the highest GLIBC_ symbol
version its ELF files need, which the .deb's ``libc6 (>= …)`` states. Run on real
libraries of this environment (llama.cpp's, compiled here) and on real files that are
not ELF."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "installers" / "glibc_floor.py"
_spec = importlib.util.spec_from_file_location("glibc_floor", SCRIPT)
assert _spec is not None and _spec.loader is not None
glibc_floor = importlib.util.module_from_spec(_spec)
sys.modules["glibc_floor"] = glibc_floor
_spec.loader.exec_module(glibc_floor)

pytestmark = pytest.mark.skipif(shutil.which("objdump") is None, reason="needs binutils")


def _llama_libs() -> Path:
    spec = importlib.util.find_spec("llama_cpp")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent / "lib"


def test_the_floor_is_the_highest_version_any_library_needs(tmp_path: Path) -> None:
    libs = _llama_libs()
    top, per_file, elves = glibc_floor.floor(libs)
    assert elves >= 2 and per_file
    every = {v for found in per_file.values() for v in found}
    assert top in every
    assert all(glibc_floor.version_key(v) <= glibc_floor.version_key(top) for v in every)
    # the host's glibc runs these libraries, so it is at least the floor
    host = subprocess.run(
        ["getconf", "GNU_LIBC_VERSION"], capture_output=True, text=True, check=True
    ).stdout.split()[1]
    assert glibc_floor.version_key(top) <= glibc_floor.version_key(host)
    # a symbol that needs the floor is named (what to rebuild to lower it)
    assert any(top in found and found[top] for found in per_file.values())


def test_versions_compare_as_numbers_not_text() -> None:
    assert glibc_floor.version_key("2.10") > glibc_floor.version_key("2.9")
    assert glibc_floor.version_key("2.2.5") < glibc_floor.version_key("2.3")


def test_the_cli_prints_the_floor_alone_for_the_build_script(tmp_path: Path) -> None:
    build = tmp_path / "build"
    shutil.copytree(_llama_libs(), build / "_internal", symlinks=True)
    (build / "README.txt").write_text("not an ELF file", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(build), "--version-only"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == glibc_floor.floor(build)[0]
    assert "need GLIBC_" in done.stderr  # the report goes to stderr


def test_a_folder_without_elf_files_is_no_build(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("text", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True, text=True
    )
    assert done.returncode == 2 and "needs glibc" in done.stderr
