"""The source of a citation: the PDF page with the quote highlighted, or the document
text with the cited ``[start, end)`` span highlighted and scrolled into view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from letadesk.domain import Document
from letadesk.errors import LetaDeskError
from letadesk.workspace import Workspace

Rect = tuple[float, float, float, float]
HIGHLIGHT = QColor(255, 214, 0, 110)
TEXT_HIGHLIGHT = QColor("#ffe680")


def utf16_offset(text: str, index: int) -> int:
    """Qt text positions count UTF-16 code units; Python counts code points."""
    return len(text[:index].encode("utf-16-le")) // 2


def _find_rects(ws: Workspace, doc: Document, page: int, quote: str) -> list[Rect]:
    """The quote's rectangles; when the whole quote is not found (hyphenation, a line
    break inside), its opening words."""
    words = quote.split()
    for n in (len(words), 12, 6):
        if n <= len(words) and n > 0:
            rects = ws.quote_rects(doc, page, " ".join(words[:n]))
            if rects:
                return rects
    return []


class SourceViewer(QWidget):
    MIN_ZOOM, MAX_ZOOM = 0.75, 3.0

    def __init__(self, ws: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ws = ws
        self.document: Document | None = None
        self.mode = ""  # "pdf" | "text" | ""
        self.current_page = 0
        self.page_count = 0
        self.highlight_rects: list[Rect] = []  # PDF points, on ``_highlight_page``
        self.selection_range: tuple[int, int] | None = None  # document text offsets
        self._highlight_page = 0
        self.zoom = 1.5  # pixels per PDF point; fitted to the viewer's width per page
        self._ref: dict[str, Any] = {}
        self.header = QLabel(self.tr("Click a source chip to see the cited passage."))
        self.header.setObjectName("viewerHeader")
        self.header.setWordWrap(True)
        self.page_image = QLabel()
        self.page_image.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.page_scroll = QScrollArea()
        self.page_scroll.setWidget(self.page_image)
        self.page_scroll.setWidgetResizable(True)
        self.text_view = QPlainTextEdit()
        self.text_view.setReadOnly(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.page_scroll)
        self.stack.addWidget(self.text_view)
        self._build_layout()

    def _build_layout(self) -> None:
        self.prev_button = QPushButton("\u25c0")
        self.next_button = QPushButton("\u25b6")
        self.prev_button.setToolTip(self.tr("Previous page"))
        self.next_button.setToolTip(self.tr("Next page"))
        self.prev_button.clicked.connect(lambda: self.show_page(self.current_page - 1))
        self.next_button.clicked.connect(lambda: self.show_page(self.current_page + 1))
        self.page_label = QLabel()
        nav = QHBoxLayout()
        nav.addWidget(self.prev_button)
        nav.addWidget(self.page_label)
        nav.addWidget(self.next_button)
        nav.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.header)
        layout.addLayout(nav)
        layout.addWidget(self.stack, 1)
        self._update_nav()

    # ---- entry points -----------------------------------------------------------------

    def show_source(self, ref: dict[str, Any]) -> None:
        """Open the cited document at the citation, highlighted."""
        try:
            doc = self._ws.document(str(ref["document_id"]))
        except LetaDeskError as exc:
            self.header.setText(str(exc))
            return
        self._ref = ref
        self.document = doc
        self._set_header(ref)
        if doc.kind == "pdf" and Path(doc.path).is_file():
            self._open_pdf(doc, int(ref.get("page") or 1), str(ref.get("quote", "")))
        else:
            self._open_text(doc, int(ref["start"]), int(ref["end"]))

    def show_document(self, document_id: int) -> None:
        """Open a document at its beginning, without a highlight."""
        doc = self._ws.document(str(document_id))
        self.show_source(
            {
                "document_id": doc.id,
                "document": doc.title,
                "page": 1,
                "page_label": "",
                "locator": "",
                "quote": "",
                "start": 0,
                "end": 0,
            }
        )

    def _set_header(self, ref: dict[str, Any]) -> None:
        parts = [f"<b>{_escape(str(ref.get('document', '')))}</b>"]
        if ref.get("page_label"):
            parts.append(self.tr("p. {label}").format(label=_escape(str(ref["page_label"]))))
        if ref.get("locator"):
            parts.append(_escape(str(ref["locator"])))
        self.header.setText(" · ".join(parts))

    # ---- PDF --------------------------------------------------------------------------

    def _open_pdf(self, doc: Document, page: int, quote: str) -> None:
        self.mode = "pdf"
        self.selection_range = None
        self.page_count = len(self._ws.pages(doc)) or 1
        self._highlight_page = page
        self.highlight_rects = _find_rects(self._ws, doc, page, quote) if quote.strip() else []
        self.stack.setCurrentWidget(self.page_scroll)
        self.show_page(page)

    def show_page(self, page: int) -> None:
        if self.mode != "pdf" or self.document is None or not 1 <= page <= self.page_count:
            return
        self.current_page = page
        pixmap = self._render(self.document, page)
        if page == self._highlight_page and self.highlight_rects:
            self._paint_rects(pixmap, self.highlight_rects)
        self.page_image.setPixmap(pixmap)
        self._update_nav()
        self._scroll_to_highlight()

    def _render(self, doc: Document, page: int) -> QPixmap:
        """The page at the zoom that fits the viewer's width."""
        pixmap = QPixmap()
        pixmap.loadFromData(self._ws.page_image(doc, page, zoom=self.zoom), "PNG")
        width_pt = pixmap.width() / self.zoom
        room = self.page_scroll.viewport().width() - 24
        fit = min(self.MAX_ZOOM, max(self.MIN_ZOOM, room / width_pt)) if width_pt else 1.5
        if abs(fit - self.zoom) > 0.02:
            self.zoom = fit
            pixmap.loadFromData(self._ws.page_image(doc, page, zoom=fit), "PNG")
        return pixmap

    def _paint_rects(self, pixmap: QPixmap, rects: list[Rect]) -> None:
        painter = QPainter(pixmap)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Multiply)
        for x0, y0, x1, y1 in rects:
            z = self.zoom
            painter.fillRect(QRectF(x0 * z, y0 * z, (x1 - x0) * z, (y1 - y0) * z), HIGHLIGHT)
        painter.end()

    def _scroll_to_highlight(self) -> None:
        if self.current_page == self._highlight_page and self.highlight_rects:
            y = int(self.highlight_rects[0][1] * self.zoom)
            self.page_scroll.verticalScrollBar().setValue(max(0, y - 80))
            self.page_scroll.horizontalScrollBar().setValue(0)
        else:
            self.page_scroll.verticalScrollBar().setValue(0)

    def _update_nav(self) -> None:
        pdf = self.mode == "pdf"
        for w in (self.prev_button, self.next_button, self.page_label):
            w.setVisible(pdf)
        if pdf:
            self.page_label.setText(
                self.tr("Page {n} of {total}").format(n=self.current_page, total=self.page_count)
            )
            self.prev_button.setEnabled(self.current_page > 1)
            self.next_button.setEnabled(self.current_page < self.page_count)

    # ---- text -------------------------------------------------------------------------

    def _open_text(self, doc: Document, start: int, end: int) -> None:
        self.mode = "text"
        self.highlight_rects = []
        text = self._ws.text(doc)
        shown = text.replace("\r\n", " \n").replace("\r", "\n").replace("\f", "\n")
        self.text_view.setPlainText(shown)
        self.stack.setCurrentWidget(self.text_view)
        pages = self._ws.pages(doc)
        self.page_count = len(pages)
        self.current_page = next((p.number for p in pages if p.start <= start < p.end), 1)
        self._update_nav()
        self.selection_range = (start, end) if end > start else None
        self._highlight_text(shown, start, end)

    def _highlight_text(self, text: str, start: int, end: int) -> None:
        if end <= start:
            self.text_view.setExtraSelections([])
            self.text_view.moveCursor(QTextCursor.MoveOperation.Start)
            return
        cursor = QTextCursor(self.text_view.document())
        cursor.setPosition(utf16_offset(text, start))
        cursor.setPosition(utf16_offset(text, end), QTextCursor.MoveMode.KeepAnchor)
        fmt = QTextCharFormat()
        fmt.setBackground(TEXT_HIGHLIGHT)
        selection = QTextEdit.ExtraSelection()
        selection.cursor = cursor
        selection.format = fmt
        self.text_view.setExtraSelections([selection])
        plain = QTextCursor(cursor)
        plain.setPosition(cursor.selectionStart())
        self.text_view.setTextCursor(plain)
        self.text_view.centerCursor()

    def highlighted_text(self) -> str:
        """The text under the highlight in the text view (tests)."""
        selections = self.text_view.extraSelections()
        if not selections:
            return ""
        return selections[0].cursor.selectedText().replace("\u2029", "\n")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
