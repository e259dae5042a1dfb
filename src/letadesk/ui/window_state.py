"""The window's size, place, pane widths and last matter, kept across runs in the profile
(``window.ini`` beside the database: per user, nothing in the system registry)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize
from PySide6.QtWidgets import QMainWindow, QSplitter

STATE_FILE = "window.ini"
FIRST_SIZE = QSize(1480, 880)  # a first run's size on a screen with room for it
FIRST_PANES = (400, 540, 560)  # matters and documents, the answer, the source viewer
SCREEN_SHARE = 0.95  # of the screen's free area a first run may take, at most


def _store(profile: Path) -> QSettings:
    return QSettings(str(profile / STATE_FILE), QSettings.Format.IniFormat)


def restore_state(window: QMainWindow, panes: QSplitter, profile: Path) -> bool:
    """Size, place and panes as the last run in ``profile`` left them; False on a first
    run (the defaults stay)."""
    store = _store(profile)
    geometry, state = store.value("geometry"), store.value("panes")
    restored = isinstance(geometry, QByteArray) and window.restoreGeometry(geometry)
    if isinstance(state, QByteArray):
        panes.restoreState(state)
    return restored


def first_size(available: QSize, minimum: QSize) -> QSize:
    """A first run's window size: :data:`FIRST_SIZE`, made to fit ``available`` (the
    screen less its panels), never below ``minimum`` (the window's own)."""
    width = min(FIRST_SIZE.width(), int(available.width() * SCREEN_SHARE))
    height = min(FIRST_SIZE.height(), int(available.height() * SCREEN_SHARE))
    return QSize(max(width, minimum.width()), max(height, minimum.height()))


def apply_first_size(window: QMainWindow, panes: QSplitter) -> None:
    """Size ``window`` for its screen (at 1,480 px it ran past a 1,280 px screen, the
    viewer cut off) and share its width among the panes as :data:`FIRST_PANES` do."""
    screen = window.screen()
    size = first_size(screen.availableGeometry().size(), window.minimumSizeHint())
    window.resize(size)
    scale = size.width() / FIRST_SIZE.width()
    panes.setSizes([round(width * scale) for width in FIRST_PANES])


def save_state(window: QMainWindow, panes: QSplitter, profile: Path, *, matter: str = "") -> None:
    """Size, place, panes and the matter on screen (the next start opens it)."""
    store = _store(profile)
    store.setValue("geometry", window.saveGeometry())
    store.setValue("panes", panes.saveState())
    store.setValue("matter", matter)
    store.sync()


def last_matter(profile: Path) -> str:
    """The matter on screen when the window last closed; "" on a first run."""
    value = _store(profile).value("matter", "")
    return value if isinstance(value, str) else ""


def _thread_key(matter: str) -> str:
    return "threads/" + hashlib.sha1(matter.encode("utf-8")).hexdigest()


def thread_start(profile: Path, matter: str) -> int:
    """The audit sequence number after which ``matter``'s conversation starts (its last
    "New conversation"); 0 when it was never started afresh."""
    value = _store(profile).value(_thread_key(matter), 0)
    return int(value) if isinstance(value, (int, str)) and str(value).isdigit() else 0


def set_thread_start(profile: Path, matter: str, seq: int) -> None:
    store = _store(profile)
    store.setValue(_thread_key(matter), seq)
    store.sync()
