"""``scripts/screenshots.py``, the README's pictures, still runs against the window it
shows: it broke unseen when the source chips began to carry a ``Citation`` (it read a
dict property). Real window (offscreen), real models, a temporary profile."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ("window", "answer", "source_viewer", "viewer_search", "review_grid", "draft_check")


@pytest.mark.slow
@pytest.mark.model
@pytest.mark.ui
def test_the_screenshot_script_draws_every_picture(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["LETADESK_DATA_DIR"] = str(tmp_path / "never-used")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "screenshots.py"), "--out", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for name in SHOTS:
        picture = tmp_path / f"{name}.png"
        assert picture.stat().st_size > 10_000, name  # a drawn window, not an empty image
