"""``letadesk`` with no display (over SSH): it said nothing useful and Qt aborted with a
core dump (exit 134, "xcb-cursor0 is needed"); now it says there is no display, names
the command line's verbs and exits 2 (issue 40)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

pytestmark = pytest.mark.ui


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 / Wayland displays")
def test_no_display_says_so_and_exits_2(profile: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    done = subprocess.run(
        [sys.executable, "-m", "letadesk", "--data-dir", str(profile)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr[-2000:]
    assert "no display" in done.stderr
    assert "letadesk ingest, ask, docs, review" in done.stderr
    assert "xcb" not in done.stderr


def test_a_display_or_a_chosen_platform_is_not_refused(monkeypatch) -> None:
    from letadesk.ui.app import no_display

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert no_display() == sys.platform.startswith("linux")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert not no_display()
    monkeypatch.delenv("WAYLAND_DISPLAY")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert not no_display()
