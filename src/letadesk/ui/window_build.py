"""The main window's panes and status bar, and the folding of the side panes while the
Review tab is active: a grid of 15 questions by 40 contracts is the screen a reviewer
lives in, so it gets the window's whole width (the matters and documents on the left
and the source viewer on the right fold away, and come back on leaving the tab; a
cell's source chip unfolds the viewer)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from letadesk.ui.window_state import apply_first_size, restore_state


def build_tabs(win: QMainWindow, *pages: QWidget) -> QTabWidget:
    """Answer, History, Review and Draft check: ``pages`` in that order."""
    tabs = QTabWidget()
    names = (win.tr("Answer"), win.tr("History"), win.tr("Review"), win.tr("Draft check"))
    for page, name in zip(pages, names, strict=True):
        tabs.addTab(page, name)
    return tabs


def list_timer(win: QMainWindow, refresh: Callable[[], None]) -> QTimer:
    """A timer that refreshes the documents list once 0.6 s after it is started (it
    fills while an add runs, without re-reading it on every file)."""
    timer = QTimer(win)
    timer.setSingleShot(True)
    timer.setInterval(600)
    timer.timeout.connect(refresh)
    return timer


def connect_panels(win: Any) -> None:
    """What one panel of the main window ``win`` tells another, and the window (typed
    loosely: ui.main_window imports this module)."""
    win.matters.matter_selected.connect(win._matter_changed)
    win.matters.delete_requested.connect(win.delete_matter)
    win.documents.add_requested.connect(win.add_paths)
    win.documents.document_activated.connect(win.viewer.show_document)
    win.documents.manage_requested.connect(win.manage)
    win.documents.resume_requested.connect(win.resume)
    win.documents.ask_about.connect(win.conversations.pin)
    win.answer_view.ask_again.connect(win.conversations.ask_again)
    win.conversation.new_requested.connect(lambda: win.conversations.show(win.matter, fresh=True))
    win.review_view.source_clicked.connect(lambda *_: win.folder.show_viewer())
    win.ask_panel.ask_requested.connect(win.ask)
    win.ask_panel.cancel_requested.connect(win.cancel_question)
    win.engine.drafting.connect(win.ask_panel.show_drafting)  # the model's draft, as written
    win.engine.drafting.connect(win.answer_view.show_draft)
    win.answer_view.source_clicked.connect(win.viewer.show_source)
    win.audit_view.source_clicked.connect(win.viewer.show_source)
    win.audit_view.exported.connect(
        lambda path: win.status_label.setText(win.tr("Memo saved: {path}").format(path=path))
    )
    for view in (win.review_view, win.draft_view):
        view.source_clicked.connect(win.viewer.show_source)


def build_layout(
    win: QMainWindow,
    side: tuple[QWidget, QWidget],
    centre: tuple[QWidget, QWidget],
    viewer: QWidget,
    profile: Path,
) -> tuple[QSplitter, QWidget]:
    """Matters and documents (``side``) | question and tabs (``centre``) | ``viewer``:
    the splitter of the three, and the left pane."""
    left = QSplitter(Qt.Orientation.Vertical)
    for w in side:
        left.addWidget(w)
    left.setSizes([180, 420])
    middle = QWidget()
    box = QVBoxLayout(middle)
    box.setContentsMargins(0, 0, 0, 0)
    box.addWidget(centre[0])
    box.addWidget(centre[1], 1)
    splitter = QSplitter(Qt.Orientation.Horizontal)
    for w in (left, middle, viewer):
        splitter.addWidget(w)
    splitter.setChildrenCollapsible(False)
    holder = QWidget()
    outer = QVBoxLayout(holder)
    outer.setContentsMargins(10, 10, 10, 4)
    outer.addWidget(splitter)
    win.setCentralWidget(holder)
    apply_first_size(win, splitter)
    restore_state(win, splitter, profile)
    return splitter, left


def status_bar(
    win: QMainWindow, cancel_work: Callable[[], None]
) -> tuple[QLabel, QLabel, QProgressBar, QPushButton]:
    """The status bar: questions' and others' messages; what the documents engine is
    doing, its progress and Cancel."""
    status = QLabel()
    work = QLabel()
    progress = QProgressBar()
    progress.setMaximumWidth(260)
    progress.setVisible(False)
    cancel = QPushButton(win.tr("Cancel"))
    cancel.setVisible(False)
    cancel.clicked.connect(cancel_work)
    bar = win.statusBar()
    bar.addWidget(status, 1)
    for widget in (work, progress, cancel):
        bar.addPermanentWidget(widget)
    return status, work, progress, cancel


class PaneFolder(QObject):
    """Folds ``side`` and ``viewer`` away while ``wide`` is the current tab of ``tabs``."""

    def __init__(self, tabs: QTabWidget, wide: QWidget, side: QWidget, viewer: QWidget) -> None:
        super().__init__(tabs)
        self.tabs, self.wide, self.side, self.viewer = tabs, wide, side, viewer
        tabs.currentChanged.connect(self._changed)

    @property
    def folded(self) -> bool:
        return self.tabs.currentWidget() is self.wide

    def _changed(self, _index: int) -> None:
        self.side.setVisible(not self.folded)
        self.viewer.setVisible(not self.folded)

    def show_viewer(self) -> None:
        """A source chip of the grid was clicked: the viewer comes back beside it."""
        self.viewer.setVisible(True)
