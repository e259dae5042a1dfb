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
        optional: str = "",
    ) -> None:
        """``text``: the whole label; ``name``: the part of it that may be elided (the
        document's name; the whole label is elided when it is not in ``text``);
        ``optional``: its end that may be dropped first when room is short (the stale
        and unverified marks, which the claim's badges say too)."""
        super().__init__(text, parent)
        self.source = source
        self._full = text
        at = text.find(name) if name else -1
        self._head, self._name, self._tail = (
            (text[:at], name, text[at + len(name) :]) if at >= 0 else ("", text, "")
        )
        self._optional = optional if optional and self._tail.endswith(optional) else ""
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

    def _fitted(self, room: int) -> str:
        """The label in ``room`` pixels: the name elided in its middle; then without the
        optional end; then what fits, cut at its right."""
        metrics = self.fontMetrics()
        least = metrics.horizontalAdvance("MMM…M")
        tails = [self._tail]
        if self._optional:
            tails.append(self._tail[: -len(self._optional)])
        for tail in tails:
            left = room - metrics.horizontalAdvance(self._head + tail)
            if left >= least:
                name = metrics.elidedText(self._name, Qt.TextElideMode.ElideMiddle, left)
                return self._head + name + tail
        label = self._head + "…" + tails[-1]
        return metrics.elidedText(label, Qt.TextElideMode.ElideRight, room)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        metrics = self.fontMetrics()
        room = max(10, self.width() - self._padding())
        shown = self._full
        if metrics.horizontalAdvance(self._full) > room:
            shown = self._fitted(room)
        if shown != self.text():
            self.setText(shown)
