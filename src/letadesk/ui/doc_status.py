"""What the documents table says about each document, including its currency: whether
its file changed or disappeared since indexing (:mod:`letadesk.ingest.currency`)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from letadesk.domain import Document, DocumentStatus, Page, PageMethod, SourceState
from letadesk.ui.failure_reasons import translated_reason


@dataclass(frozen=True, slots=True)
class DocRow:
    document: Document
    # "indexed" | "pending" | "failed" | "duplicate" | "retired" | "stale" | "missing"
    status: str
    label: str  # translated status
    detail: str  # failure reason, OCR summary, duplicate note
    pages: int
    ocr_pages: int


def _status_detail(doc: Document) -> str:
    if doc.status == DocumentStatus.FAILED:
        return translated_reason(doc.failure_reason)
    if doc.status == DocumentStatus.DUPLICATE:
        return QCoreApplication.translate("DocumentsPanel", "same content as document {id}").format(
            id=doc.duplicate_of
        )
    if doc.status == DocumentStatus.RETIRED:
        return QCoreApplication.translate("DocumentsPanel", "file removed from the folder")
    return ""


def describe(doc: Document, pages: list[Page], pending: int = 0) -> DocRow:
    """``pending``: how many of the document's passages are not yet in the index (a
    cancelled add stopped their indexing); such a document is "pending", not "indexed"."""
    ocr = sum(1 for p in pages if p.method == PageMethod.OCR)
    blank = sum(1 for p in pages if p.method == PageMethod.NO_TEXT)
    status, notes = str(doc.status), [_status_detail(doc)]
    if doc.status == DocumentStatus.INDEXED and pending:
        status = "pending"
        notes.append(
            QCoreApplication.translate(
                "DocumentsPanel", "{n} passage(s) not yet indexed; the next add resumes them"
            ).format(n=pending)
        )
    if ocr:
        notes.append(
            QCoreApplication.translate("DocumentsPanel", "{n} page(s) read by OCR").format(n=ocr)
        )
    if blank:
        notes.append(
            QCoreApplication.translate("DocumentsPanel", "{n} page(s) without text").format(n=blank)
        )
    if doc.source_state == SourceState.CHANGED:
        status = "stale"
        notes.insert(
            0,
            QCoreApplication.translate(
                "DocumentsPanel", "changed on disk since indexing; add it again to refresh"
            ),
        )
    elif doc.source_state == SourceState.MISSING:
        status = "missing"
        notes.insert(
            0, QCoreApplication.translate("DocumentsPanel", "file no longer found on disk")
        )
    detail = "; ".join(filter(None, notes))
    return DocRow(doc, status, status_label(status), detail, len(pages), ocr)


def status_label(status: str) -> str:
    labels = {
        "indexed": QCoreApplication.translate("DocumentsPanel", "Indexed"),
        "pending": QCoreApplication.translate("DocumentsPanel", "Partly indexed"),
        "failed": QCoreApplication.translate("DocumentsPanel", "Failed"),
        "duplicate": QCoreApplication.translate("DocumentsPanel", "Duplicate"),
        "retired": QCoreApplication.translate("DocumentsPanel", "Retired"),
        "stale": QCoreApplication.translate("DocumentsPanel", "Stale"),
        "missing": QCoreApplication.translate("DocumentsPanel", "Missing"),
    }
    return labels.get(status, status)
