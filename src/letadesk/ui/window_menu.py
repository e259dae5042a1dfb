"""The main window's menus: File (export the answer on screen as a memo, settings,
refresh, quit) and Help (About). Translated in the window's own context
("MainWindow")."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

import letadesk

if TYPE_CHECKING:
    from letadesk.ui.main_window import MainWindow


def build_file_menu(window: MainWindow) -> tuple[QAction, QAction]:
    """The menu; its (export, settings) actions, which the window enables as it works."""
    menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&File"))
    export = QAction(
        QCoreApplication.translate("MainWindow", "&Export the answer as a memo (Word)…"), window
    )
    export.setShortcut(QKeySequence("Ctrl+E"))
    export.triggered.connect(lambda: export_answer(window))
    export.setEnabled(False)
    settings = QAction(QCoreApplication.translate("MainWindow", "&Settings…"), window)
    settings.triggered.connect(window.open_settings)
    refresh = QAction(QCoreApplication.translate("MainWindow", "&Refresh documents"), window)
    refresh.setShortcut(QKeySequence.StandardKey.Refresh)
    refresh.triggered.connect(window.documents.refresh)
    quit_action = QAction(QCoreApplication.translate("MainWindow", "&Quit"), window)
    quit_action.setShortcut(QKeySequence.StandardKey.Quit)
    quit_action.triggered.connect(window.close)
    for action in (export, settings, refresh, quit_action):
        menu.addAction(action)
    help_menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&Help"))
    about = QAction(QCoreApplication.translate("MainWindow", "&About LetaDesk"), window)
    about.triggered.connect(
        lambda: QMessageBox.about(
            window, QCoreApplication.translate("MainWindow", "About LetaDesk"), about_text(window)
        )
    )
    help_menu.addAction(about)
    return export, settings


def about_text(window: MainWindow) -> str:
    """Version, the offline promise, where the profile is, and the licences."""
    return QCoreApplication.translate(
        "MainWindow",
        "<b>LetaDesk {version}</b><p>An offline legal assistant: every claim is tied to "
        "a verbatim quote of the matter's documents, or it is not shown. Nothing leaves "
        "this computer.</p><p>Profile (documents index, audit trail, settings): "
        "{profile}</p><p>Licences: LetaDesk is AGPL-3.0 (it uses PyMuPDF); the models are "
        "Apache-2.0 or MIT; Qt is LGPL. See the README.</p>",
    ).format(version=letadesk.__version__, profile=window.ws.paths.root)


def export_answer(window: MainWindow, path: str | Path | None = None) -> Path | None:
    """The answer on the Answer tab as a Word memo, from its audit record (asks where
    to save it unless ``path`` is given); None when there is none or it was not saved."""
    audit_id = (window.answer_view.answer or {}).get("audit_id")
    if not audit_id or not window.audit_view.select_record(str(audit_id)):
        return None
    return window.audit_view.export_docx(path)
