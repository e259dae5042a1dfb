"""The work-around for the pinned PySide6's reference leak (letadesk.ui.qt_compat):
nothing at import, the leak measured and only the leaking singletons pinned, and a long
session that aborted without it runs to the end. Each in a fresh interpreter: a process
that has pinned cannot be unpinned."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = [
    pytest.mark.ui,
    pytest.mark.skipif(
        sys.implementation.name != "cpython" or sys.version_info >= (3, 12),
        reason="None and True are immortal from CPython 3.12: nothing to leak",
    ),
]

# 20,000 void calls and 20,000 emissions: 10,000 setText calls aborted the interpreter
LONG_SESSION = """
import sys
from PySide6.QtWidgets import QApplication, QLabel
{setup}
app = QApplication.instance() or QApplication([])
label = QLabel()
for _ in range(20_000):
    label.setText("x")
    label.objectNameChanged.emit("x")
print("done")
"""


def _python(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )


def test_importing_the_window_package_changes_no_reference_count() -> None:
    code = (
        "import sys, json; before = [sys.getrefcount(o) for o in (None, True, False)]; "
        "import letadesk.ui, letadesk.ui.qt_compat, letadesk.ui.app; "
        "print(json.dumps([sys.getrefcount(o) - b "
        "for o, b in zip((None, True, False), before)]))"
    )
    out = _python(code)
    assert out.returncode == 0, out.stderr
    assert all(abs(change) < 100_000 for change in json.loads(out.stdout)), out.stdout


def test_the_leak_is_measured_and_only_none_and_true_are_pinned() -> None:
    """The defect itself, in the pinned PySide6: a void call drops a reference to None,
    an emission one to True, nothing to False. When an upgrade fixes it, this fails:
    the work-around can then go."""
    code = (
        "import sys, json; from letadesk.ui.qt_compat import pin_singletons; "
        "before = [sys.getrefcount(o) for o in (None, True, False)]; "
        "pinned = pin_singletons(); "
        "print(json.dumps({'pinned': [repr(o) for o in pinned], 'again': "
        "pin_singletons() is pinned, 'raised': [sys.getrefcount(o) - b > 2**39 "
        "for o, b in zip((None, True, False), before)]}))"
    )
    out = _python(code)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {
        "pinned": ["None", "True"],
        "again": True,
        "raised": [True, True, False],
    }


def test_a_long_session_aborts_without_the_work_around() -> None:
    out = _python(LONG_SESSION.format(setup=""))
    assert out.returncode != 0 and "done" not in out.stdout
    assert "deallocating" in out.stderr, out.stderr[-2000:]


def test_a_long_session_runs_through_the_apps_qapplication() -> None:
    setup = "from letadesk.ui.app import application\napp = application('en')"
    out = _python(LONG_SESSION.format(setup=setup))
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "done"
