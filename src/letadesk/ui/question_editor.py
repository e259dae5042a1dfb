"""The review grid's questions, picked and edited in the window: tick the questions to ask
(columns), edit a question's wording in place, add one's own, remove, reorder, and save
the set as a template file for the next matter (:mod:`letadesk.review.templates`).

What the dialog returns goes through the template parser's own checks (length, no
question twice, at most ``MAX_QUESTIONS``), so a set picked here is exactly one that a
template file could hold."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from letadesk.errors import LetaDeskError
from letadesk.review.templates import Question, parse_template, save_template

_LABEL = Qt.ItemDataRole.UserRole  # the template's short label, kept while unedited
_ASKED = Qt.ItemDataRole.UserRole + 1  # the question as the template had it


class QuestionEditor(QDialog):
    def __init__(self, questions: list[Question], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Questions of the grid"))
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setDragDropMode(QListWidget.DragDropMode.InternalMove)
        for q in questions:
            self._append(q.question, q.label)
        self.new_question = QLineEdit()
        self.new_question.setPlaceholderText(self.tr("A question of your own…"))
        self.new_question.returnPressed.connect(lambda: self.add_question())
        self.picked: list[Question] = []  # what OK accepted, checked
        self.error = QLabel()
        self.error.setObjectName("hint")
        self.error.setWordWrap(True)
        self._lay_out()

    def _lay_out(self) -> None:
        add = QPushButton(self.tr("Add"))
        add.clicked.connect(lambda: self.add_question())
        remove = QPushButton(self.tr("Remove"))
        remove.clicked.connect(self.remove_selected)
        save = QPushButton(self.tr("Save as template…"))
        save.clicked.connect(lambda: self.save_as())
        row = QHBoxLayout()
        row.addWidget(self.new_question, 1)
        row.addWidget(add)
        actions = QHBoxLayout()
        actions.addWidget(remove)
        actions.addStretch(1)
        actions.addWidget(save)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        hint = self.tr("Tick the questions to ask; double-click one to reword it; drag to reorder.")
        layout.addWidget(QLabel(hint))
        layout.addWidget(self.list, 1)
        layout.addLayout(row)
        layout.addLayout(actions)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(560, 480)

    def _append(self, question: str, label: str = "") -> QListWidgetItem:
        item = QListWidgetItem(question)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEditable)
        item.setCheckState(Qt.CheckState.Checked)
        item.setData(_LABEL, label)
        item.setData(_ASKED, question)
        self.list.addItem(item)
        return item

    def add_question(self, text: str | None = None) -> bool:
        """Add ``text`` (default: the field's), ticked, at the end; False when blank."""
        question = (self.new_question.text() if text is None else text).strip()
        if not question:
            return False
        self._append(question)
        self.new_question.clear()
        return True

    def remove_selected(self) -> None:
        for item in self.list.selectedItems():
            self.list.takeItem(self.list.row(item))

    def chosen(self, *, ticked_only: bool = True) -> list[Question]:
        """The questions in the list's order (the ticked ones by default), checked as a
        template file would be; a ConfigError says what is wrong."""
        rows = []
        for i in range(self.list.count()):
            item = self.list.item(i)
            if ticked_only and item.checkState() != Qt.CheckState.Checked:
                continue
            question = item.text().strip()
            unedited = question == item.data(_ASKED)
            rows.append({"label": item.data(_LABEL) if unedited else "", "question": question})
        return parse_template(json.dumps(rows), self.tr("the questions picked"))

    def _accept(self) -> None:
        try:
            self.picked = self.chosen()
        except LetaDeskError as exc:
            self.error.setText(str(exc))
            return
        self.accept()

    def save_as(self, path: Path | None = None) -> Path | None:
        """Write every question in the list (ticked or not) to a template file: ``path``,
        else one the lawyer picks; the path written, None when cancelled or refused."""
        if path is None:
            name, _ = QFileDialog.getSaveFileName(
                self, self.tr("Save the questions as a template"), "", self.tr("JSON (*.json)")
            )
            if not name:
                return None
            path = Path(name)
        try:
            save_template(path, self.chosen(ticked_only=False))
        except LetaDeskError as exc:
            self.error.setText(str(exc))
            return None
        self.error.setText(self.tr("Saved: {path}").format(path=path))
        return path
