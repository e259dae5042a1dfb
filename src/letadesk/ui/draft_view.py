"""The Draft check tab: open a draft of one's own (DOCX, PDF, text; never indexed) and
see it clause by clause beside what the matter's law says of each clause: the
provisions it cites (chips open them in the viewer), articles the acts lack, provisions
not in force on the date, deadlines that differ. It runs in its own engine thread, with
progress and Cancel, and exports to Word as a table."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from letadesk.domain import Answer, Claim
from letadesk.draft.check import ERROR_KINDS, DraftReport, Finding, Piece
from letadesk.export.draft import write_draft_docx
from letadesk.profile import Profile
from letadesk.text import shorten
from letadesk.ui.answer_view import AnswerView
from letadesk.ui.as_of import AsOfField
from letadesk.ui.engine import Engine, EngineThread
from letadesk.ui.profile import FirmServer
from letadesk.ui.text_fit import plain_tip

_ERROR_COLOUR = "#b3261e"


class DraftView(QWidget):
    source_clicked = Signal(object, tuple, int)  # as AnswerView's
    _start = Signal(str, str, object)  # path, matter, as_of

    def __init__(
        self,
        ws: Profile,
        parent: QWidget | None = None,
        *,
        server: FirmServer | None = None,
    ) -> None:
        super().__init__(parent)
        self._ws = ws
        self.matter = ""
        self.report: DraftReport | None = None
        self.busy = False
        self.last_error = ""
        self._thread = EngineThread(ws.paths.root, self, name="draft", server=server)
        self.open_button = QPushButton(self.tr("Check a draft…"))
        self.open_button.clicked.connect(lambda: self.check())
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self._thread.cancel)
        self.export_button = QPushButton(self.tr("Export (Word)…"))
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(lambda: self.export_docx())
        self._as_of = AsOfField(self.tr("As of"))
        self.as_of_check, self.as_of_date = self._as_of.check, self._as_of.date
        self.status = QLabel(self.tr("Open a draft to check it against this matter's documents."))
        self.status.setObjectName("hint")
        self.status.setWordWrap(True)
        self.clauses = QListWidget()
        self.clauses.setWordWrap(True)
        self.clauses.currentRowChanged.connect(self._selected)
        self.findings = AnswerView()
        self.findings.source_clicked.connect(self.source_clicked.emit)
        self._connect()
        self._lay_out()
        self._update_controls()

    def _connect(self) -> None:
        engine = self._thread.engine
        self._start.connect(engine.check_draft)
        engine.draft_progress.connect(self._progress)
        engine.draft_checked.connect(self._checked)
        engine.failed.connect(self._failed)
        engine.finished.connect(self._finished)

    def _lay_out(self) -> None:
        bar = QHBoxLayout()
        for widget in (self.open_button, self.as_of_check, self.as_of_date):
            bar.addWidget(widget)
        bar.addStretch(1)
        status = QHBoxLayout()  # a row of its own: one row made the pane too wide
        status.addWidget(self.status, 1)
        status.addWidget(self.cancel_button)
        status.addWidget(self.export_button)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.clauses)
        split.addWidget(self.findings)
        split.setSizes([320, 380])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.addLayout(bar)
        layout.addLayout(status)
        layout.addWidget(split, 1)

    @property
    def engine(self) -> Engine:
        return self._thread.engine

    def set_matter(self, matter: str) -> None:
        self.matter = matter
        self.report = None
        self.clauses.clear()
        self.findings.show_message(self.tr("Select a clause to see its findings."))
        self._update_controls()

    def as_of(self) -> date | None:
        return self._as_of.value()

    def check(self, path: str | Path | None = None) -> bool:
        """Check the draft at ``path`` (asks for it when None) against the matter."""
        if self.busy or not self.matter:
            return False
        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(
                self, self.tr("Check a draft"), "", self.file_filter()
            )
            if not chosen:
                return False
            path = chosen
        self.busy, self.last_error = True, ""
        self.report = None
        self.clauses.clear()
        self.status.setText(self.tr("Reading {name}…").format(name=Path(path).name))
        self._update_controls()
        self._start.emit(str(path), self.matter, self.as_of())
        return True

    def _progress(self, done: int, total: int) -> None:
        self.status.setText(self.tr("Clause {n} of {total}").format(n=done, total=total))

    def _checked(self, report: DraftReport) -> None:
        self.report = report
        errors = len(report.errors())
        text = self.tr("{title}: {errors} findings to review in {n} clauses").format(
            title=report.title, errors=errors, n=len(report.pieces)
        )
        if report.cancelled:
            text += " " + self.tr("(cancelled after {n} of {total})").format(
                n=len(report.pieces), total=report.total
            )
        self.status.setText(text)
        for i, piece in enumerate(report.pieces, start=1):
            wrong = sum(f.kind in ERROR_KINDS for f in piece.findings)
            # its heading, then its own words; the mark says how much to review
            mark = self.tr("\u2717 {n} to review — ").format(n=wrong) if wrong else ""
            item = QListWidgetItem(mark + shorten(_label(piece), 160))
            where = self.tr("Clause {i} of the draft").format(i=i)
            item.setToolTip(plain_tip(f"{where}\n{piece.heading}" if piece.heading else where))
            if wrong:
                item.setForeground(QBrush(QColor(_ERROR_COLOUR)))
            self.clauses.addItem(item)
        if report.pieces:
            self.clauses.setCurrentRow(0)

    def _selected(self, row: int) -> None:
        if self.report is None or not 0 <= row < len(self.report.pieces):
            return
        piece = self.report.pieces[row]
        if not piece.findings:
            self.findings.show_message(self.tr("Nothing to report for this clause."))
            return
        self.findings.show_answer(self._as_answer(piece))

    def _as_answer(self, piece: Piece) -> Answer:
        """A clause's findings as an answer: each finding a claim with its citations
        (chips), the clause as the question line; a value that differs is said as the
        draft's beside the provision's."""
        claims = tuple(Claim(self._finding_text(f), f.kind, f.citations) for f in piece.findings)
        return Answer(_label(piece), "answered", "", claims)

    def _finding_text(self, finding: Finding) -> str:
        if finding.kind != "mismatch" or not finding.draft_says:
            return finding.claim
        draft = self.tr("The draft says: {value}").format(value=finding.draft_says)
        where = self._where(finding)
        source = self.tr("{provision} says: {value}").format(
            provision=where, value=finding.source_says
        )
        return f"{draft}\n{source}"

    def _where(self, finding: Finding) -> str:
        """The provision a finding cites ("art. 2 alin. (1)"), else "The provision"."""
        cited = finding.citations[0].locator if finding.citations else ""
        return cited or self.tr("The provision")

    def _failed(self, task: str, message: str) -> None:
        if task == "draft":
            self.last_error = message
            self.status.setText(self.tr("The draft could not be checked: {m}").format(m=message))

    def _finished(self, task: str) -> None:
        if task == "draft":
            self.busy = False
            self._update_controls()

    def _update_controls(self) -> None:
        self.open_button.setEnabled(bool(self.matter) and not self.busy)
        self.cancel_button.setVisible(self.busy)
        self.export_button.setEnabled(self.report is not None and not self.busy)

    def file_filter(self) -> str:
        """The open dialog's filter, in the interface language."""
        return self.tr("Drafts (*.docx *.pdf *.txt *.md *.html *.htm);;All files (*)")

    def default_name(self, draft: str) -> str:
        """The Word export's suggested file name for the check of ``draft``."""
        return self.tr("{draft} - check").format(draft=Path(draft).stem) + ".docx"

    def export_docx(self, path: str | Path | None = None) -> Path | None:
        if self.report is None:
            return None
        if path is None:
            name = self.default_name(self.report.path)
            chosen, _ = QFileDialog.getSaveFileName(self, self.tr("Export"), name, "*.docx")
            if not chosen:
                return None
            path = chosen
        try:
            target = write_draft_docx(
                self.report.as_json(), path, language=self._ws.settings.language
            )
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Export"), str(exc))
            return None
        self.status.setText(self.tr("Saved: {path}").format(path=str(target)))
        return target

    def reset(self) -> None:
        self._thread.reset()

    def shutdown(self) -> None:
        self._thread.stop()


def _label(piece: Piece) -> str:
    """A clause named by its heading, then its own words, on one line."""
    text = " ".join(piece.text.split())
    return f"{piece.heading}: {text}" if piece.heading else text
