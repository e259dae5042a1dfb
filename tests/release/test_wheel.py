"""The built wheel, not the source tree: ``scripts/wheel_check.sh`` builds it with
``python -m build``, installs it into a fresh venv and, with src/ on no path, checks that
the installed package finds its translations and sample matter and runs the headless
demo (about 50 s on 2 cores)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.model
def test_the_installed_wheel_finds_its_resources_and_runs_the_headless_demo() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the check builds from the tracked files")
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "wheel_check.sh"), sys.executable],
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "wheel check: ok (letadesk-" in result.stdout, output
    (location,) = [line for line in result.stdout.splitlines() if "letadesk.__file__" in line]
    assert "/venv/lib/" in location and str(ROOT) not in location, location
    assert "ask_nda: answered" in result.stdout and "ask_weather: refused" in result.stdout
