"""OCR of a scanned-style PDF (a page that is only an image of text)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from letadesk.domain import PageMethod
from letadesk.ingest.pdf_reader import ocr_available
from letadesk.ingest.readers import read_document

pytestmark = pytest.mark.skipif(
    not ocr_available(), reason="tesseract (with eng/ron tessdata) is not installed"
)


def make_scanned_pdf(path: Path, text: str) -> Path:
    source = pymupdf.open()
    page = source.new_page()
    page.insert_text((72, 100), text, fontsize=16)
    pixmap = page.get_pixmap(dpi=200)
    source.close()
    scanned = pymupdf.open()
    scanned.new_page().insert_image(pymupdf.Rect(0, 0, 595, 842), pixmap=pixmap)
    scanned.save(path)
    scanned.close()
    return path


def test_scanned_page_is_ocrd(tmp_path: Path) -> None:
    path = make_scanned_pdf(
        tmp_path / "scan.pdf", "Articolul 5\nContractul se incheie in forma scrisa."
    )
    doc = read_document(path)
    page = doc.pages[0]
    assert page.method is PageMethod.OCR and page.note == "OCR"
    assert "Articolul 5" in doc.text and "Contractul" in doc.text
    assert doc.fragments[0].locator == "art. 5"
