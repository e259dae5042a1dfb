"""Long names in a narrow pane. A real contract's file name is one unbreakable word of
up to 160 characters ("EhaveInc_20190515_20-F_EX-4.44_11678816_EX-4.44_…"): in a
wrapped label it set the label's least width, and the whole answer was laid out wider
than its pane, the claims cut at the right edge. Two ways out:

* :class:`ElidedLabel`, a one-line title that shows what fits (the middle elided, so the
  company and the agreement's kind both stay) with the full text in its tooltip;
* :func:`breakable`, text for a wrapped label with a break opportunity (an invisible
  zero-width space) inside every long run of characters, after ``_``, ``-``, ``.``…
  and at the latest every :data:`CHUNK` characters.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

ZWSP = "\u200b"
CHUNK = 20  # characters at most between two break opportunities in a long run
_LONG = re.compile(r"\S{" + str(CHUNK + 1) + ",}")
_PUNCT = re.compile(r"([_\-/\\.,;:)\]])(?=\S)")
MIN_WIDTH = 60


def breakable(text: str) -> str:
    """``text`` with a zero-width space inside every run of over :data:`CHUNK`
    non-blank characters (after its punctuation, else every :data:`CHUNK` characters),
    so that a wrapped label can break it; short words are left alone."""
    return _LONG.sub(lambda m: _split_run(m.group(0)), text)


def _split_run(run: str) -> str:
    pieces = _PUNCT.sub(r"\1" + ZWSP, run).split(ZWSP)
    out: list[str] = []
    for piece in pieces:
        out.extend(piece[i : i + CHUNK] for i in range(0, len(piece), CHUNK))
    return ZWSP.join(out)


def plain(text: str) -> str:
    """``text`` without the break opportunities :func:`breakable` added."""
    return text.replace(ZWSP, "")


def plain_label(text: str = "") -> QLabel:
    """A label that shows ``text`` as written. A QLabel reads text that looks like
    markup as rich text: a document's "<span style='font-size:1px'>shall not</span>"
    would show a verbatim quote without its negation. Quotes, claims, reasons, titles
    and names of documents are shown only through plain labels."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def plain_tip(text: str) -> str:
    """``text`` for a tooltip, shown as written: Qt renders a tooltip that looks like
    markup as rich text, so such a text is escaped inside a paragraph that keeps its
    line breaks; any other is left as it is."""
    if not GuiQt.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre-wrap'>{html.escape(text)}</p>"


def wrapped_label(text: str, name: str = "") -> QLabel:
    """A wrapped plain label of ``text`` that never widens its pane (see
    :func:`breakable`)."""
    label = plain_label(breakable(text))
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    return label


class ElidedLabel(QLabel):
    """One line of text shown as far as it fits, its middle elided; the whole text in
    the tooltip and :meth:`full_text`. It asks for its whole width and accepts
    :data:`MIN_WIDTH`."""

    def __init__(
        self,
        text: str,
        parent: QWidget | None = None,
        *,
        mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle,
    ) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a document's title, as written
        self._full = text
        self._mode = mode
        self.setToolTip(plain_tip(text))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(plain_tip(text))
        self.setText(text)
        self.updateGeometry()
        if self.width() > 0:
            self._fit()

    def elided(self) -> bool:
        return self.text() != self._full

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self._full) + margins.left() + margins.right()
        return QSize(width + 4, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(min(MIN_WIDTH, self.sizeHint().width()), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = max(10, self.contentsRect().width() - 4)
        shown = self.fontMetrics().elidedText(self._full, self._mode, room)
        if shown != self.text():
            self.setText(shown)
