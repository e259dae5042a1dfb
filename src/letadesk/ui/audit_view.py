"""Past questions of the matter (the audit trail) and memo export of any of them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from letadesk.answer.from_record import answer_from_record
from letadesk.errors import LetaDeskError
from letadesk.export.memo import memo_markdown, write_memo_docx
from letadesk.profile import Profile
from letadesk.ui.answer_view import AnswerView
from letadesk.ui.text_fit import plain_label


def memo_input(record: dict[str, Any]) -> dict[str, Any]:
    """The memo's input from an audit record: its final answer plus question, matter, the
    as-of date asked for and the day it was asked."""
    final = record.get("final", {})
    return {
        **final,
        "question": record.get("question", ""),
        "matter": record.get("matter", ""),
        "as_of": final.get("as_of") or record.get("as_of"),
    }


def memo_file_name(record: dict[str, Any], suffix: str) -> str:
    """``"Memo - Acme v Beta - 2026-12-01 - <8 characters of the record id>.docx"``: the
    matter, the day and the record, in characters every file system accepts."""
    parts = [
        "Memo",
        str(record.get("matter", "")),
        str(record.get("created_at", ""))[:10],
        str(record.get("id", ""))[:8],
    ]
    name = " - ".join(p for p in parts if p)
    return re.sub(r'[\\/:*?"<>|\x00-\x1f]+', "_", name)[:120] + suffix


class AuditView(QWidget):
    source_clicked = Signal(object, tuple, int)  # as AnswerView's
    exported = Signal(str)  # the file a memo was saved to

    def __init__(self, ws: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ws = ws
        self.matter = ""
        self.records: list[dict[str, Any]] = []
        self.list = QTreeWidget()
        self.list.setHeaderLabels([self.tr("When"), self.tr("Outcome"), self.tr("Question")])
        self.list.setRootIsDecorated(False)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.list.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.list.currentItemChanged.connect(self._selected)
        self.detail = AnswerView()
        self.detail.source_clicked.connect(self.source_clicked.emit)
        self.meta = plain_label()  # the recorded question and answer
        self.meta.setObjectName("hint")
        self.meta.setWordWrap(True)
        self.meta.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.word_button = QPushButton(self.tr("Export memo (Word)…"))
        self.markdown_button = QPushButton(self.tr("Export memo (Markdown)…"))
        self.word_button.clicked.connect(lambda: self.export_docx())
        self.markdown_button.clicked.connect(lambda: self.export_markdown())
        self.saved_label = QLabel()
        self.saved_label.setObjectName("hint")
        self.saved_label.setWordWrap(True)
        self.saved_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._build_layout()
        self._selected()

    def _build_layout(self) -> None:
        right = QWidget()
        box = QVBoxLayout(right)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.detail, 1)
        box.addWidget(self.meta)
        box.addWidget(self.saved_label)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.word_button)
        buttons.addWidget(self.markdown_button)
        box.addLayout(buttons)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        split.addWidget(right)
        split.setSizes([160, 400])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

    def set_matter(self, matter: str) -> None:
        self.matter = matter
        self.refresh()

    def refresh(self) -> None:
        self.list.clear()
        self.records = []
        try:
            entries = self._ws.audit.entries(matter=self.matter, limit=500) if self.matter else []
        except LetaDeskError:
            entries = []
        for e in entries:
            self.records.append({**e.record, "_hash": e.hash})
            when = e.created_at[:19].replace("T", " ")
            outcome = _disposition(e.record)
            self.list.addTopLevelItem(
                QTreeWidgetItem([when, self._outcome(outcome), e.record.get("question", "")])
            )
        first = self.list.topLevelItem(0)
        if first is not None:
            self.list.setCurrentItem(first)
        self._selected()

    def _outcome(self, disposition: str) -> str:
        return {
            "answered": self.tr("answered"),
            "refused": self.tr("refused"),
            "failed": self.tr("failed"),
            "cancelled": self.tr("cancelled"),
        }.get(disposition, disposition)

    def select_record(self, audit_id: str) -> bool:
        """Select the record ``audit_id`` in the list; whether it is there."""
        for row, record in enumerate(self.records):
            item = self.list.topLevelItem(row)
            if str(record.get("id")) == audit_id and item is not None:
                self.list.setCurrentItem(item)
                return True
        return False

    def current_record(self) -> dict[str, Any] | None:
        item = self.list.currentItem()
        row = self.list.indexOfTopLevelItem(item) if item is not None else -1
        return self.records[row] if 0 <= row < len(self.records) else None

    def exportable(self) -> dict[str, Any] | None:
        """The selected record when it holds an answer or a refusal to write up (not one
        of a question cancelled or failed)."""
        record = self.current_record()
        done = record is not None and _disposition(record) in ("answered", "refused")
        return record if done else None

    def _selected(self, *_: object) -> None:
        record = self.current_record()
        self.saved_label.clear()
        for b in (self.word_button, self.markdown_button):
            b.setEnabled(self.exportable() is not None)
        if record is None:
            self.detail.show_message(self.tr("No questions asked in this matter yet."))
            self.meta.clear()
            return
        self.detail.show_answer(answer_from_record(record))
        self.meta.setText(
            self.tr("Record {id} · model: {model} · as of: {as_of} · hash {hash}").format(
                id=record.get("id", ""),
                model=record.get("model") or self.tr("none (extracted)"),
                as_of=record.get("as_of") or self.tr("none (every version)"),
                hash=record["_hash"][:16],
            )
        )

    def _target(self, suffix: str, title: str) -> Path | None:
        record = self.current_record() or {}
        path, _ = QFileDialog.getSaveFileName(
            self, title, memo_file_name(record, suffix), f"*{suffix}"
        )
        return Path(path) if path else None

    def _saved(self, target: Path) -> Path:
        """Say where the memo went (the status bar shows it too)."""
        self.saved_label.setText(self.tr("Memo saved: {path}").format(path=str(target)))
        self.exported.emit(str(target))
        return target

    def export_markdown(self, path: str | Path | None = None) -> Path | None:
        record = self.exportable()
        if record is None:
            return None
        target = Path(path) if path else self._target(".md", self.tr("Export memo"))
        if record is None or target is None:
            return None
        try:
            memo = memo_markdown(memo_input(record), language=self._ws.settings.language)
            target.write_text(memo, encoding="utf-8")
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Export memo"), str(exc))
            return None
        return self._saved(target)

    def export_docx(self, path: str | Path | None = None) -> Path | None:
        record = self.exportable()
        if record is None:
            return None
        target = Path(path) if path else self._target(".docx", self.tr("Export memo"))
        if record is None or target is None:
            return None
        try:
            language = self._ws.settings.language
            return self._saved(write_memo_docx(memo_input(record), target, language=language))
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Export memo"), str(exc))
            return None


def _disposition(record: dict[str, Any]) -> str:
    return str(record.get("final", {}).get("disposition", ""))
