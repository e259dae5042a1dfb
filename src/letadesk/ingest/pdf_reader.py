"""PDF reading with PyMuPDF (the only ingest module that imports it), OCR via Tesseract.

Promises of :func:`read_pdf`:

* the document text is the NFC-normalised text of every page, pages separated by a
  form feed ``"\\f"``; each :class:`ParsedPage` holds the ``[start, end)`` span of its
  own text (separators excluded), its printed label (the number when it has none)
  and how the text was obtained;
* pages with no text layer (or a few characters over an image) are OCR'd with
  Tesseract (``ron+eng``, 300 dpi) when it is installed: method ``OCR``; when it is
  not, method ``NO_TEXT`` with note "no text layer, OCR unavailable";
* encrypted, corrupt or truncated files and files with no extractable text anywhere
  raise :class:`IngestError` with a reason a person can act on.

The returned document has no fragments and no language yet: ``readers.read_document``
adds them.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re
import shutil
from pathlib import Path

import pymupdf

from letadesk.domain import DocumentKind, PageMethod, ParsedDocument, ParsedPage
from letadesk.errors import IngestError
from letadesk.text import nfc

__all__ = ["ocr_available", "quote_rects", "read_pdf", "render_page_png"]

log = logging.getLogger(__name__)

PAGE_SEPARATOR = "\f"
_TEXT_FLAGS = (
    pymupdf.TEXT_PRESERVE_WHITESPACE
    | pymupdf.TEXT_MEDIABOX_CLIP
    | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE
)  # ligatures expanded: "fi", not "ﬁ"
_NEARLY_EMPTY = 20  # characters: below this, a page with images is treated as scanned
_OCR_DPI = 300
_VECTOR_TEXT = 50  # drawings on an empty page: below this it is blank (rules, borders)
_CONTROL = re.compile("[\x00-\x08\x0b\x0d-\x1f\x7f]")


@functools.cache
def _tessdata() -> tuple[str, str] | None:
    """(tessdata folder, language string) when Tesseract can be used, else None."""
    if shutil.which("tesseract") is None:
        return None
    candidates = [os.environ.get("TESSDATA_PREFIX", "")]
    with contextlib.suppress(Exception):  # PyMuPDF raises when it finds no tessdata
        candidates.append(pymupdf.get_tessdata() or "")
    for folder in filter(None, candidates):
        path = Path(folder)
        if (path / "eng.traineddata").is_file():
            langs = "ron+eng" if (path / "ron.traineddata").is_file() else "eng"
            return str(path), langs
    return None


def ocr_available() -> bool:
    """True when Tesseract and its English language data are installed."""
    return _tessdata() is not None


def _ends_with_eof(path: Path) -> bool:
    with path.open("rb") as handle:
        handle.seek(0, os.SEEK_END)
        handle.seek(max(0, handle.tell() - 2048))
        return b"%%EOF" in handle.read()


def _open(path: Path) -> pymupdf.Document:
    """Open a PDF for reading; IngestError when corrupt, truncated, encrypted or empty.
    MuPDF silently repairs damaged files; a repaired file that was cut short is
    rejected, because pages would be missing without anyone noticing."""
    try:
        doc = pymupdf.open(path, filetype="pdf")
    except Exception as exc:
        raise IngestError(str(path), f"corrupt or unreadable PDF ({exc})") from exc
    if doc.is_repaired and not _ends_with_eof(path):
        doc.close()
        raise IngestError(str(path), "truncated PDF (the file ends before %%EOF)")
    if doc.needs_pass:
        doc.close()
        raise IngestError(str(path), "encrypted PDF (password required)")
    if doc.page_count == 0:
        doc.close()
        raise IngestError(str(path), "PDF has no pages")
    return doc


def _ocr_text(page: pymupdf.Page) -> str:
    tess = _tessdata()
    if tess is None:
        return ""
    folder, langs = tess
    textpage = page.get_textpage_ocr(
        flags=_TEXT_FLAGS, language=langs, dpi=_OCR_DPI, full=True, tessdata=folder
    )
    return str(page.get_text("text", textpage=textpage, flags=_TEXT_FLAGS))


def _page_text(page: pymupdf.Page) -> tuple[str, PageMethod, str]:
    """The text of one page, how it was obtained and a note for people."""
    text = str(page.get_text("text", flags=_TEXT_FLAGS))
    stripped = len(text.strip())
    if stripped >= _NEARLY_EMPTY:
        return text, PageMethod.TEXT_LAYER, ""
    has_images = bool(page.get_images(full=False))
    if stripped and not has_images:
        return text, PageMethod.TEXT_LAYER, ""
    if not has_images and len(page.get_drawings()) < _VECTOR_TEXT:
        return (
            text,
            (PageMethod.TEXT_LAYER if stripped else PageMethod.NO_TEXT),
            ("" if stripped else "blank page"),
        )
    if not ocr_available():
        return text, PageMethod.NO_TEXT, "no text layer, OCR unavailable"
    try:
        ocr = _ocr_text(page)
    except Exception as exc:
        return text, PageMethod.NO_TEXT, f"no text layer, OCR failed ({exc})"
    if len(ocr.strip()) > stripped:
        return ocr, PageMethod.OCR, "OCR"
    return text, PageMethod.NO_TEXT, "no text layer, OCR found no text"


def _label(page: pymupdf.Page) -> str:
    """The page's printed label, its number when it has none. PyMuPDF's lookup raises
    IndexError for a page before the first labelled range, ValueError for a malformed
    rule (a ``/St`` that is not a number) and MuPDF's FzErrorBase for a broken object:
    logged, and the number is used. Any other exception is a bug and is not hidden."""
    try:
        label = page.get_label()
    except (IndexError, ValueError, pymupdf.mupdf.FzErrorBase) as exc:
        log.info(
            "%s: page %d has no usable label (%s: %s); its number is used",
            page.parent.name,
            page.number + 1,
            type(exc).__name__,
            exc,
        )
        label = ""
    return str(label) if label else str(page.number + 1)


def read_pdf(path: Path) -> ParsedDocument:
    """Read a PDF file page by page (see module doc for the promises)."""
    doc = _open(path)
    parts: list[str] = []
    pages: list[ParsedPage] = []
    pos = 0
    try:
        title = str((doc.metadata or {}).get("title") or "").strip()
        for index in range(doc.page_count):
            page = doc[index]
            raw, method, note = _page_text(page)
            text = _CONTROL.sub(" ", nfc(raw))
            if parts:
                parts.append(PAGE_SEPARATOR)
                pos += len(PAGE_SEPARATOR)
            parts.append(text)
            pages.append(
                ParsedPage(
                    number=page.number + 1,
                    label=_label(page),
                    start=pos,
                    end=pos + len(text),
                    method=method,
                    note=note,
                )
            )
            pos += len(text)
    except IngestError:
        raise
    except Exception as exc:
        raise IngestError(str(path), f"corrupt or truncated PDF ({exc})") from exc
    finally:
        doc.close()
    full = "".join(parts)
    if not full.strip():
        reason = "no extractable text" + ("" if ocr_available() else " (OCR unavailable)")
        raise IngestError(str(path), reason)
    return ParsedDocument(
        kind=DocumentKind.PDF,
        title=nfc(title) or path.stem,
        text=full,
        pages=tuple(pages),
        fragments=(),
        language="",
    )


def quote_rects(
    pdf_path: Path, page_number: int, quote: str
) -> list[tuple[float, float, float, float]]:
    """Rectangles (x0, y0, x1, y1, PDF points) covering ``quote`` on 1-based page
    ``page_number``, for highlighting in the viewer; empty when not found there."""
    doc = _open(Path(pdf_path))
    try:
        if not 1 <= page_number <= doc.page_count or not quote.strip():
            return []
        page = doc[page_number - 1]
        hits = page.search_for(quote)
        if not hits:
            hits = page.search_for(" ".join(quote.split()))
        return [(float(r.x0), float(r.y0), float(r.x1), float(r.y1)) for r in hits]
    finally:
        doc.close()


def render_page_png(pdf_path: Path, page_number: int, zoom: float = 1.5) -> bytes:
    """PNG bytes of 1-based page ``page_number`` rendered at ``zoom`` (1.0 = 72 dpi), for
    the viewer; :func:`quote_rects` coordinates times ``zoom`` are pixel coordinates."""
    doc = _open(Path(pdf_path))
    try:
        if not 1 <= page_number <= doc.page_count:
            raise IngestError(
                str(pdf_path), f"no page {page_number} (the document has {doc.page_count})"
            )
        pix = doc[page_number - 1].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False)
        return bytes(pix.tobytes("png"))
    finally:
        doc.close()
