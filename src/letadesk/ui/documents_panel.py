"""The documents of the current matter: add (dialogs, drag-and-drop), status, and the
right-click menu that manages them (:mod:`letadesk.ui.document_actions`): ask of one
document, open its folder, mark verified or not, re-index, remove; and Resume, shown
while documents are partly indexed (an add was cancelled)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from letadesk.domain import Document
from letadesk.errors import NotFoundError
from letadesk.profile import Profile
from letadesk.ui.doc_status import DocRow, describe
from letadesk.ui.document_actions import document_menu
from letadesk.ui.text_fit import plain_label, plain_tip

_COLOURS = {
    "failed": "#b3261e",
    "stale": "#9a6700",
    "missing": "#9a6700",
    "pending": "#9a6700",
    "duplicate": "#5f6368",
    "retired": "#5f6368",
}


class DocumentsPanel(QWidget):
    add_requested = Signal(list)  # paths (files and folders)
    document_activated = Signal(int)  # document id
    manage_requested = Signal(str, list)  # an action of document_actions.ACTIONS, ids
    ask_about = Signal(str, str)  # a document's id and title: ask of it only
    resume_requested = Signal()  # finish indexing what a cancelled add left

    def __init__(self, ws: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ws = ws
        self.matter = ""
        self.rows: list[DocRow] = []
        self.editable = True  # False on the firm server
        self.busy = False
        self.setAcceptDrops(True)
        self.title = QLabel(self.tr("Documents"))
        self.title.setObjectName("sectionTitle")
        self.table = self._make_table()
        self.add_files_button = QPushButton(self.tr("Add files…"))
        self.add_folder_button = QPushButton(self.tr("Add folder…"))
        self.add_files_button.clicked.connect(self._pick_files)
        self.add_folder_button.clicked.connect(self._pick_folder)
        self.resume_button = QPushButton(self.tr("Resume indexing"))
        self.resume_button.setToolTip(
            self.tr("Finish indexing the documents a cancelled add left partly indexed.")
        )
        self.resume_button.clicked.connect(self.resume_requested.emit)
        self.resume_button.setVisible(False)
        self.hint = QLabel(self.tr("Drop files or folders here to add them."))
        self.hint.setObjectName("hint")
        self.hint.setWordWrap(True)
        # The selected document's status and details in full, wrapped and selectable: a
        # failed file's reason is read here, not by scrolling the table sideways.
        self.details = plain_label()  # a document's name and state
        self.details.setObjectName("hint")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setVisible(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_files_button)
        buttons.addWidget(self.add_folder_button)
        buttons.addWidget(self.resume_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.details)
        layout.addWidget(self.hint)
        layout.addLayout(buttons)

    def _make_table(self) -> QTableWidget:
        table = QTableWidget(0, 4)
        table.setHorizontalHeaderLabels(
            [self.tr("Document"), self.tr("Status"), self.tr("Pages"), self.tr("Details")]
        )
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().setVisible(False)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)  # elided, in full below
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.cellDoubleClicked.connect(self._activated)
        table.itemSelectionChanged.connect(self._show_details)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._menu)
        return table

    def set_matter(self, matter: str) -> None:
        self.matter = matter
        self.refresh()

    def refresh(self, *, check: bool = True) -> None:
        """Re-read the matter's documents, their files' size and time re-checked first
        (the cheap currency pass; the full re-hash runs on the window's start; not
        while an add is under way: ``check`` False)."""
        docs: list[Document] = []
        pending: dict[int, int] = {}
        if self.matter:
            try:
                if check:
                    self._ws.documents.check_sources(matter=self.matter, full=False)
                docs = self._ws.documents.all(self.matter)
                pending = self._ws.documents.pending(self.matter)
            except NotFoundError:  # renamed or deleted while a check was on its way
                self.matter = ""
        self.rows = [
            describe(d, self._ws.documents.pages(d), pending.get(int(d.id), 0)) for d in docs
        ]
        self.table.setRowCount(len(self.rows))
        for i, row in enumerate(self.rows):
            self._fill(i, row)
        self._show_details()
        self._update_resume()

    def _update_resume(self) -> None:
        partly = any(r.status == "pending" for r in self.rows)
        self.resume_button.setVisible(partly and self.editable)
        self.resume_button.setEnabled(not self.busy)

    def selected_documents(self) -> list[Document]:
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        return [self.rows[r].document for r in rows if r < len(self.rows)]

    def request(self, action: str, documents: list[Document]) -> None:
        """Ask the window to do ``action`` to ``documents`` (no confirmation)."""
        if documents and self.editable and not self.busy:
            self.manage_requested.emit(action, [str(d.id) for d in documents])

    def _menu(self, at: QPoint) -> None:
        docs = self.selected_documents()
        if not docs:
            return
        menu = document_menu(
            self,
            docs,
            run=lambda action: self._confirmed(action, docs),
            ask_about=lambda d: self.ask_about.emit(str(d.id), d.title or d.path),
            editable=self.editable and not self.busy,
        )
        menu.popup(self.table.viewport().mapToGlobal(at))

    def _confirmed(self, action: str, docs: list[Document]) -> None:
        if action == "remove":
            names = "\n".join(d.title or d.path for d in docs[:10])
            question = self.tr("Remove from the matter, with their passages?\n\n{names}")
            answer = QMessageBox.question(
                self, self.tr("Remove documents"), question.format(names=names)
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.request(action, docs)

    def _show_details(self) -> None:
        """The selected document's path, status and details, wrapped below the table."""
        rows = {index.row() for index in self.table.selectedIndexes()}
        row = self.rows[min(rows)] if rows and min(rows) < len(self.rows) else None
        self.details.setVisible(row is not None)
        if row is not None:
            parts = [row.document.path, row.label, row.detail]
            self.details.setText(" · ".join(p for p in parts if p))

    def _fill(self, i: int, row: DocRow) -> None:
        doc = row.document
        pages = str(row.pages) + (
            self.tr(" ({n} OCR)").format(n=row.ocr_pages) if row.ocr_pages else ""
        )
        cells = [doc.title or doc.path, row.label, pages, row.detail]
        tip = f"{doc.path}\n{row.detail}".strip()
        for col, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(plain_tip(tip))
            item.setData(Qt.ItemDataRole.UserRole, doc.id)
            if col == 1 and row.status in _COLOURS:
                item.setForeground(QBrush(QColor(_COLOURS[row.status])))
            self.table.setItem(i, col, item)

    def status_of(self, file_name: str) -> DocRow | None:
        """The row of the document whose path ends with ``file_name`` (tests, scripts)."""
        return next((r for r in self.rows if r.document.path.endswith(file_name)), None)

    def _activated(self, row: int, _col: int) -> None:
        self.document_activated.emit(int(self.rows[row].document.id))

    def file_filter(self) -> str:
        """The file dialog's filter, in the interface language."""
        return self.tr("Documents (*.pdf *.docx *.html *.htm *.txt *.md);;All files (*)")

    def _pick_files(self) -> None:
        files, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Add documents"), "", self.file_filter()
        )
        if files:
            self.add_requested.emit(files)

    def _pick_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Add a folder"))
        if folder:
            self.add_requested.emit([folder])

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and self.add_files_button.isEnabled():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.add_requested.emit(paths)

    def set_read_only(self, reason: str) -> None:
        """No adding here (the firm server's documents come from its ingest): the add
        buttons go, drops are refused, and the hint says why."""
        self.setAcceptDrops(False)
        self.editable = False
        self.resume_button.setVisible(False)
        self.add_files_button.setVisible(False)
        self.add_folder_button.setVisible(False)
        self.hint.setText(reason)

    def set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.add_files_button.setEnabled(not busy)
        self.add_folder_button.setEnabled(not busy)
        self.resume_button.setEnabled(not busy)
