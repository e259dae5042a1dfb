"""A source chip: a button whose label is fitted to the width the layout gives it, so a
long document title never widens the answer pane. Only the document's name is elided
(in its middle: the company and the agreement's kind both stay); the number, the page
and the article are kept ("[1] EhaveInc_2019…Agreement.pdf · p. 3 · Section 2"), since
a chip that read "FICT… · p. 1…" had lost what it points to. The full label stays in the
tooltip and in :meth:`Chip.full_text`; ``source`` is the citation it opens."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from letadesk.domain import Citation

MIN_WIDTH = 120


class Chip(QPushButton):
    def __init__(
        self,
        text: str,
        source: Citation,
        parent: QWidget | None = None,
        *,
        name: str = "",
    ) -> None:
        """``text``: the whole label; ``name``: the part of it that may be elided (the
        document's name; the whole label is elided when it is not in ``text``)."""
        super().__init__(text, parent)
        self.source = source
        self._full = text
        at = text.find(name) if name else -1
        self._head, self._name, self._tail = (
            (text[:at], name, text[at + len(name) :]) if at >= 0 else ("", text, "")
        )
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
        metrics = self.fontMetrics()
        room = max(10, self.width() - self._padding())
        if metrics.horizontalAdvance(self._full) <= room:
            shown = self._full
        else:
            kept = metrics.horizontalAdvance(self._head + self._tail)
            if room - kept >= metrics.horizontalAdvance("M…M"):
                name = metrics.elidedText(self._name, Qt.TextElideMode.ElideMiddle, room - kept)
                shown = self._head + name + self._tail
            else:  # too narrow even for the page and article: what fits
                shown = metrics.elidedText(self._full, Qt.TextElideMode.ElideRight, room)
        if shown != self.text():
            self.setText(shown)
