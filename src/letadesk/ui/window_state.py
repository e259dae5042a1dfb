"""The window's size, place and pane widths, kept across runs in the profile
(``window.ini`` beside the database: per user, nothing in the system registry)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMainWindow, QSplitter

STATE_FILE = "window.ini"


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


def save_state(window: QMainWindow, panes: QSplitter, profile: Path) -> None:
    store = _store(profile)
    store.setValue("geometry", window.saveGeometry())
    store.setValue("panes", panes.saveState())
    store.sync()
