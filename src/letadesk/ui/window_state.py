"""The window's size, place and pane widths, kept across runs in the profile
(``window.ini`` beside the database: per user, nothing in the system registry)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings

if TYPE_CHECKING:
    from letadesk.ui.main_window import MainWindow

STATE_FILE = "window.ini"


def _store(window: MainWindow) -> QSettings:
    return QSettings(str(window.ws.paths.root / STATE_FILE), QSettings.Format.IniFormat)


def restore_state(window: MainWindow) -> bool:
    """Size, place and panes as the last run left them; False on a first run (the
    defaults stay)."""
    store = _store(window)
    geometry, panes = store.value("geometry"), store.value("panes")
    restored = isinstance(geometry, QByteArray) and window.restoreGeometry(geometry)
    if isinstance(panes, QByteArray):
        window.splitter.restoreState(panes)
    return restored


def save_state(window: MainWindow) -> None:
    store = _store(window)
    store.setValue("geometry", window.saveGeometry())
    store.setValue("panes", window.splitter.saveState())
    store.sync()
