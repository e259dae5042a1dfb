"""The Review tab: a matter's review grid, documents (rows) by a template's questions
(columns), each cell one grounded answer for that one document or a refusal with its
reason (:mod:`letadesk.review.grid`).

The lawyer picks the questions (CUAD's clause categories, the Romanian set, or a template
file; *Pick and edit…* ticks single ones, rewords, adds and saves them) and ticks the
documents; "Fill grid" fills the cells in the view's own engine
thread, cell by cell, with Cancel. The cells are stored as they are answered, so a second
Fill after a cancel, or after documents were added, asks only the cells still missing.
Selecting a cell shows its claims with their source chips (clicking one emits
``source_clicked``, as the Answer tab does) or why it was refused; the grid exports to
Excel and Word (:mod:`letadesk.export.grid`).
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from letadesk.domain import Answer, Document
from letadesk.errors import LetaDeskError
from letadesk.profile import Profile
from letadesk.review.grid import PENDING, ReviewCell, ReviewGrid, review_documents
from letadesk.review.templates import Question, load_template
from letadesk.text import one_line, shorten
from letadesk.ui.answer_view import AnswerView
from letadesk.ui.engine import Engine, EngineThread
from letadesk.ui.grid_export import save_grid
from letadesk.ui.i18n import count
from letadesk.ui.profile import FirmServer
from letadesk.ui.question_editor import QuestionEditor
from letadesk.ui.review_table import ReviewTable, row_title
from letadesk.ui.text_fit import plain_tip

_SHORT = 70  # characters of the first claim shown in a cell
_FILE = "file"  # the template combo's "from a file" entry
_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


class ReviewView(QWidget):
    source_clicked = Signal(object, tuple, int)  # as AnswerView's
    _start = Signal(str, object, object)

    def __init__(
        self, ws: Profile, parent: QWidget | None = None, *, server: FirmServer | None = None
    ) -> None:
        super().__init__(parent)
        self._ws = ws
        self.matter = ""
        self.questions: list[Question] = []
        self.template = ""  # "cuad", "ro" or the file's path
        self.grid: ReviewGrid | None = None  # the last run's, once it ended
        self.running = False
        self.last_error = ""
        self._rows: list[Document] = []
        self._columns: list[Question] = []
        self._cells: dict[tuple[int, int], ReviewCell] = {}
        self._thread = EngineThread(ws.paths.root, self, name="review", server=server)
        self._build()
        self._connect()
        self.use_template("ro" if ws.settings.language == "ro" else "cuad")  # the UI's
        self._update_controls()

    # ---- construction ------------------------------------------------------------------

    def _build(self) -> None:
        self.template_box = QComboBox()
        self.template_box.addItem(self.tr("CUAD clause categories"), "cuad")
        self.template_box.addItem(self.tr("Romanian contract clauses"), "ro")
        self.template_box.addItem(self.tr("From a file…"), _FILE)
        self.questions_label = QLabel()
        self.questions_label.setObjectName("hint")
        self.documents_list = QListWidget()
        self.documents_list.setMaximumHeight(140)
        # long file names elided in their middle (the path in the tooltip), no sideways bar
        self.documents_list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.documents_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table = ReviewTable()
        self.detail = AnswerView()
        self.detail.show_message(self.tr("Select a cell to see its claims and sources."))
        self.progress_label = QLabel()
        self.progress_label.setObjectName("hint")
        self.progress_label.setWordWrap(True)
        self.edit_button = QPushButton(self.tr("Pick and edit…"))
        self.fill_button = QPushButton(self.tr("Fill grid"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.xlsx_button = QPushButton(self.tr("Export Excel…"))
        self.docx_button = QPushButton(self.tr("Export Word…"))
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Questions:")))
        top.addWidget(self.template_box)
        top.addWidget(self.questions_label, 1)
        # the cell's claims and sources beside the grid, not under it
        self.cells_split = QSplitter(Qt.Orientation.Horizontal)
        self.cells_split.addWidget(self.table)
        self.cells_split.addWidget(self.detail)
        self.cells_split.setStretchFactor(0, 3)
        self.cells_split.setStretchFactor(1, 2)
        self.cells_split.setChildrenCollapsible(False)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.documents_list)
        split.addWidget(self.cells_split)
        split.setSizes([100, 500])
        split.setChildrenCollapsible(False)
        bottom = QHBoxLayout()
        bottom.addWidget(self.progress_label, 1)
        for b in (self.fill_button, self.cancel_button):
            bottom.addWidget(b)
        exports = QHBoxLayout()  # a row of its own: four buttons in one made the pane too wide
        exports.addWidget(self.edit_button)  # not in the top row: it made the pane too wide
        exports.addStretch(1)
        for b in (self.xlsx_button, self.docx_button):
            exports.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addLayout(bottom)
        layout.addLayout(exports)

    def _connect(self) -> None:
        engine = self.engine
        self._start.connect(engine.review)
        engine.cell_filled.connect(self._cell_filled)
        engine.reviewed.connect(self._reviewed)
        engine.failed.connect(self._failed)
        engine.finished.connect(self._finished)
        self.template_box.activated.connect(self._template_chosen)
        self.edit_button.clicked.connect(self.edit_questions)
        self.fill_button.clicked.connect(lambda: self.fill())
        self.cancel_button.clicked.connect(self.cancel)
        self.xlsx_button.clicked.connect(lambda: self.export("xlsx"))
        self.docx_button.clicked.connect(lambda: self.export("docx"))
        self.table.currentCellChanged.connect(lambda row, col, *_: self._show_cell(row, col))
        self.detail.source_clicked.connect(self.source_clicked.emit)

    @property
    def engine(self) -> Engine:
        """The engine that fills the grid (its own thread: questions are answered meanwhile)."""
        return self._thread.engine

    # ---- questions and documents -------------------------------------------------------

    def use_template(self, spec: str) -> bool:
        """Take the questions of the shipped template ``spec`` ("cuad", "ro") or of the
        template file ``spec``; on an error the previous questions stay."""
        try:
            questions = load_template(spec)
        except LetaDeskError as exc:
            self.progress_label.setText(self.tr("Error: {m}").format(m=exc))
            self._select_template(self.template)
            return False
        self.template = spec
        self._select_template(spec)
        self.use_questions(questions, edited=False)
        return True

    def use_questions(self, questions: list[Question], *, edited: bool = True) -> None:
        """Ask ``questions`` (the template's, or as picked and edited in the editor)."""
        self.questions = questions
        text = self.tr("{n} questions").format(n=count(len(questions)))
        if self.template not in ("cuad", "ro"):
            text += " · " + Path(self.template).name
        self.questions_label.setText(text + (self.tr(" (edited)") if edited else ""))
        self.questions_label.setToolTip(plain_tip("\n".join(q.question for q in questions)))

    def edit_questions(self) -> QuestionEditor:
        """The editor, open on the template's questions; on OK the grid asks its choice."""
        editor = QuestionEditor(load_template(self.template), self)
        editor.accepted.connect(lambda: self.use_questions(editor.picked))
        editor.open()
        return editor

    def _select_template(self, spec: str) -> None:
        index = self.template_box.findData(spec if spec in ("cuad", "ro") else _FILE)
        self.template_box.setCurrentIndex(max(index, 0))

    def _template_chosen(self, index: int) -> None:
        spec = self.template_box.itemData(index)
        if spec != _FILE:
            self.use_template(str(spec))
            return
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open a question template"),
            "",
            self.tr("Question templates (*.json *.jsonl);;All files (*)"),
        )
        if path:
            self.use_template(path)
        else:
            self._select_template(self.template)

    def set_matter(self, matter: str) -> None:
        self.matter = matter
        self.refresh_documents()
        if not self.running:
            self.grid, self._rows, self._columns, self._cells = None, [], [], {}
            self._layout_table()
            self.progress_label.clear()
            self.detail.show_message(self.tr("Select a cell to see its claims and sources."))
        self._update_controls()

    def refresh_documents(self) -> None:
        """The matter's indexed documents, ticked unless the lawyer unticked them."""
        unticked = {
            item.data(Qt.ItemDataRole.UserRole)
            for item in self._items()
            if item.checkState() != Qt.CheckState.Checked
        }
        self.documents_list.clear()
        try:
            documents = review_documents(self._ws, self.matter) if self.matter else []
        except LetaDeskError as exc:
            documents = []
            self.progress_label.setText(self.tr("Error: {m}").format(m=exc))
        for doc in documents:
            item = QListWidgetItem(row_title(doc))
            item.setToolTip(plain_tip(doc.path))
            item.setData(Qt.ItemDataRole.UserRole, doc.id)
            item.setData(Qt.ItemDataRole.UserRole + 1, doc)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            ticked = doc.id not in unticked
            item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
            self.documents_list.addItem(item)

    def _items(self) -> list[QListWidgetItem]:
        return [self.documents_list.item(i) for i in range(self.documents_list.count())]

    def checked_documents(self) -> list[Document]:
        return [
            item.data(Qt.ItemDataRole.UserRole + 1)
            for item in self._items()
            if item.checkState() == Qt.CheckState.Checked
        ]

    # ---- filling -----------------------------------------------------------------------

    def fill(self) -> bool:
        """Start filling the grid of the ticked documents by the questions (False while
        a grid is being filled, or with nothing to fill)."""
        documents = self.checked_documents()
        if self.running or not self.matter or not self.questions:
            return False
        if not documents:
            self.progress_label.setText(self.tr("Tick at least one document."))
            return False
        self.last_error = ""
        self.running = True
        self._rows, self._columns, self._cells = documents, list(self.questions), {}
        self._layout_table()
        self.progress_label.setText(self.tr("Filling the grid…"))
        self._update_controls()
        self._start.emit(self.matter, self._columns, documents)
        return True

    def cancel(self) -> None:
        """Stop filling after the cell being answered; the cells filled are kept."""
        if self.running:
            self._thread.cancel()
            self.progress_label.setText(self.tr("Cancelling…"))

    def _layout_table(self) -> None:
        """Rows and columns of the run, every cell pending; the selected cell stays."""
        selected = (self.table.currentRow(), self.table.currentColumn())
        self.table.lay_out(self._rows, self._columns, self.tr("not computed yet"))
        if 0 <= selected[0] < len(self._rows) and 0 <= selected[1] < len(self._columns):
            self.table.setCurrentCell(*selected)
            self._show_cell(*selected)

    def cell_text(self, cell: ReviewCell) -> str:
        """What a cell shows: "answered: " and its first claim, shortened, or "refused"."""
        if cell.disposition == "answered" and cell.claims:
            return self.tr("answered: {claim}").format(
                claim=shorten(one_line(cell.claims[0].text), _SHORT)
            )
        if cell.disposition == PENDING:
            return self.tr("not computed yet")
        return self.tr("refused")

    def _place(self, cell: ReviewCell) -> None:
        rows = [i for i, d in enumerate(self._rows) if d.id == cell.document_id]
        cols = [i for i, q in enumerate(self._columns) if q.question == cell.question]
        if not rows or not cols:
            return
        row, col = rows[0], cols[0]
        if cell.disposition != PENDING:
            self._cells[(row, col)] = cell
        item = QTableWidgetItem(self.cell_text(cell))
        tip = "\n\n".join(c.text for c in cell.claims) or cell.reason
        item.setToolTip(plain_tip(tip[:1000]))
        self.table.setItem(row, col, item)
        if (self.table.currentRow(), self.table.currentColumn()) == (row, col):
            self._show_cell(row, col)

    def _cell_filled(self, done: int, total: int, cell: ReviewCell) -> None:
        self._place(cell)
        if not self.engine.cancel_event.is_set():
            self.progress_label.setText(
                self.tr("Cell {n} of {m}").format(n=count(done), m=count(total))
            )

    def _reviewed(self, grid: ReviewGrid) -> None:
        self.grid = grid
        for doc in grid.documents:
            for q in grid.questions:
                self._place(grid.cell(doc, q))
        total = len(grid.documents) * len(grid.questions)
        if grid.cancelled:
            text = self.tr(
                "Cancelled: {n} of {m} cells filled; Fill grid again computes only the rest."
            ).format(n=count(len(grid.cells)), m=count(total))
        else:
            done = self.tr("Done: {m} cells ({asked} asked now, {reused} kept from before).")
            text = done.format(m=count(total), asked=count(grid.asked), reused=count(grid.reused))
        self.progress_label.setText(text)

    def _failed(self, _task: str, message: str) -> None:
        self.last_error = message
        self.progress_label.setText(self.tr("Error: {m}").format(m=message))

    def _finished(self, _task: str) -> None:
        self.running = False
        self._update_controls()

    def _update_controls(self) -> None:
        self.fill_button.setEnabled(not self.running and bool(self.matter))
        self.cancel_button.setEnabled(self.running)
        self.template_box.setEnabled(not self.running)
        self.edit_button.setEnabled(not self.running)
        for b in (self.xlsx_button, self.docx_button):
            b.setEnabled(not self.running and self.grid is not None)

    # ---- a cell's detail ---------------------------------------------------------------

    def _show_cell(self, row: int, col: int) -> None:
        cell = self._cells.get((row, col))
        if cell is None:
            self.detail.show_message(self.tr("This cell is not computed yet."))
            return
        answered = cell.disposition == "answered"
        self.detail.show_answer(
            Answer(
                f"{shorten(cell.document, 60)} · {self._columns[col].label}\n{cell.question}",
                cell.disposition,
                cell.reason,
                cell.claims,
                mode="extracted" if answered else "",
            )
        )

    # ---- export ------------------------------------------------------------------------

    def default_name(self, suffix: str) -> str:
        """The save dialog's file name: the matter's review, ``suffix`` its extension."""
        matter = self.grid.matter if self.grid else self.matter
        name = self.tr("{matter} - review").format(matter=matter)
        return _UNSAFE.sub("_", name).strip(" .") + suffix

    def export(self, kind: str, path: str | Path | None = None) -> Path | None:
        """Write the grid as ``kind`` ("xlsx" or "docx") to ``path`` (asked with a save
        dialog when None); the file written, or None."""
        if self.grid is None:
            return None
        language = self._ws.settings.language
        target = save_grid(self, self.grid, kind, path, self.default_name(f".{kind}"), language)
        if target is not None:
            self.progress_label.setText(self.tr("Saved {path}.").format(path=target))
        return target

    # ---- lifetime ----------------------------------------------------------------------

    def reset(self) -> None:
        """Reopen the engine's workspace on next use (the settings changed)."""
        self._thread.reset()

    def shutdown(self) -> None:
        self._thread.stop()
