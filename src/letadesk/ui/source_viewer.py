"""The source of a citation: the PDF page with the quote highlighted, or the document
text with the cited ``[start, end)`` span highlighted and scrolled into view.

A lawyer works in it: zoom (fit to width by default, re-fitted when the pane is
resized), find in the document (each match on its page, highlighted), and a text view of
a PDF whose words can be selected and copied. It opens at a
:class:`~letadesk.domain.Citation` (stepping through its claim's citations), or at a
document's beginning. A matter switch clears it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QRectF, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QGuiApplication,
    QPainter,
    QPixmap,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QStackedWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from letadesk.answer.record import citation_json
from letadesk.domain import Citation, Document
from letadesk.errors import LetaDeskError
from letadesk.export.citation_text import conventional_citation, quote_with_citation
from letadesk.profile import Profile
from letadesk.ui.page_image import Rect, find_rects, page_pixmap
from letadesk.ui.text_find import all_matches, hit_lines, next_match, page_at, utf16_offset
from letadesk.ui.text_fit import plain_label, plain_tip
from letadesk.ui.viewer_toolbar import ViewerToolbar

HIGHLIGHT = QColor(255, 214, 0, 110)
TEXT_HIGHLIGHT = QColor("#ffe680")


class SourceViewer(QWidget):
    MIN_ZOOM, MAX_ZOOM = 0.5, 4.0

    def __init__(self, ws: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ws = ws
        self.document: Document | None = None
        self.mode = ""  # "pdf" | "text" | ""
        self.current_page = 0
        self.page_count = 0
        self.highlight_rects: list[Rect] = []  # PDF points, on ``_highlight_page``
        self.selection_range: tuple[int, int] | None = None  # document text offsets
        self._highlight_page = 0
        self.zoom = 1.5  # pixels per PDF point
        self.fit_width = True  # the zoom follows the viewer's width until zoomed by hand
        self.find_range: tuple[int, int] | None = None  # the last match, text offsets
        self._cited: Citation | None = None  # what it was opened at
        self._quotes: tuple[Citation, ...] = ()  # the claim's citations, ``_cited`` among them
        self._quote_index = 0
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(120)
        self._refit.timeout.connect(lambda: self.show_page(self.current_page))
        self.header = plain_label(self._placeholder())  # the document's title
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
        self.toolbar = ViewerToolbar()
        bar = self.toolbar
        bar.page_requested.connect(lambda step: self.show_page(self.current_page + step))
        bar.zoom_requested.connect(self.zoom_by)
        bar.fit_requested.connect(self.fit_to_width)
        bar.text_toggled.connect(self.show_text)
        bar.find_requested.connect(self.find_next)
        bar.find_edited.connect(self._find_edited)
        bar.copy_requested.connect(self.copy_citation)
        bar.quote_requested.connect(self.step_quote)
        bar.open_requested.connect(self.open_externally)
        bar.add_shortcuts(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.header)
        layout.addWidget(bar)
        layout.addWidget(self.stack, 1)
        self._update_nav()

    # ---- entry points -----------------------------------------------------------------

    def show_source(
        self, citation: Citation, quotes: Sequence[Citation] = (), index: int = 0
    ) -> None:
        """Open the cited document at ``citation``, highlighted; ``quotes`` are its claim's
        citations (``citation`` the ``index``-th of them), to step through."""
        try:
            doc = self._ws.documents.find(str(citation.document_id))
        except LetaDeskError as exc:
            self.header.setText(str(exc))
            return
        self._open(doc, citation, tuple(quotes) or (citation,), index)

    def show_document(self, document_id: int) -> None:
        """Open a document at its beginning, without a highlight."""
        self._open(self._ws.documents.find(str(document_id)), None, (), 0)

    def _open(
        self, doc: Document, cited: Citation | None, quotes: tuple[Citation, ...], index: int
    ) -> None:
        self._cited, self._quotes, self._quote_index = cited, quotes, index
        if doc != self.document:
            self._find_edited()
        self.document = doc
        self._set_header(doc, cited)
        self.toolbar.set_text_checked(False)
        if _has_pdf(doc):
            self._open_pdf(doc, cited.page if cited else 1, self._quote())
        else:
            self._open_text(doc, cited.start if cited else 0, cited.end if cited else 0)

    def clear(self) -> None:
        """Back to the empty viewer (on a matter switch: no document of another matter
        stays on screen)."""
        self.document, self.mode = None, ""
        self._cited, self._quotes, self._quote_index = None, (), 0
        self.highlight_rects = []
        self.selection_range = self.find_range = None
        self.current_page = self.page_count = 0
        self.page_image.clear()
        self.text_view.clear()
        self.toolbar.find_field.clear()
        self.toolbar.set_text_checked(False)
        self.header.setText(self._placeholder())
        self._update_nav()

    def _placeholder(self) -> str:
        return self.tr("Click a source chip to see the cited passage.")

    def _set_header(self, doc: Document, cited: Citation | None) -> None:
        parts = [f"<b>{_escape(cited.document if cited else doc.title)}</b>"]
        if cited and cited.page_label:
            parts.append(self.tr("p. {label}").format(label=_escape(cited.page_label)))
        if cited and cited.locator:
            parts.append(_escape(cited.locator))
        self.header.setText(" · ".join(parts))

    def _quote(self) -> str:  # the quote it was opened at, "" when none
        return self._cited.quote if self._cited else ""

    # ---- PDF --------------------------------------------------------------------------

    def _open_pdf(self, doc: Document, page: int, quote: str) -> None:
        self.mode = "pdf"
        self.selection_range = None
        self.page_count = len(self._ws.documents.pages(doc)) or 1
        self._highlight_page = page
        self.highlight_rects = find_rects(self._ws, doc, page, quote) if quote.strip() else []
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
        """The page at the zoom chosen, or at the zoom that fits the viewer's width."""
        pixmap = page_pixmap(self._ws, doc, page, self.zoom, self.devicePixelRatioF())
        if not self.fit_width:
            return pixmap
        width_pt = pixmap.deviceIndependentSize().width() / self.zoom
        room = self.page_scroll.viewport().width() - 24
        fit = min(self.MAX_ZOOM, max(self.MIN_ZOOM, room / width_pt)) if width_pt else 1.5
        if abs(fit - self.zoom) > 0.02:
            self.zoom = fit
            pixmap = page_pixmap(self._ws, doc, page, fit, self.devicePixelRatioF())
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
        self.toolbar.update_state(
            mode=self.mode,
            page=self.current_page,
            pages=self.page_count,
            zoom=self.zoom,
            shown=self.document is not None,
            pdf_file=self.document is not None and _has_pdf(self.document),
            cited=bool(self._quote().strip()),
            quote=(self._quote_index + 1, len(self._quotes)),
        )

    def step_quote(self, step: int) -> None:
        """The claim's next (+1) or previous (-1) quote, highlighted, wrapping."""
        quotes = self._quotes
        if len(quotes) < 2:
            return
        index = (self._quote_index + step) % len(quotes)
        self.show_source(quotes[index], quotes, index)

    def copy_citation(self, what: str = "citation") -> str:
        """Put the citation in the conventional form (``what`` "citation"), or the quote
        with it ("quote"), on the clipboard; the text copied ("" with no citation)."""
        if self._cited is None or not self._cited.quote.strip():
            return ""
        source = citation_json(self._cited)
        text = quote_with_citation(source) if what == "quote" else conventional_citation(source)
        QGuiApplication.clipboard().setText(text)
        self.toolbar.show_copied()
        return text

    def open_externally(self) -> bool:
        """The document's file in the system's viewer, at the page on screen for a PDF
        (the ``#page=`` convention most PDF viewers follow)."""
        doc = self.document
        if doc is None or not Path(doc.path).is_file():
            return False
        url = QUrl.fromLocalFile(str(Path(doc.path).resolve()))
        if doc.kind == "pdf" and self.current_page:
            url.setFragment(f"page={self.current_page}")
        return QDesktopServices.openUrl(url)

    # ---- zoom, the text of a PDF, find ---------------------------------------------------

    def zoom_by(self, factor: float) -> None:
        """Zoom the PDF page (which then no longer follows the width), or the text."""
        if self.mode == "text":
            self.text_view.zoomIn(1 if factor > 1 else -1)
        elif self.mode == "pdf":
            self.fit_width = False
            self.zoom = min(self.MAX_ZOOM, max(self.MIN_ZOOM, self.zoom * factor))
            self.show_page(self.current_page)

    def fit_to_width(self) -> None:
        self.fit_width = True
        self.show_page(self.current_page)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.mode == "pdf" and self.fit_width:
            self._refit.start()  # once the resize settles, not at every pixel

    def show_text(self, on: bool) -> None:
        """A PDF's text, selectable, at the page on screen (with the citation highlighted
        when it is on that page); or back to the page image."""
        doc = self.document
        if doc is None or not _has_pdf(doc):
            return
        page = self.current_page
        if not on:
            self._open_pdf(doc, self._highlight_page or page, self._quote())
            self.show_page(page)
            return
        cited = self.selection_range
        pages = self._ws.documents.pages(doc)
        if cited and page_at(pages, cited[0]) == page:
            self._open_text(doc, *cited)
        else:
            at = next((p.start for p in pages if p.number == page), 0)
            self._open_text(doc, at, at, keep_citation=True)
            cursor = QTextCursor(self.text_view.document())
            cursor.setPosition(utf16_offset(self._ws.documents.text(doc), at))
            self.text_view.setTextCursor(cursor)
            self.text_view.centerCursor()
        self.current_page = page

    def _find_edited(self) -> None:
        self.find_range = None
        self.toolbar.find_status.clear()

    def find_next(self, term: str) -> bool:
        """Go to the next match of ``term`` (wrapping), highlighted on its page; whether
        there is one."""
        doc = self.document
        if doc is None or not term.strip():
            return False
        text = self._ws.documents.text(doc)
        found = next_match(text, term, self.find_range[1] if self.find_range else 0)
        status = self.toolbar.find_status
        if found is None:
            self.find_range = None
            status.setText(self.tr("Not found"))
            return False
        self.find_range = found
        pages = self._ws.documents.pages(doc)
        page, hits = page_at(pages, found[0]), all_matches(text, term)
        at = hits.index(found) + 1 if found in hits else 1
        status.setText(self.tr("{i} of {n}, page {p}").format(i=at, n=len(hits), p=page))
        status.setToolTip(plain_tip("\n".join(hit_lines(text, pages, hits[:40]))))
        if self.mode == "pdf":
            self._highlight_page = page
            self.highlight_rects = find_rects(self._ws, doc, page, text[found[0] : found[1]])
            self.show_page(page)
        else:
            self._open_text(doc, *found, keep_citation=True)
        return True

    # ---- text -------------------------------------------------------------------------

    def _open_text(
        self, doc: Document, start: int, end: int, *, keep_citation: bool = False
    ) -> None:
        """The document's text, ``[start, end)`` highlighted: the citation, or (with
        ``keep_citation``) a find match, leaving ``selection_range`` as it was."""
        self.mode = "text"
        self.highlight_rects = []
        text = self._ws.documents.text(doc)
        shown = text.replace("\r\n", " \n").replace("\r", "\n").replace("\f", "\n")
        self.text_view.setPlainText(shown)
        self.stack.setCurrentWidget(self.text_view)
        pages = self._ws.documents.pages(doc)
        self.page_count = len(pages)
        self.current_page = page_at(pages, start)
        self._update_nav()
        if not keep_citation:
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


def _has_pdf(doc: Document) -> bool:
    """Whether the document is a PDF whose file is still there to render."""
    return doc.kind == "pdf" and Path(doc.path).is_file()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
