"""A source chip: a button whose label is elided to the width the layout gives it, so a
long document title never widens the answer pane (the full label stays in the tooltip
and in :meth:`Chip.full_text`); ``source`` is the citation it opens."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from letadesk.domain import Citation

MIN_WIDTH = 120


class Chip(QPushButton):
    def __init__(self, text: str, source: Citation, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.source = source
        self._full = text
        # may shrink to minimumSizeHint (a push button's default grows only)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def full_text(self) -> str:
        return self._full

    def _padding(self) -> int:
        """What the button adds around its label's text."""
        return super().sizeHint().width() - self.fontMetrics().horizontalAdvance(self.text())

    def sizeHint(self) -> QSize:
        """The size of the whole label, whatever is shown now."""
        hint = super().sizeHint()
        return QSize(
            self._padding() + self.fontMetrics().horizontalAdvance(self._full), hint.height()
        )

    def minimumSizeHint(self) -> QSize:
        return QSize(min(MIN_WIDTH, self.sizeHint().width()), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        room = max(10, self.width() - self._padding())
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, room)
        if shown != self.text():
            self.setText(shown)
