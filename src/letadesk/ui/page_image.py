"""A PDF page as the viewer shows it: the image, drawn for the screen's pixel ratio, and
where a quote stands on it."""

from __future__ import annotations

from PySide6.QtGui import QPixmap

from letadesk.domain import Document
from letadesk.profile import Profile

Rect = tuple[float, float, float, float]  # PDF points: x0, y0, x1, y1


def page_pixmap(ws: Profile, doc: Document, page: int, zoom: float, ratio: float) -> QPixmap:
    """1-based ``page`` at ``zoom`` logical pixels per PDF point, rendered at ``ratio``
    device pixels per logical pixel (the screen's): sharp at 200% scaling, the same size
    on screen. Painting on it takes logical coordinates."""
    pixmap = QPixmap()
    pixmap.loadFromData(ws.documents.page_image(doc, page, zoom=zoom * ratio), "PNG")
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


def find_rects(ws: Profile, doc: Document, page: int, quote: str) -> list[Rect]:
    """The quote's rectangles; when the whole quote is not found (hyphenation, a line
    break inside), its opening words."""
    words = quote.split()
    for n in (len(words), 12, 6):
        if n <= len(words) and n > 0:
            rects = ws.documents.quote_rects(doc, page, " ".join(words[:n]))
            if rects:
                return rects
    return []
