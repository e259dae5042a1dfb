"""Window tests: a temporary profile (the real embedder and indexes), helpers to wait
for the engine thread. Never touches the real profile."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from letadesk.domain import Citation, Document, Fragment
from letadesk.ui.resources import sample_matter_dir

with contextlib.suppress(ImportError):  # without PySide6 only Qt-free tests run here
    from letadesk.ui.qt_compat import pin_singletons

    # as the app's QApplication does, before pytest-qt's: PySide6 6.12's reference leak
    pin_singletons()

SAMPLE = sample_matter_dir()  # the package data, as the window finds it
_WORD = re.compile(r"\w+", re.UNICODE)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LETADESK_DATA_DIR", str(tmp_path / "never-used"))


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    path = tmp_path / "profile"
    path.mkdir()
    return path


@pytest.fixture
def window(qtbot, profile: Path) -> Iterator[object]:
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    application("en")
    win = MainWindow(profile)
    qtbot.addWidget(win)
    yield win
    win.shutdown()


def wait_idle(qtbot, win, timeout: int = 60_000) -> None:
    """Wait until the window's task ends; a task that failed fails the test with its
    message (the window itself survives any core failure)."""
    qtbot.waitUntil(lambda: win.task == "", timeout=timeout)
    assert not win.last_error, win.last_error


def cite(doc: Document, fragment: Fragment, **changes: object) -> Citation:
    """A citation of the whole ``fragment`` of ``doc``, as a chip carries it (``changes``
    to its fields: another title, page, quote...)."""
    fields: dict[str, object] = {
        "fragment_id": fragment.id,
        "document_id": doc.id,
        "document": doc.title,
        "page": fragment.page,
        "page_label": fragment.printed_page,
        "locator": fragment.locator,
        "quote": fragment.text,
        "start": fragment.start,
        "end": fragment.end,
        "source_state": doc.source_state,
        "verified": doc.verified,
    }
    return Citation(**{**fields, **changes})  # type: ignore[arg-type]


@pytest.fixture
def sample_window(qtbot, window):
    """The window with the fictional sample matter ingested and selected."""
    assert window.load_sample_matter()
    wait_idle(qtbot, window)
    assert not window.last_error, window.last_error
    return window
