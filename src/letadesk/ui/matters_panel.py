"""The list of matters: create, rename, switch, delete (with confirmation)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from letadesk.errors import LetaDeskError
from letadesk.profile import Profile


class MattersPanel(QWidget):
    matter_selected = Signal(str)  # "" when none
    delete_requested = Signal(str)

    def __init__(self, ws: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ws = ws
        self.title = QLabel(self.tr("Matters"))
        self.title.setObjectName("sectionTitle")
        self.list = QListWidget()
        self.list.currentItemChanged.connect(self._changed)
        self.new_button = QPushButton(self.tr("New…"))
        self.rename_button = QPushButton(self.tr("Rename…"))
        self.delete_button = QPushButton(self.tr("Delete"))
        self.new_button.clicked.connect(lambda: self.create_matter())
        self.rename_button.clicked.connect(lambda: self.rename_matter())
        self.delete_button.clicked.connect(lambda: self.delete_matter())
        buttons = QHBoxLayout()
        for b in (self.new_button, self.rename_button, self.delete_button):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)

    def current(self) -> str:
        item = self.list.currentItem()
        return item.text() if item is not None else ""

    def refresh(self, select: str | None = None) -> None:
        keep = select if select is not None else self.current()
        self.list.blockSignals(True)
        self.list.clear()
        for matter in self._ws.matters.all():
            self.list.addItem(QListWidgetItem(matter.name))
        self.list.blockSignals(False)
        matches = self.list.findItems(keep, Qt.MatchFlag.MatchExactly) if keep else []
        row = self.list.row(matches[0]) if matches else (0 if self.list.count() else -1)
        self.list.setCurrentRow(row)
        self.matter_selected.emit(self.current())

    def _changed(self, *_: object) -> None:
        self.matter_selected.emit(self.current())

    def _error(self, exc: Exception) -> None:
        QMessageBox.warning(self, self.tr("LetaDesk"), str(exc))

    def create_matter(self, name: str | None = None) -> None:
        if name is None:
            name, ok = QInputDialog.getText(self, self.tr("New matter"), self.tr("Name:"))
            if not ok:
                return
        name = name.strip()
        if not name:
            return
        try:
            self._ws.matters.create(name)
        except LetaDeskError as exc:
            self._error(exc)
            return
        self.refresh(select=name)

    def rename_matter(self, new_name: str | None = None) -> None:
        old = self.current()
        if not old:
            return
        if new_name is None:
            new_name, ok = QInputDialog.getText(
                self, self.tr("Rename matter"), self.tr("New name:"), text=old
            )
            if not ok:
                return
        new_name = new_name.strip()
        if not new_name or new_name == old:
            return
        try:
            self._ws.matters.rename(old, new_name)
        except LetaDeskError as exc:  # a bad or taken name
            self._error(exc)
            return
        self.refresh(select=new_name)

    def delete_matter(self, confirm: bool = True) -> None:
        name = self.current()
        if not name:
            return
        if confirm:
            answer = QMessageBox.question(
                self,
                self.tr("Delete matter"),
                self.tr(
                    "Delete the matter \u201c{name}\u201d and all its documents from "
                    "LetaDesk? The files on disk are not touched."
                ).format(name=name),
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.delete_requested.emit(name)

    def set_read_only(self, reason: str) -> None:
        """Matters listed, not made, renamed or deleted here (the firm server's)."""
        for button in (self.new_button, self.rename_button, self.delete_button):
            button.setVisible(False)
        self.list.setToolTip(reason)

    def set_locked(self, *, rename: bool, delete: bool) -> None:
        """Disable renaming or deleting the current matter while work on it (or, for
        deleting, any documents work) runs; a new matter can always be made."""
        self.rename_button.setEnabled(not rename)
        self.delete_button.setEnabled(not delete)
