"""The main window's menus: File (export the answer on screen as a memo, settings,
refresh, quit) and Help (About). Translated in the window's own context
("MainWindow")."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox

import letadesk
from letadesk.files import bundle_stamp
from letadesk.index.e5_graphs import e5_warnings
from letadesk.ui.answer_view import AnswerView
from letadesk.ui.audit_view import AuditView


def build_menus(
    window: QMainWindow,
    *,
    answers: AnswerView,
    history: AuditView,
    open_settings: Callable[[], None],
    refresh_documents: Callable[[], None],
    profile: Path,
) -> tuple[QAction, QAction]:
    """The menus; their (export, settings) actions, which the window enables as it
    works."""
    menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&File"))
    export = QAction(
        QCoreApplication.translate("MainWindow", "&Export the answer as a memo (Word)…"), window
    )
    export.setShortcut(QKeySequence("Ctrl+E"))
    export.triggered.connect(lambda: export_answer(answers, history))
    export.setEnabled(False)
    settings = QAction(QCoreApplication.translate("MainWindow", "&Settings…"), window)
    settings.triggered.connect(open_settings)
    refresh = QAction(QCoreApplication.translate("MainWindow", "&Refresh documents"), window)
    refresh.setShortcut(QKeySequence.StandardKey.Refresh)
    refresh.triggered.connect(refresh_documents)
    quit_action = QAction(QCoreApplication.translate("MainWindow", "&Quit"), window)
    quit_action.setShortcut(QKeySequence.StandardKey.Quit)
    quit_action.triggered.connect(window.close)
    for action in (export, settings, refresh, quit_action):
        menu.addAction(action)
    help_menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&Help"))
    about = QAction(QCoreApplication.translate("MainWindow", "&About LetaDesk"), window)
    title = QCoreApplication.translate("MainWindow", "About LetaDesk")
    about.triggered.connect(lambda: QMessageBox.about(window, title, about_text(profile)))
    help_menu.addAction(about)
    return export, settings


def about_text(profile: Path) -> str:
    """Version, the installed bundle, the offline promise, where the profile is, and the
    licences."""
    text = QCoreApplication.translate(
        "MainWindow",
        "<b>LetaDesk {version}</b><p>An offline legal assistant: every claim is tied to "
        "a verbatim quote of the matter's documents, or it is not shown. Nothing leaves "
        "this computer.</p><p>Profile (documents index, audit trail, settings): "
        "{profile}</p><p>Licences: LetaDesk is AGPL-3.0 (it uses PyMuPDF); the models are "
        "Apache-2.0 or MIT; Qt is LGPL. See the documentation's Data and licences page "
        "(docs/licences.md).</p>",
    ).format(version=letadesk.__version__, profile=profile)
    bundle = bundle_stamp()
    if not bundle:
        said = QCoreApplication.translate(
            "MainWindow", "Installed bundle: none (run from a source checkout)."
        )
    else:
        said = QCoreApplication.translate("MainWindow", "Installed bundle: {bundle}").format(
            bundle=escape(bundle)
        )
    return text + f"<p>{said}</p>" + _e5_warning()


def _e5_warning() -> str:
    """What keeps e5 from running here (a refused file; no e5 at all), said in the box:
    Romanian search would otherwise be weaker without a word."""
    warnings = e5_warnings()
    if not warnings:
        return ""
    lead = QCoreApplication.translate(
        "MainWindow", "Warning: Romanian search is weaker on this computer:"
    )
    return f"<p><b>{lead}</b> " + "; ".join(escape(w) for w in warnings) + "</p>"


def export_answer(
    answers: AnswerView, history: AuditView, path: str | Path | None = None
) -> Path | None:
    """The answer on the Answer tab as a Word memo, from its audit record (asks where
    to save it unless ``path`` is given); None when there is none or it was not saved."""
    audit_id = answers.answer.audit_id if answers.answer else ""
    if not audit_id or not history.select_record(audit_id):
        return None
    return history.export_docx(path)
